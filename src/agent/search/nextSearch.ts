// The next goal's search, run ahead while a goal plan is followed: the engine is exact, so the
// state the plan ends in is known when the plan is found, and each decision that follows the plan
// (which needs no search of its own) searches one slice from there. The decision that arrives
// takes that search over and adds its own normal budget, so a goal transition gets the budget of
// every decision spent on the way (up to nextSlices slices) without any decision paying more than
// one slice. Pure: the root is derived from the step's state and its commitment (history), and a
// resumed search is the same as one run with the whole budget (paused.ts), so the lens recomputes
// a step alike. Reads the commitment; writes nothing but the paused-search cache.
import type { GameState } from '../../game/state.js';
import type { Commitment } from '../schemas.js';
import { stateAfter } from './ahead.js';
import type { BestFirst } from './bestFirst.js';
import { fingerprintState } from './commitment.js';
import { dropPaused, pausedKey, searchGranted } from './paused.js';
import type { Macro, Plan, PlanSearchOptions } from './types.js';

/** Whether a next search runs ahead from `end`, where a goal plan ends: it is on, and the level goes on there. */
export const searchesAheadFrom = (end: GameState, opts: PlanSearchOptions): boolean =>
  opts.nextSlices > 0 && opts.nextSliceTicks > 0 && end.status === 'running' && !end.goldComplete;

/** Whether a next search runs ahead of this plan: a goal plan that does not end the level, carried whole. */
export function nextSearchRoot(root: GameState, macros: readonly Macro[], opts: PlanSearchOptions): { expect: string } | null {
  if (opts.nextSlices <= 0 || opts.nextSliceTicks <= 0) return null;
  const end = stateAfter(root, macros);
  return searchesAheadFrom(end, opts) ? { expect: fingerprintState(end) } : null;
}

/**
 * One decision that follows a goal plan: one more slice of the next search, rooted where the rest
 * of the plan ends (no work once it has all its slices, or found its goal). Returns the plan with
 * the slices counted, or the plan as it is when no next search runs ahead of it.
 */
export function followWithNextSearch(root: GameState, c: Commitment, followed: Plan, opts: PlanSearchOptions): Plan {
  const next = c.next;
  if (!next || next.slices >= opts.nextSlices) return next ? { ...followed, next: { ...next } } : followed;
  const end = stateAfter(root, followed.macros);
  // the rest leads where the plan said (it does: the state is the one predicted)
  if (fingerprintState(end) !== next.expect) return followed;
  const slices = next.slices + 1;
  const { search, before } = searchGranted(
    end,
    pausedKey('next', next.expect, opts),
    slices * opts.nextSliceTicks,
    opts.nextSliceTicks,
    opts,
  );
  return {
    ...followed,
    expanded: search.result.expanded - before.expanded,
    simulatedTicks: search.ctx.granted - search.ctx.budget - before.ticks,
    next: { expect: next.expect, slices },
  };
}

/**
 * The decision that arrives where a followed plan ended: the next search run ahead is taken over
 * and given this decision's normal budget (the same as one search of the whole budget from here).
 * Null when no next search ran ahead to this state.
 */
export function arriveWithNextSearch(
  root: GameState,
  c: Commitment | null,
  opts: PlanSearchOptions,
): { search: BestFirst; before: { ticks: number; expanded: number }; slices: number } | null {
  const next = c?.next;
  if (!next || c!.rest.length > 0 || fingerprintState(root) !== next.expect) return null;
  const key = pausedKey('next', next.expect, opts);
  const found = searchGranted(root, key, next.slices * opts.nextSliceTicks + opts.budgetTicks, opts.budgetTicks, opts);
  dropPaused(key);
  return { ...found, slices: next.slices };
}
