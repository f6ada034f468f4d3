// The fallback goal's longer onward search (fallbackOnwardTicks), spread over the decisions that
// follow its plan, so no decision pays for all of it. The search is rooted at the exact state the
// plan ends in (the goal state itself), so it is known when the plan is found; each decision runs
// one slice (fallbackCheckSliceTicks) while the runner follows the plan's first actions, and the
// verdict arrives before he gets there: a check that runs dry ends the plan (the step searches
// afresh and passes over that goal), one that finds a next goal or outlasts the budget keeps it.
// Pure and replayable: the root is derived from the step's state and its commitment (history),
// and a resumed search equals one run with the whole budget (paused.ts), so the verdict is the one
// a single onward search of fallbackOnwardTicks gives (bestFirst.ts, goesOn).
import type { GameState } from '../../game/state.js';
import type { Commitment } from '../schemas.js';
import { stateAfter } from './ahead.js';
import type { Onward } from './bestFirst.js';
import { actionGroupSize, fingerprintState } from './commitment.js';
import { searchesAheadFrom } from './nextSearch.js';
import { dropPaused, pausedKey, searchGranted } from './paused.js';
import type { Macro, Plan, PlanSearchOptions } from './types.js';

/**
 * The check's own options: those of goesOn's search (a next goal by its own goal test, at most
 * three checked), digging as widely as the search that found the goal (`wide`, carried).
 */
const checkOptions = (opts: PlanSearchOptions, wide: boolean): PlanSearchOptions => {
  const { wideMacros: _, ...rest } = opts;
  return { ...rest, onwardTicks: 0, maxGoalChecks: 3, ...(wide ? { wideMacros: true } : {}) };
};

/** Ticks of each slice (the whole check in one when slicing is off). */
const sliceTicks = (opts: PlanSearchOptions) =>
  opts.fallbackCheckSliceTicks > 0 ? Math.min(opts.fallbackCheckSliceTicks, opts.fallbackOnwardTicks) : opts.fallbackOnwardTicks;

/** How many decisions the check is spread over. */
export const checkSlicesOf = (opts: PlanSearchOptions): number => Math.ceil(opts.fallbackOnwardTicks / sliceTicks(opts));

/** The check's verdict so far: goesOn's, or `pending` while slices remain. */
export type CheckVerdict = Onward | 'pending';

/**
 * The check rooted at `end` (the fallback goal's state, fingerprint `expect`) after `slices`
 * slices: its verdict, and the ticks simulated and nodes expanded by the last slice (the calling
 * decision's share). A finished check is dropped from the paused searches.
 */
export function checkSlices(
  end: GameState,
  expect: string,
  slices: number,
  opts: PlanSearchOptions,
): { verdict: CheckVerdict; ticks: number; expanded: number } {
  const total = opts.fallbackOnwardTicks;
  const granted = Math.min(total, slices * sliceTicks(opts));
  const share = granted - Math.min(total, (slices - 1) * sliceTicks(opts));
  const copts = checkOptions(opts, opts.wideMacros === true);
  const key = pausedKey('check', expect, copts);
  const { search, before } = searchGranted(end, key, granted, share, copts);
  const { goal, exhausted } = search.result;
  const verdict: CheckVerdict = goal ? 'found' : exhausted ? 'dead' : granted >= total ? 'unknown' : 'pending';
  if (verdict !== 'pending') dropPaused(key);
  return { verdict, ticks: search.ctx.granted - search.ctx.budget - before.ticks, expanded: search.result.expanded - before.expanded };
}

/** How many decisions (one action each) `macros` take to play. */
export function decisionsToPlay(macros: readonly Macro[]): number {
  let n = 0;
  for (let i = 0; i < macros.length; n++) i += actionGroupSize(macros.slice(i));
  return n;
}

/**
 * One decision that follows a fallback goal's plan while its check runs: the commitment is on
 * course (the caller checked it). One more slice; `pending` and a kept goal return the plan as
 * followed (a kept goal gets the next goal's search run ahead from here on, as a goal plan does);
 * a check that ran dry returns null: the plan is dropped (so is one whose rest would not lead to
 * the goal state, which an exact engine never does).
 */
export function continueCheck(root: GameState, c: Commitment, followed: Plan, opts: PlanSearchOptions): Plan | null {
  const check = c.check!;
  const end = stateAfter(root, followed.macros);
  if (fingerprintState(end) !== check.expect) return null;
  const slices = check.slices + 1;
  const { verdict, ticks, expanded } = checkSlices(end, check.expect, slices, check.wide ? { ...opts, wideMacros: true } : opts);
  if (verdict === 'dead') return null;
  const why = followed.why.replace(/; its onward search runs on: .*$/, '');
  const work = { ...followed, why, expanded, simulatedTicks: ticks };
  if (verdict === 'pending')
    return { ...work, why: `${why}; its onward search runs on: ${slices} of ${check.of} slices`, check: { ...check, slices } };
  return searchesAheadFrom(end, opts) ? { ...work, next: { expect: check.expect, slices: 0 } } : work;
}
