// Guards on the way (issue #16, guard tactics): the plan search's estimate counts the free guards
// standing on the runner's shortest way to the target, so a state where they have left the way
// (lured off, or held in a dug hole) is worth more than one where they camp it. The fixture is a
// real state of the agent's own play: Classic 7, seed 1, tick 1115, all gold taken, the runner
// hanging on the bar at (17,11) and two guards on the ladder at x=5, the only way up to the exit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { snapshotSchema } from '../../../src/game/schemas.js';
import { DEFAULT_PLAN_SEARCH, planSearch } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';

const snapshot = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/classic-7-tick-1115.json', import.meta.url), 'utf8')),
);
const BUDGET = 160_000;

describe('plan search: guards camping the way to the exit', () => {
  it('the fixture is the camped exit: all gold taken, two guards on the ladder at x=5', () => {
    expect(snapshot.gold.remainingCount).toBe(0);
    expect(snapshot.guards.filter((g) => g.x === 5).length).toBeGreaterThanOrEqual(2);
  });

  it('counting the guards on the way, the search finds a plan to the exit, and the engine plays it to the finish', () => {
    const plan = planSearch(analyzeSnapshot(snapshot), { budgetTicks: BUDGET, noveltyPenalty: 0 });
    expect(DEFAULT_PLAN_SEARCH.guardOnRoutePenalty).toBeGreaterThan(0);
    expect(plan?.mode).toBe('goal');
    expect(plan?.finished).toBe(true);
    const game = Game.restore(snapshot.engineState);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).not.toBe('runner_dead');
    expect(game.state.runner.y).toBe(0);
  });

  it('without the guards on the way in its estimate, the same budget finds no plan to the exit', () => {
    // both arms run without the novelty penalty, which on its own also spreads the search off the camped ladder
    const plan = planSearch(analyzeSnapshot(snapshot), { budgetTicks: BUDGET, guardOnRoutePenalty: 0, noveltyPenalty: 0 });
    expect(plan?.reachesGoal).toBe(false);
  });
});
