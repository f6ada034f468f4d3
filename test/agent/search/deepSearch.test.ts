// Deep searches spread ahead (issue #16: search reuse, and p99 per decision): when the normal
// budget finds no goal at a step the effort allows a deep search, the runner commits to the first
// actions of its plan and the deep search, rooted where they end, runs one slice of the normal
// budget per decision. The fixtures are real states of the agent's own play where the normal
// 40,000-tick search finds only a partial plan (Classic 7 tick 804, Classic 140 tick 607; seed 1).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { plannedRouteProposal } from '../../../src/agent/plannedRoute.js';
import type { Commitment, HistoryEntry } from '../../../src/agent/schemas.js';
import { stateAfter } from '../../../src/agent/search/ahead.js';
import { forgetPausedSearches } from '../../../src/agent/search/paused.js';
import { actionGroupSize, fingerprintState } from '../../../src/agent/search/commitment.js';
import { DEFAULT_PLAN_SEARCH, planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { playPlanStart } from '../helpers/playPlan.js';
import { snapshotSchema, type Snapshot } from '../../../src/game/schemas.js';

const fixture = (name: string) =>
  snapshotSchema.parse(JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')));
const classic7 = fixture('classic-7-tick-804.json');
const classic140 = fixture('classic-140-tick-607.json');
const { budgetTicks, deepSearchFactor } = DEFAULT_PLAN_SEARCH;
const deepBudgetTicks = budgetTicks * deepSearchFactor;
/**
 * The fixtures were found before the search had target queues, the novelty penalty and the next
 * goal searched ahead; with those the normal budget reaches these goals, so the deep search (which
 * does not depend on them) is specified on the search without them.
 */
const SEARCH = { targetQueues: 0, noveltyPenalty: 0, nextSlices: 0 };

/** A one-step history whose step was played at `tick` (only its tick is read by the effort). */
const playedAt = (snapshot: Snapshot, tick: number): HistoryEntry[] => {
  const point = { tick, state: 'running', goldCount: snapshot.gold.remainingCount, goldComplete: false, runner: { ...snapshot.runner } };
  return [{ candidateId: 'planned_route_0_0_left', keyCode: 1, ticks: 6, reason: '', before: point, after: { ...point, tick: tick + 6 } }];
};

interface Decision {
  plan: Plan;
  commitment: Commitment | null;
}

/**
 * Plays the planned route's first action from `snapshot` decision after decision, as an episode
 * does (the first decision allowed a deep search), until a plan carries no deep search ahead.
 */
function playWindow(snapshot: Snapshot): { decisions: Decision[]; game: Game } {
  const game = Game.restore(snapshot.engineState!);
  const decisions: Decision[] = [];
  let commitment: Commitment | null = null;
  for (let i = 0; i < 20; i++) {
    const analysis = analyzeSnapshot(game.snapshot({ withEngineState: true }));
    const plan = planSearch(analysis, i === 0 ? { ...SEARCH, deepBudgetTicks } : SEARCH, commitment)!;
    commitment = playPlanStart(game, plan);
    decisions.push({ plan, commitment });
    if (!plan.ahead) break;
  }
  return { decisions, game };
}

beforeEach(() => forgetPausedSearches());

describe('plan search: a deep search spread ahead over the decisions after it', () => {
  it('the fixtures are out of the normal search: their plans are partial', () => {
    for (const snapshot of [classic7, classic140]) {
      const plan = planSearch(analyzeSnapshot(snapshot), SEARCH);
      expect(plan?.reachesGoal).toBe(false);
      expect(plan?.ahead).toBeUndefined();
    }
  });

  it('where a deep search is allowed, the plan commits to its first actions and roots the deep search at their exact end', () => {
    const normal = planSearch(analyzeSnapshot(classic7), SEARCH)!;
    const plan = planSearch(analyzeSnapshot(classic7), { ...SEARCH, deepBudgetTicks })!;
    expect(plan.ahead).toMatchObject({ slices: 0, of: deepSearchFactor });
    expect(plan.macros.length).toBeGreaterThan(0);
    expect(plan.macros).toEqual(normal.macros.slice(0, plan.macros.length));
    const end = stateAfter(Game.restore(classic7.engineState!).state, plan.macros);
    expect(plan.ahead!.expect).toBe(fingerprintState(end));
    expect(plan.endCell).toEqual({ x: end.runner.x, y: end.runner.y });
  });

  it('each later decision searches one slice and follows the commitment; the deep search finds a goal the engine plays to the gold alive', () => {
    const { decisions, game } = playWindow(classic7);
    const window = decisions.slice(1, -1);
    expect(window.length).toBeGreaterThan(2);
    window.forEach((d, i) => {
      expect(d.plan.followed).toBe(true);
      expect(d.plan.ahead?.slices).toBe(i + 1);
      // one slice of the normal budget (its last expansion may overrun it by a macro's children)
      expect(d.plan.simulatedTicks).toBeGreaterThan(0);
      expect(d.plan.simulatedTicks).toBeLessThan(budgetTicks + 3000);
    });
    const last = decisions.at(-1)!.plan;
    expect(last.deepened).toBe(true);
    expect(last.mode).toBe('goal');
    expect(last.why).toContain('deep search');
    // its last slice, and the fallback goal's longer onward search when the plan is a fallback goal
    expect(last.simulatedTicks).toBeLessThan(budgetTicks + 3000 + DEFAULT_PLAN_SEARCH.fallbackOnwardTicks);
    const gold = game.state.goldCount;
    for (const m of last.macros.slice(actionGroupSize(last.macros))) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).not.toBe('runner_dead');
    expect(game.state.goldCount).toBeLessThan(gold);
  });

  it('a decision recomputed without the paused search (as the lens re-runs it) gives the same plan', () => {
    const { decisions } = playWindow(classic7);
    const k = 3;
    const game = Game.restore(classic7.engineState!);
    // replay the first k decisions' actions, then plan decision k with the commitment it got
    for (let i = 0; i < k; i++) {
      const { plan } = decisions[i]!;
      const group = plan.macros.slice(0, actionGroupSize(plan.macros));
      game.press(
        KEY_OF[plan.macros[0]!.key],
        Math.min(
          20,
          group.reduce((sum, m) => sum + m.ticks, 0),
        ),
      );
    }
    forgetPausedSearches();
    const again = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), SEARCH, decisions[k - 1]!.commitment);
    expect(again).toEqual(decisions[k]!.plan);
  });

  it('the planned route starts a deep search at the first step past a period boundary, and not later in the period', () => {
    const period = DEFAULT_PLAN_SEARCH.deepSearchPeriod;
    const analysis = analyzeSnapshot(classic140);
    const boundary = Math.floor(classic140.tick / period) * period;
    const first = plannedRouteProposal(analysis, {}, playedAt(classic140, boundary - 6));
    expect(first.plan?.ahead).toMatchObject({ slices: 0 });
    expect(first.proposal?.goal).toContain('deep search ahead');
    const later = plannedRouteProposal(analysis, {}, playedAt(classic140, classic140.tick - 6));
    expect(later.plan?.ahead).toBeUndefined();
    expect(later.plan?.reachesGoal).toBe(false);
  });
});

describe('plan search: a deep search run at once (deepSearchAhead: false)', () => {
  it('searches the deep budget in the decision itself, and its goal is played to the gold alive', () => {
    const plan = planSearch(analyzeSnapshot(classic140), { ...SEARCH, deepBudgetTicks, deepSearchAhead: false })!;
    expect(plan.ahead).toBeUndefined();
    expect(plan.deepened).toBe(true);
    expect(plan.mode).toBe('goal');
    expect(plan.simulatedTicks).toBeGreaterThan(budgetTicks);
    const game = Game.restore(classic140.engineState!);
    for (const m of plan.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).not.toBe('runner_dead');
    expect(game.state.goldCount).toBe(classic140.gold.remainingCount - plan.goldGained);
    expect(plan.goldGained).toBeGreaterThan(0);
  });
});
