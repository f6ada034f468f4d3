// How hard this decision's search may try, read from the step history: at the first step past
// each period boundary of the game clock, a search that finds no goal within its budget starts a
// deep search of several times the budget, spread one slice per decision over the next ones
// (ahead.ts), so a goal just out of the normal search's reach is found now and then without any
// one decision paying for it. Pure: the same history and tick give
// the same options, which the lens's re-runs and the chart's parity with the direct planner need.
import type { HistoryEntry } from '../schemas.js';
import { DEFAULT_PLAN_SEARCH, type PlanSearchOptions } from './types.js';

/**
 * The search options for this decision: the given ones, plus deepBudgetTicks (budgetTicks times
 * deepSearchFactor) when this step is the first past a deepSearchPeriod boundary of the game
 * clock. The first step of a level has no previous tick and searches with the normal budget.
 */
export function searchEffort(
  options: Partial<PlanSearchOptions>,
  history: readonly HistoryEntry[],
  tick: number,
): Partial<PlanSearchOptions> {
  const o = { ...DEFAULT_PLAN_SEARCH, ...options };
  if (o.deepSearchFactor <= 1 || o.deepSearchPeriod <= 0 || history.length === 0) return options;
  const previous = history[history.length - 1]!.before.tick;
  if (Math.floor(previous / o.deepSearchPeriod) === Math.floor(tick / o.deepSearchPeriod)) return options;
  return { ...options, deepBudgetTicks: o.budgetTicks * o.deepSearchFactor };
}
