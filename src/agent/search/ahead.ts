// A deep search spread ahead over several decisions, so no decision pays for all of it. When the
// normal search finds no goal at a step where the effort allows a deep search (effort.ts), the
// runner commits to the first few actions of the plan it has (a plan shorter than the window is
// followed by waits in place, so the window is not cut short), and the deep search is rooted at the
// exact state those actions lead to (the engine is deterministic, so it is known now). Each of the
// following decisions follows the commitment and searches one more slice of the normal budget;
// a goal found ends the window as a committed goal plan, and the decision that reaches the root (or
// the last slice) takes the deep search's best plan. Pure and replayable: the search is rooted at a
// state derived from the step's own state and its commitment (history), and a paused search
// resumed by one slice does exactly what a fresh one with the larger budget does, so the in-memory
// cache of paused searches only saves time; on a miss (the lens, another process) it is recomputed.
import { cloneState } from '../../game/serialize.js';
import type { GameState } from '../../game/state.js';
import { nearestGuardDistance, runInPlace } from '../sim.js';
import type { Commitment } from '../schemas.js';
import { chooseEnd, planTo } from './choose.js';
import { actionGroupSize, fingerprintState, toMacro } from './commitment.js';
import { KEY_OF } from '../keys.js';
import { dropPaused, pausedKey, searchGranted } from './paused.js';
import type { Macro, Plan, PlanSearchOptions } from './types.js';

/** Slices of a deep search: its budget in slices of deepSliceTicks. */
const deepSlices = (opts: PlanSearchOptions) => Math.max(1, Math.round((opts.deepBudgetTicks ?? 0) / opts.deepSliceTicks));

/** A deep search's options: the normal ones with its own cap on goal checks (deepGoalChecks). */
export const deepOptions = (opts: PlanSearchOptions): PlanSearchOptions => ({ ...opts, maxGoalChecks: opts.deepGoalChecks });

/** The exact state after pressing each macro's key for its ticks from `root` (as the actions will). */
export function stateAfter(root: GameState, macros: readonly Macro[]): GameState {
  const s = cloneState(root, false);
  for (const m of macros) runInPlace(s, KEY_OF[m.key], m.ticks);
  return s;
}

/**
 * The plan of a step that starts a deep search ahead: the first actions of the normal search's
 * plan (as many as there are slices after this step, one per decision), ending in the exact state
 * the deep search is rooted at. The plan itself stays what the normal search found up to there.
 */
export function startAhead(root: GameState, plan: Plan, opts: PlanSearchOptions): Plan {
  const of = deepSlices(opts);
  let count = 0;
  let groups = 0;
  for (; groups < of - 1 && count < plan.macros.length; groups++) count += actionGroupSize(plan.macros.slice(count));
  let macros = plan.macros.slice(0, count);
  let end = stateAfter(root, macros);
  if (opts.deepHold && groups < of - 1) {
    const hold = holdStill(end, of - 1 - groups);
    macros = [...macros, ...hold.macros];
    end = hold.end;
  }
  const expect = fingerprintState(end);
  const at = `(${end.runner.x},${end.runner.y})`;
  return {
    ...plan,
    macros,
    ticks: macros.reduce((sum, m) => sum + m.ticks, 0),
    endCell: { x: end.runner.x, y: end.runner.y },
    goldGained: root.goldCount - end.goldCount,
    why: `${plan.why}; deep search ahead from ${at} after ${macros.length} moves`,
    // a normal search that ran dry went on with every dig (wideRetry): so does its deep search
    ahead: { expect, slices: 0, of, ...(opts.wideMacros ? { wide: true as const } : {}) },
  };
}

/** Ticks of one wait that holds the runner still: over half the 20 ticks an action groups, so each is a decision of its own. */
export const HOLD_TICKS = 11;
/** The nearest guard (tiles) at which the runner stops holding still. */
const HOLD_GUARD_DISTANCE = 5;

/**
 * Up to `decisions` waits of HOLD_TICKS from `from` while the runner stays in his cell, alive, and
 * no guard comes within HOLD_GUARD_DISTANCE tiles: the decisions a short plan leaves in a deep
 * search's window, spent standing where its plan ended instead of closing the window early.
 */
export function holdStill(from: GameState, decisions: number): { macros: Macro[]; end: GameState } {
  const macros: Macro[] = [];
  let end = from;
  for (let i = 0; i < decisions; i++) {
    const s = cloneState(end, false);
    runInPlace(s, KEY_OF.stop, HOLD_TICKS);
    const near = nearestGuardDistance(s, true);
    const still = s.runner.x === from.runner.x && s.runner.y === from.runner.y && s.runner.xOffset === 0 && s.runner.yOffset === 0;
    if (s.status !== 'running' || !still || (near !== null && near < HOLD_GUARD_DISTANCE)) break;
    macros.push({ kind: 'wait', key: 'stop', ticks: HOLD_TICKS, to: { x: s.runner.x, y: s.runner.y } });
    end = s;
  }
  return { macros, end };
}

/**
 * One decision of a window: the commitment is on course (the caller checked its fingerprint); the
 * deep search rooted at its end runs one more slice. A goal found becomes the plan (the rest of
 * the window, then the way to the goal); else the window's rest is followed while slices remain;
 * at the window's end the deep search's best plan is taken. Null when the commitment does not
 * lead where it said (then the step searches afresh).
 */
export function continueAhead(root: GameState, c: Commitment, normal: PlanSearchOptions): Plan | null {
  const ahead = c.ahead;
  if (!ahead) return null;
  const opts = deepOptions(ahead.wide ? { ...normal, wideMacros: true } : normal);
  const rest = c.rest.map(toMacro);
  const end = stateAfter(root, rest);
  if (fingerprintState(end) !== ahead.expect || (end.status !== 'running' && end.status !== 'start')) return null;
  const key = pausedKey('deep', ahead.expect, opts);
  const slices = ahead.slices + 1;
  const { search, before } = searchGranted(end, key, slices * opts.deepSliceTicks, opts.deepSliceTicks, opts);
  const work = {
    expanded: search.result.expanded - before.expanded,
    simulatedTicks: search.ctx.granted - search.ctx.budget - before.ticks,
    searchedAtTick: root.tick,
    followed: false,
    deepened: true,
  };
  const windowOpen = rest.length > 0 && slices < ahead.of && search.searching;
  if (!search.result.goal && windowOpen) {
    const base = c.why.split('; deep search ahead')[0];
    return {
      mode: c.mode,
      macros: rest,
      goldGained: root.goldCount - end.goldCount,
      ticks: rest.reduce((sum, m) => sum + m.ticks, 0),
      closestGuard: null,
      value: -1,
      finished: false,
      reachesGoal: false,
      endCell: { x: end.runner.x, y: end.runner.y },
      why: `${base}; deep search ahead from (${end.runner.x},${end.runner.y}): ${slices} of ${ahead.of} slices, no goal yet`,
      ...work,
      followed: true,
      searchedAtTick: c.searchedAtTick,
      deepened: false,
      ahead: { ...ahead, slices },
    };
  }
  // the window ends here: the deep search's result is final (its escape may still spend ticks)
  dropPaused(key);
  const spentBefore = search.ctx.granted - search.ctx.budget;
  const chosen = chooseEnd(search, opts, { before: rest });
  if (!chosen) return null;
  work.simulatedTicks += search.ctx.granted - search.ctx.budget - spentBefore;
  return planTo(root, rest, chosen, search, work);
}
