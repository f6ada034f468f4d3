// The lasting terrain after a gold is taken (issue #16): a brick under a gold's cell cannot be dug
// while the gold lies there, and the reach graphs were the root's, so a state that took the gold
// was still judged as if it lay there. A pit whose only way out is the brick under its gold then
// looked like a trap once the gold was taken (professional 8 plays such a pocket).
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { newSearch } from '../../../src/agent/search/bestFirst.js';
import { runMacro } from '../../../src/agent/search/macros.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { leavesLevelPossible } from '../../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH, type PlanSearchOptions } from '../../../src/agent/search/types.js';
import { cloneState } from '../../../src/game/serialize.js';
import { sceneGame } from '../helpers/scene.js';

// The runner (4,9) beside a rope over a pit two cells wide, walled in concrete, with gold (5,10) on
// its one brick (5,11); under the pit the room with the last gold (3,14), which the ladder (x=10, up
// to the top row), reached along the rope, also reaches.
const pit = [
  ...Array.from({ length: 9 }, () => '          H'),
  '    &--   H',
  '@@@@@$ @@@H',
  '@@@@@#@@@@H',
  '          H',
  '          H',
  '   $      H',
];

/** The state after the drop onto the pit's gold, with the search context of the root. */
function afterTheDrop(options: Partial<PlanSearchOptions>) {
  const opts = { ...DEFAULT_PLAN_SEARCH, ...options };
  const root = sceneGame(pit).state;
  const { ctx } = newSearch(root, opts.budgetTicks, opts);
  const s = cloneState(root, false);
  for (const key of ['right', 'down'] as const) runMacro(s, 'move', key, opts.waitTicks, { closest: 99 });
  return { ctx, s };
}

describe('plan search: the brick under a gold taken can be dug', () => {
  it('the drop from the rope takes the pit gold: the runner stands on its brick, the room below still to reach', () => {
    const { s } = afterTheDrop({});
    expect([s.runner.x, s.runner.y, s.goldCount]).toEqual([5, 10, 1]);
  });

  it('judged on the terrain as the state leaves it, the pit is left through that brick: the level stays possible', () => {
    const { ctx, s } = afterTheDrop({});
    expect(leavesLevelPossible(ctx, s)).toBe(true);
  });

  it("judged on the root's terrain (the gold still lying there), the same state has lost the room's gold", () => {
    const { ctx, s } = afterTheDrop({ takenGoldDigs: false });
    expect(leavesLevelPossible(ctx, s)).toBe(false);
  });

  it('the pit gold is a goal as soon as it is taken, with no goal turned down on the way', () => {
    const plan = planSearch(analyzeSnapshot(sceneGame(pit).snapshot({ withEngineState: true })), { deepSearchFactor: 1 });
    expect(plan?.mode).toBe('goal');
    expect(plan?.macros.map((m) => m.key)).toEqual(['right', 'down']);
    expect(plan?.rejected?.pocket ?? 0).toBe(0);
  });

  it("judged on the root's terrain, the gold is turned down as a pocket and the plan digs out of the pit before its goal", () => {
    const plan = planSearch(analyzeSnapshot(sceneGame(pit).snapshot({ withEngineState: true })), {
      deepSearchFactor: 1,
      takenGoldDigs: false,
    });
    expect(plan?.rejected?.pocket).toBeGreaterThan(0);
    expect(plan?.macros.map((m) => m.key)).toContain('dig_left');
  });
});
