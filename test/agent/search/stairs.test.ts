// Staircases as one choice of the plan search (src/agent/search/stairs.ts): the runner digs
// diagonally, never under his own feet, so three bricks down take a triangle of six holes dug in
// one order before the first refills. The scene walls the runner in above a floor three bricks
// thick, with the only gold in the room under it and the room's ladder the way on. The corner
// scene is professional 54's: the board's edge behind the runner and a rope over the layer's far
// end, so the top row fits only when dug behind him as he walks on.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { planSearch, type PlanSearchOptions } from '../../../src/agent/search/planSearch.js';
import { stairPattern, stairPatternBehind, stairSteps } from '../../../src/agent/search/stairs.js';
import { sceneGame } from '../helpers/scene.js';

function scene(thickness: number): string[] {
  const rows: string[] = [];
  for (let y = 0; y < 13 - thickness; y++) rows.push(' '.repeat(15) + '@    H');
  rows.push('     &         @    H');
  for (let d = 0; d < thickness; d++) rows.push('#'.repeat(15) + '@    H');
  while (rows.length < 14) rows.push('                    H');
  rows.push('   $                H');
  return rows;
}

// a small budget, no deep search: what one ordinary decision can afford
const tight = { budgetTicks: 5000, deepSearchFactor: 1 };

/** One decision's plan on the scene `thickness` bricks deep: a goal of `digs` digs that the engine plays to the gold alive. */
function expectStaircaseToGold(thickness: number, options: Partial<PlanSearchOptions>, digs: number): void {
  const game = sceneGame(scene(thickness));
  const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), options);
  expect(plan?.mode).toBe('goal');
  expect(plan?.goldGained).toBe(1);
  expect(plan?.macros.filter((m) => m.kind === 'dig')).toHaveLength(digs);
  for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
  expect(game.state.status).toBe('running');
  expect(game.state.goldCount).toBe(0);
}

describe('plan search: staircases through a thick floor', () => {
  it('a staircase three deep is six digs, each row dug from inside the holes above', () => {
    const steps = stairSteps(1, 3);
    expect(steps.filter(([kind]) => kind === 'dig')).toHaveLength(6);
    expect(stairSteps(-1, 2).map(([, key]) => key)).toEqual(['dig_left', 'right', 'dig_left', 'left', 'dig_left', 'left']);
  });

  it('with staircases, one decision reaches the gold under three bricks, and the plan plays out in the engine', () => {
    expectStaircaseToGold(3, { ...tight, stairs: true }, 6);
  });

  it('without them, the same budget ends short of the gold', () => {
    const game = sceneGame(scene(3));
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { ...tight, stairs: false });
    expect(plan?.mode).not.toBe('goal');
  });

  it('stairPattern: each row of k holes dug backing away, walked back into, then the staircase k - 1 deep', () => {
    expect(stairPattern(1)).toEqual(['dig', 'on']);
    expect(stairPattern(4)).toEqual(['dig', 'back', 'dig', 'back', 'dig', 'back', 'dig', 'on', 'on', 'on', ...stairPattern(3)]);
    expect(stairPattern(4).filter((step) => step === 'dig')).toHaveLength(10);
  });

  it('with stairDepthMax 4, one decision reaches the gold under four bricks (ten holes inside a hole lifetime)', () => {
    expectStaircaseToGold(4, { ...tight, stairDepthMax: 4 }, 10);
  });

  it('with depths two and three only, the same budget ends short of it', () => {
    const game = sceneGame(scene(4));
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { ...tight, stairDepthMax: 3 });
    expect(plan?.mode).not.toBe('goal');
  });

  it('stairPatternBehind: the top row dug behind the runner walking on, two steps back into it, then the staircase k - 1 deep', () => {
    expect(stairPatternBehind(3)).toEqual(['digBehind', 'on', 'digBehind', 'on', 'digBehind', 'back', 'back', ...stairPattern(2)]);
    expect(stairPatternBehind(4).filter((step) => step === 'digBehind' || step === 'dig')).toHaveLength(10);
    expect(stairSteps(1, 2, 'behind').map(([, key]) => key)).toEqual([
      'dig_left',
      'right',
      'dig_left',
      'left',
      'left',
      'dig_right',
      'right',
    ]);
  });

  // The runner in the board's corner on a layer three bricks thick (x 0-2); concrete from x 3, under
  // a rope to the ladder. The gold lies under the layer's far column (x 2), in a room left by a shaft.
  const corner = [
    ...Array.from({ length: 5 }, () => '       H'),
    ' & ----H',
    '###@@@@H',
    '###@@@@H',
    '###@@@@H',
    '@@$  @@H',
    ...Array.from({ length: 4 }, () => '@@@@ @@H'),
    '       H',
  ];

  it('with the top row dug behind him, one decision reaches the gold from the corner, and the plan plays out', () => {
    const game = sceneGame(corner);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), tight);
    expect(plan?.mode).toBe('goal');
    expect(plan?.macros.slice(0, 5).map((m) => m.key)).toEqual(['dig_left', 'right', 'dig_left', 'right', 'dig_left']);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(0);
  });

  it('with only the top row dug backing away (no room behind him), eight times the budget ends short of it', () => {
    const game = sceneGame(corner);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), {
      ...tight,
      budgetTicks: 40_000,
      stairsDugBehind: false,
    });
    expect(plan?.mode).not.toBe('goal');
  });
});
