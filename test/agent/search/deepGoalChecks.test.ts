// A deep search checks more goal states than a normal one (issue #16: goal acceptance by what
// comes next). Its budget is ten normal searches; with the normal cap of six goal checks it ran
// out of checks early and skipped every later goal state, so the rest of its budget could only
// end in the first goal that held out with no next goal after it. The fixture is a real state of
// the agent's own play (professional 113, seed 1, tick 1204) at a step that starts a deep
// search, whose goal states hold out but mostly have no next goal within the onward search.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { deepOptions } from '../../../src/agent/search/ahead.js';
import { DEFAULT_PLAN_SEARCH, planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import { snapshotSchema } from '../../../src/game/schemas.js';

const snapshot = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/professional-113-tick-1204.json', import.meta.url), 'utf8')),
);
const deepBudgetTicks = DEFAULT_PLAN_SEARCH.budgetTicks * DEFAULT_PLAN_SEARCH.deepSearchFactor;

/** The deep search of this step, run at once from it (the same search a window spreads over decisions). */
const deepPlan = (deepGoalChecks: number): Plan =>
  planSearch(analyzeSnapshot(snapshot), { deepBudgetTicks, deepSearchAhead: false, deepGoalChecks })!;

describe('goal checks of a deep search', () => {
  it('the deep search options raise the cap on goal checks and change nothing else', () => {
    const deep = deepOptions(DEFAULT_PLAN_SEARCH);
    expect(deep.maxGoalChecks).toBe(DEFAULT_PLAN_SEARCH.deepGoalChecks);
    expect(deep.maxGoalChecks).toBeGreaterThan(DEFAULT_PLAN_SEARCH.maxGoalChecks);
    expect({ ...deep, maxGoalChecks: DEFAULT_PLAN_SEARCH.maxGoalChecks }).toEqual(DEFAULT_PLAN_SEARCH);
  });

  it('go on past the normal cap: goal states after the sixth are still tested for a next goal', () => {
    const plan = deepPlan(DEFAULT_PLAN_SEARCH.deepGoalChecks);
    expect(plan.mode).toBe('goal');
    expect(plan.rejected!.onward).toBeGreaterThan(DEFAULT_PLAN_SEARCH.maxGoalChecks);
  });

  it('capped like a normal search, stop testing goal states after the sixth', () => {
    const plan = deepPlan(DEFAULT_PLAN_SEARCH.maxGoalChecks);
    expect(plan.rejected!.onward + plan.rejected!.survival).toBe(DEFAULT_PLAN_SEARCH.maxGoalChecks);
  });
});
