// A search that runs out of states before its budget says so (issue #16's diagnostics): more
// budget cannot help a runner sealed off from the gold, and the eval names that failure
// "search exhausted" instead of "no goal within budget".
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { BestFirst, newSearch } from '../../../src/agent/search/bestFirst.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { planSummary } from '../../../src/runner/planSummary.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';
import { sceneGame } from '../helpers/scene.js';

// Professional 33, seed 1, tick 2763 (the agent's own play): the runner has dropped into the
// walled top of the box that holds the last two gold, and nothing he can dig from there leads on
const inTheBox = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/professional-33-tick-2763.json', import.meta.url), 'utf8')),
);

// a ladder up the right edge to the top row (the exit), a solid floor
const ladder = Array.from({ length: 13 }, () => `${' '.repeat(27)}H`);
// the runner walled in by solid blocks he cannot dig; the gold lies outside
const sealed = [...ladder, '@@@@@                      H', '@ & @             $        H'];
// the same board with the walls gone: the gold is a short walk away, the ladder beyond it
const open = [...ladder, '                           H', '  &               $        H'];

function search(rows: readonly string[], budget: number): BestFirst {
  const root = sceneGame(rows).state;
  const { ctx, start } = newSearch(root, budget, DEFAULT_PLAN_SEARCH);
  const run = new BestFirst(ctx, start, DEFAULT_PLAN_SEARCH);
  run.run();
  return run;
}

describe('plan search: a search that runs out of states', () => {
  it('a runner sealed in a box: the open list empties long before the budget, with no goal', () => {
    const run = search(sealed, DEFAULT_PLAN_SEARCH.budgetTicks);
    expect(run.result.goal).toBeNull();
    expect(run.ctx.budget).toBeGreaterThan(0);
    expect(run.result.exhausted).toBe(true);
  });

  it('a runner in the box of professional 33: dry after a few dozen states, though its queues still hold entries', () => {
    const root = Game.restore(inTheBox.engineState!).state;
    const { ctx, start } = newSearch(root, DEFAULT_PLAN_SEARCH.budgetTicks, DEFAULT_PLAN_SEARCH);
    const run = new BestFirst(ctx, start, DEFAULT_PLAN_SEARCH);
    run.run();
    expect(run.result.goal).toBeNull();
    expect(run.result.expanded).toBeLessThan(100);
    expect(run.ctx.budget).toBeGreaterThan(0);
    // entries of nodes another queue already handed out: the queues are not empty, the search is dry
    expect((run as unknown as { open: { size: number } }).open.size).toBeGreaterThan(0);
    expect(run.result.exhausted).toBe(true);
    // a later run with more budget finds nothing new and keeps the verdict
    run.grant(1000);
    run.run();
    expect(run.result.exhausted).toBe(true);
  });

  it('a search stopped by its budget is not exhausted, though it found no goal either', () => {
    const run = search(open, 10);
    expect(run.result.goal).toBeNull();
    expect(run.searching).toBe(true);
    expect(run.result.exhausted).toBe(false);
  });

  it('a search that finds its goal is not exhausted', () => {
    expect(search(open, DEFAULT_PLAN_SEARCH.budgetTicks).result.exhausted).toBe(false);
  });

  it('the plan and the step summary the eval reads carry it', () => {
    const plan = planSearch(analyzeSnapshot(sceneGame(sealed).snapshot({ withEngineState: true })), { nextSlices: 0 });
    expect(plan).not.toBeNull();
    expect(plan!.reachesGoal).toBe(false);
    expect(plan!.exhausted).toBe(true);
    expect(planSummary(plan!).exhausted).toBe(true);
    const free = planSearch(analyzeSnapshot(sceneGame(open).snapshot({ withEngineState: true })), { nextSlices: 0 });
    expect(free?.exhausted).toBeUndefined();
  });
});
