// Search effort (issue #16): when the normal search finds no goal, a deep search (several times the
// budget) is tried at most once per period of the game clock, so a goal just past the normal budget
// is found now and then without paying the deep budget on every step. Pure over the history.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../src/agent/schemas.js';
import { searchEffort } from '../../../src/agent/search/effort.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';

const point = (tick: number, goldCount: number) => ({
  tick,
  state: 'running',
  goldCount,
  goldComplete: false,
  runner: { x: 3, y: 4, xOffset: 0, yOffset: 0, action: 0 },
});

/** `steps` history entries of `ticks` each, the last one played at `endTick - ticks`. */
function history(steps: number, ticks: number, endTick: number): HistoryEntry[] {
  return Array.from({ length: steps }, (_, i) => {
    const before = endTick - (steps - i) * ticks;
    return {
      candidateId: 'planned_route_3_4_left',
      keyCode: 1,
      ticks,
      reason: '',
      before: point(before, 5),
      after: point(before + ticks, 5),
    };
  });
}

const period = DEFAULT_PLAN_SEARCH.deepSearchPeriod;
const deep = DEFAULT_PLAN_SEARCH.budgetTicks * DEFAULT_PLAN_SEARCH.deepSearchFactor;

describe('search effort: a deep search once per period of the game clock', () => {
  it('the first step past a period boundary may search deep', () => {
    const h = history(10, 6, period + 2);
    expect(searchEffort({}, h, period + 2).deepBudgetTicks).toBe(deep);
  });

  it('the other steps of the period search with the normal budget only', () => {
    const h = history(10, 6, period + 20);
    expect(searchEffort({}, h, period + 20).deepBudgetTicks).toBeUndefined();
  });

  it('the deep budget scales with the budget asked for', () => {
    const h = history(10, 6, period + 2);
    expect(searchEffort({ budgetTicks: 1000 }, h, period + 2).deepBudgetTicks).toBe(1000 * DEFAULT_PLAN_SEARCH.deepSearchFactor);
  });

  it('a factor of 1 turns deep searches off, and the first step of a level never searches deep', () => {
    expect(searchEffort({ deepSearchFactor: 1 }, history(10, 6, period + 2), period + 2).deepBudgetTicks).toBeUndefined();
    expect(searchEffort({}, [], 0).deepBudgetTicks).toBeUndefined();
  });

  it('the options given pass through unchanged', () => {
    const o = searchEffort({ guardOnRoutePenalty: 7 }, history(10, 6, period + 2), period + 2);
    expect(o.guardOnRoutePenalty).toBe(7);
  });
});
