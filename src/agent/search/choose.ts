// What a search's result becomes: the end node to follow (a goal that leads on, else the first
// that held out, else the closest partial plan that holds out, else the best escape from the
// guards; with trapChecks, a partial plan or escape that leads nowhere only when all do) and the
// Plan handed to the planned route. Shared by the search of one decision (planSearch.ts) and the
// deep search spread ahead over several (ahead.ts). Runs the survival checks and the escape beam
// (charged to the search's budget).
import type { GameState } from '../../game/state.js';
import { UNREACHABLE } from '../nav.js';
import { goesOn, leadsNowhere, type BestFirst } from './bestFirst.js';
import { describe, pathOf } from './describe.js';
import { escape, survivalEscape } from './escape.js';
import { finishedOrAtExit } from './measures.js';
import { rootReachesExit } from './reach.js';
import { partialThatHoldsOut } from './partial.js';
import type { Macro, Node, Plan, PlanMode, PlanSearchOptions } from './types.js';

/** The node a finished search's plan ends in, and the plan's mode; null when every move dies. */
export function chooseEnd(search: BestFirst, opts: PlanSearchOptions): { chosen: Node; mode: PlanMode } | null {
  const { goal, nearest } = search.result;
  const chosen = goal ?? fallbackThatGoesOn(search, opts);
  if (chosen) return { chosen, mode: 'goal' };
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
 */
function fallbackThatGoesOn(search: BestFirst, opts: PlanSearchOptions): Node | null {
  const { fallback } = search.result;
  if (!fallback || opts.fallbackOnwardTicks <= opts.onwardTicks || !rootReachesExit(search.ctx)) return fallback;
  return goesOn(search.ctx, fallback.state, { ...opts, onwardTicks: opts.fallbackOnwardTicks }) === 'dead' ? null : fallback;
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
export function planTo(
  root: GameState,
  before: Macro[],
  end: { chosen: Node; mode: PlanMode },
  search: BestFirst,
  work: PlanWork,
): Plan | null {
  const { chosen, mode } = end;
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
    why: work.deepened ? `${why}; deep search` : why,
    mode,
    rejected: { ...rejected },
    ...(exhausted ? { exhausted: true } : {}),
    ...work,
  };
}
