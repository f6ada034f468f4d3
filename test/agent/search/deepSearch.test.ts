// Deep searches (issue #16): a search that finds no goal within its budget searches again with the
// deep budget when searchEffort allows it. The fixture is a real state of the agent's own play:
// Classic 140, seed 1, tick 607, where the normal 40,000-tick search finds only a partial plan.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { plannedRouteProposal } from '../../../src/agent/plannedRoute.js';
import type { HistoryEntry } from '../../../src/agent/schemas.js';
import { DEFAULT_PLAN_SEARCH, planSearch } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';

const snapshot = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/classic-140-tick-607.json', import.meta.url), 'utf8')),
);
const deepBudgetTicks = DEFAULT_PLAN_SEARCH.budgetTicks * DEFAULT_PLAN_SEARCH.deepSearchFactor;

/** A one-step history whose step was played at `tick` (only its tick is read by the effort). */
const playedAt = (tick: number): HistoryEntry[] => {
  const point = { tick, state: 'running', goldCount: snapshot.gold.remainingCount, goldComplete: false, runner: { ...snapshot.runner } };
  return [{ candidateId: 'planned_route_0_0_left', keyCode: 1, ticks: 6, reason: '', before: point, after: { ...point, tick: tick + 6 } }];
};

describe('plan search: a deep search when the normal budget finds no goal', () => {
  it('the fixture is out of the normal search: its plan is partial', () => {
    expect(snapshot.tick).toBe(607);
    const plan = planSearch(analyzeSnapshot(snapshot));
    expect(plan?.reachesGoal).toBe(false);
    expect(plan?.deepened).toBe(false);
  });

  it('with the deep budget the search finds a goal, and the engine plays it to the gold alive', () => {
    const plan = planSearch(analyzeSnapshot(snapshot), { deepBudgetTicks });
    expect(plan?.deepened).toBe(true);
    expect(plan?.mode).toBe('goal');
    expect(plan?.why).toContain('deep search');
    const game = Game.restore(snapshot.engineState);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).not.toBe('runner_dead');
    expect(game.state.goldCount).toBe(snapshot.gold.remainingCount - plan!.goldGained);
    expect(plan!.goldGained).toBeGreaterThan(0);
  });

  it('the planned route searches deep at the first step past a period boundary, and not later in the period', () => {
    const period = DEFAULT_PLAN_SEARCH.deepSearchPeriod;
    const analysis = analyzeSnapshot(snapshot);
    const boundary = Math.floor(snapshot.tick / period) * period;
    const first = plannedRouteProposal(analysis, {}, playedAt(boundary - 6));
    expect(first.plan?.deepened).toBe(true);
    expect(first.plan?.reachesGoal).toBe(true);
    const later = plannedRouteProposal(analysis, {}, playedAt(snapshot.tick - 6));
    expect(later.plan?.deepened).toBe(false);
    expect(later.plan?.reachesGoal).toBe(false);
  });
});
