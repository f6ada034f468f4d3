// The search's extra queues, one per gold (issue #16: no goal within budget): the estimate heads
// for the nearest gold worth heading for alone, and when that gold is a decoy (guards camp its way,
// or the dig it needs is not there) the whole budget goes on it. Every other expansion comes from a
// queue ranked by the estimate to one of the three nearest gold instead, so the search also makes
// headway towards the rest. The fixtures are real states of the agent's own play (seed 1) where the
// main queue alone spends its 40,000 ticks without a goal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { DEFAULT_PLAN_SEARCH, planSearch } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';

const fixture = (name: string) =>
  snapshotSchema.parse(JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')));

describe('plan search: a queue per gold beside the main one', () => {
  it('is on by default, with three gold', () => {
    expect(DEFAULT_PLAN_SEARCH.targetQueues).toBe(3);
  });

  for (const [name, gold] of [
    ['classic-135-tick-266.json', { x: 14, y: 11 }],
    ['classic-27-tick-600.json', { x: 16, y: 5 }],
  ] as const) {
    it(`${name}: only with them does the budget find a goal, which the engine plays to the gold alive`, () => {
      const snapshot = fixture(name);
      const alone = planSearch(analyzeSnapshot(snapshot), { targetQueues: 0 });
      expect(alone?.reachesGoal).toBe(false);
      const plan = planSearch(analyzeSnapshot(snapshot))!;
      expect(plan.mode).toBe('goal');
      expect(plan.endCell).toEqual(gold);
      expect(plan.simulatedTicks).toBeLessThanOrEqual(DEFAULT_PLAN_SEARCH.budgetTicks + 1000);
      const game = Game.restore(snapshot.engineState!);
      for (const m of plan.macros) game.press(KEY_OF[m.key], m.ticks);
      expect(game.state.status).toBe('running');
      expect(game.state.goldCount).toBe(snapshot.gold.remainingCount - 1);
    });
  }
});
