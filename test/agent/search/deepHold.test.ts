// A deep search ahead that gets its whole window: when the plan it starts from is shorter than the
// window (one move back and forth in a pocket), the runner holds still for the decisions left, so
// the deep search gets every slice; and a deep search started after a normal search that ran dry
// digs as widely as the retry that found the plan (wideRetry). The fixture is a real state of the
// agent's own play (fanBook 1, seed 1, tick 200): a guard-free pocket whose way out is three digs.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import type { Commitment } from '../../../src/agent/schemas.js';
import { HOLD_TICKS, holdStill } from '../../../src/agent/search/ahead.js';
import { actionGroupSize } from '../../../src/agent/search/commitment.js';
import { forgetPausedSearches } from '../../../src/agent/search/paused.js';
import { DEFAULT_PLAN_SEARCH, planSearch, type Plan, type PlanSearchOptions } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema, type Snapshot } from '../../../src/game/schemas.js';
import { playPlanStart } from '../helpers/playPlan.js';
import { sceneGame } from '../helpers/scene.js';

const pocket = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/fanbook-1-tick-200.json', import.meta.url), 'utf8')));
const { budgetTicks, deepSearchFactor } = DEFAULT_PLAN_SEARCH;
const deepBudgetTicks = budgetTicks * deepSearchFactor;

/** Plays the planned route's first action decision after decision (the first allowed a deep search) until a plan carries no deep search ahead. */
function playWindow(
  snapshot: Snapshot,
  search: Partial<PlanSearchOptions>,
  edit = (c: Commitment | null) => c,
): { plans: Plan[]; game: Game } {
  const game = Game.restore(snapshot.engineState!);
  const plans: Plan[] = [];
  let commitment: Commitment | null = null;
  for (let i = 0; i < 20; i++) {
    const plan = planSearch(
      analyzeSnapshot(game.snapshot({ withEngineState: true })),
      i === 0 ? { ...search, deepBudgetTicks } : search,
      commitment,
    )!;
    plans.push(plan);
    commitment = edit(playPlanStart(game, plan));
    if (!plan.ahead) break;
  }
  return { plans, game };
}

beforeEach(() => forgetPausedSearches());

describe('plan search: a deep search ahead holds the runner still for the decisions its plan leaves', () => {
  it('the fixture is out of the normal search: a plan of one move, found only by the retry with every dig', () => {
    const plan = planSearch(analyzeSnapshot(pocket))!;
    expect(plan.reachesGoal).toBe(false);
    expect(plan.macros).toHaveLength(1);
    const narrow = planSearch(analyzeSnapshot(pocket), { wideRetry: false })!;
    expect(narrow.exhausted).toBe(true);
  });

  it('the window is the move and then one wait of its own per decision left, and the deep search is rooted after them', () => {
    const plan = planSearch(analyzeSnapshot(pocket), { deepBudgetTicks })!;
    expect(plan.ahead).toMatchObject({ slices: 0, of: deepSearchFactor, wide: true });
    const waits = plan.macros.slice(1);
    expect(waits).toHaveLength(deepSearchFactor - 2);
    for (const [i, m] of waits.entries()) {
      expect(m).toMatchObject({ kind: 'wait', key: 'stop', ticks: HOLD_TICKS });
      expect(actionGroupSize(plan.macros.slice(1 + i))).toBe(1);
    }
    const off = planSearch(analyzeSnapshot(pocket), { deepBudgetTicks, deepHold: false })!;
    expect(off.macros).toHaveLength(1);
  });

  it('every slice is searched, and the deep search finds the way out to a gold the engine plays to alive', () => {
    const { plans, game } = playWindow(pocket, {});
    expect(plans.slice(1, -1).map((p) => p.ahead?.slices)).toEqual(Array.from({ length: deepSearchFactor - 2 }, (_, i) => i + 1));
    const last = plans.at(-1)!;
    expect(last.mode).toBe('goal');
    expect(last.deepened).toBe(true);
    const gold = game.state.goldCount;
    for (const m of last.macros.slice(actionGroupSize(last.macros))) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBeLessThan(gold);
  });

  it('without the hold the window closes with the one move, and no goal is found', () => {
    const { plans } = playWindow(pocket, { deepHold: false });
    expect(plans.length).toBeLessThanOrEqual(2);
    expect(plans.at(-1)!.reachesGoal).toBe(false);
  });

  it('a deep search that forgets the retry digs only where the estimate asks, runs dry at once and ends the window', () => {
    const narrow = (c: Commitment | null) =>
      c?.ahead ? { ...c, ahead: { expect: c.ahead.expect, slices: c.ahead.slices, of: c.ahead.of } } : c;
    const { plans } = playWindow(pocket, {}, narrow);
    expect(plans.length).toBe(2);
    expect(plans.at(-1)!.reachesGoal).toBe(false);
  });
});

describe('holdStill', () => {
  it('holds still for every decision where no guard comes near', () => {
    const { macros, end } = holdStill(Game.restore(pocket.engineState!).state, 8);
    expect(macros).toHaveLength(8);
    expect(end.tick).toBe(pocket.tick + 8 * HOLD_TICKS);
    expect(end.runner).toMatchObject({ x: pocket.runner.x, y: pocket.runner.y });
  });

  it('stops holding before a guard coming along the row is within five tiles', () => {
    const row = ['&        0', '@@@@@@@@@@'];
    const { macros, end } = holdStill(sceneGame(row).state, 8);
    expect(macros.length).toBeGreaterThan(0);
    expect(macros.length).toBeLessThan(8);
    expect(Math.abs(end.guards[0]!.x - end.runner.x)).toBeGreaterThanOrEqual(5);
  });
});
