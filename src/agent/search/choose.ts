// What a search's result becomes: the end node to follow (a goal that leads on, else the first
// that held out, else the closest partial plan that holds out, else the best escape from the
// guards; with trapChecks, a partial plan or escape that leads nowhere only when all do) and the
// Plan handed to the planned route. Shared by the search of one decision (planSearch.ts) and the
// deep search spread ahead over several (ahead.ts). Runs the survival checks and the escape beam
// (charged to the search's budget).
import type { GameState } from '../../game/state.js';
import { UNREACHABLE } from '../nav.js';
import { goesOn, leadsNowhere, type BestFirst } from './bestFirst.js';
import { COMMITTED_MACROS, fingerprintState } from './commitment.js';
import { describe, pathOf } from './describe.js';
import { escape, survivalEscape } from './escape.js';
import { checkSlices, checkSlicesOf, decisionsToPlay } from './fallbackCheck.js';
import { finishedOrAtExit } from './measures.js';
import { rootReachesExit } from './reach.js';
import { partialThatHoldsOut } from './partial.js';
import type { Macro, Node, Plan, PlanMode, PlanSearchOptions } from './types.js';

/** A chosen end: the node, the plan's mode, and the fallback goal's check when it runs on ahead (fallbackCheck.ts). */
export interface ChosenEnd {
  chosen: Node;
  mode: PlanMode;
  check?: { expect: string; slices: number; of: number; wide?: true };
}

/**
 * The node a finished search's plan ends in, and the plan's mode; null when every move dies.
 * `spread` (the macros the plan plays before the search's path) lets a fallback goal's check run
 * on over the decisions that follow its plan; `avoid` is the state of a fallback goal whose check
 * ran dry (the commitment that carried it), passed over without a check.
 */
export function chooseEnd(search: BestFirst, opts: PlanSearchOptions, spread?: { before: Macro[] }, avoid?: string): ChosenEnd | null {
  const { goal, nearest } = search.result;
  if (goal) return { chosen: goal, mode: 'goal' };
  const kept = fallbackThatGoesOn(search, opts, spread, avoid);
  if (kept) return { ...kept, mode: 'goal' };
  const leadsOn = opts.trapChecks ? (n: Node) => !leadsNowhere(n.state, opts, search.ctx) : undefined;
  const partial = partialThatHoldsOut(nearest, opts.survivalHorizon, leadsOn);
  if (partial) return { chosen: partial, mode: 'partial' };
  let escaped = escape(search.ctx, search.start, opts, leadsOn);
  if (!escaped || escaped.ticks < opts.survivalHorizon) escaped = survivalEscape(search.start, opts) ?? escaped ?? nearest[0] ?? null;
  return escaped ? { chosen: escaped, mode: 'escape' } : null;
}

/**
 * The search's fallback goal (its onward search ran out of budget undecided), unless a longer
 * onward search (fallbackOnwardTicks) runs dry from it: a goal whose every way on is closed is a
 * trap however long it holds out (Classic 91: a gold at the top of a tower the guards climb).
 * A level whose exit the root cannot reach keeps its fallback: no onward search ends well there.
 * When the plan to it takes at least as many decisions as the check has slices (and is carried
 * whole), this decision runs the first slice and the rest runs on while the plan is followed
 * (fallbackCheck.ts); else the whole check runs here.
 */
function fallbackThatGoesOn(
  search: BestFirst,
  opts: PlanSearchOptions,
  spread: { before: Macro[] } | undefined,
  avoid: string | undefined,
): { chosen: Node; check?: ChosenEnd['check'] } | null {
  const { fallback } = search.result;
  if (!fallback) return null;
  if (opts.fallbackOnwardTicks <= opts.onwardTicks || !rootReachesExit(search.ctx)) return { chosen: fallback };
  const expect = fingerprintState(fallback.state);
  if (expect === avoid) return null;
  const of = checkSlicesOf(opts);
  const macros = spread ? [...spread.before, ...pathOf(fallback)] : [];
  if (of > 1 && spread && macros.length <= COMMITTED_MACROS && decisionsToPlay(macros) >= of) {
    const first = checkSlices(fallback.state, expect, 1, opts);
    search.ctx.budget -= first.ticks;
    if (first.verdict === 'dead') return null;
    if (first.verdict !== 'pending') return { chosen: fallback };
    return { chosen: fallback, check: { expect, slices: 1, of, ...(opts.wideMacros ? { wide: true as const } : {}) } };
  }
  return goesOn(search.ctx, fallback.state, { ...opts, onwardTicks: opts.fallbackOnwardTicks }) === 'dead' ? null : { chosen: fallback };
}

/** What the plan's fields say about the work behind it (this decision's share of it). */
export interface PlanWork {
  expanded: number;
  simulatedTicks: number;
  searchedAtTick: number;
  followed: boolean;
  deepened: boolean;
}

/**
 * The plan from `root` that plays `before` (macros already committed to, possibly none) and then
 * the search's path to `end`. Null when it has no macro.
 */
export function planTo(root: GameState, before: Macro[], end: ChosenEnd, search: BestFirst, work: PlanWork): Plan | null {
  const { chosen, mode, check } = end;
  const macros = [...before, ...pathOf(chosen)];
  if (macros.length === 0) return null;
  const ticks = macros.reduce((sum, m) => sum + m.ticks, 0);
  const why = describe(macros, { state: chosen.state, ticks, closest: chosen.closest }, mode, root.goldCount);
  const { goal, fallback, rejected, exhausted } = search.result;
  return {
    macros,
    goldGained: root.goldCount - chosen.state.goldCount,
    ticks,
    closestGuard: chosen.closest >= 99 ? null : Math.round(chosen.closest * 10) / 10,
    value: chosen.h >= UNREACHABLE ? -1 : chosen.h,
    finished: finishedOrAtExit(chosen.state),
    reachesGoal: chosen === goal || chosen === fallback,
    endCell: { x: chosen.state.runner.x, y: chosen.state.runner.y },
    why: `${why}${work.deepened ? '; deep search' : ''}${check ? `; its onward search runs on: 1 of ${check.of} slices` : ''}`,
    mode,
    rejected: { ...rejected },
    ...(exhausted ? { exhausted: true } : {}),
    ...work,
    ...(check ? { check } : {}),
  };
}
