// Sortie digs (issue #16): gold in a pocket entered from above (dropped onto from a rope) is left
// by digging the pocket's floor. The estimate towards the next gold does not ask for that dig, so
// a sortie tries every dig the rules allow; without it the search paced the rope above the pocket
// (professional 8). The last gold of a level taken in such a pocket has its way on to the exit
// estimated the same way (professional 54).
import { describe, expect, it } from 'vitest';
import { newSearch } from '../../../src/agent/search/bestFirst.js';
import { UNREACHABLE } from '../../../src/agent/nav.js';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { childrenOf, runMacro } from '../../../src/agent/search/macros.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { sortieEstimate } from '../../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH, type Node, type PlanSearchOptions } from '../../../src/agent/search/types.js';
import { cloneState } from '../../../src/game/serialize.js';
import { playPlans } from '../helpers/playPlans.js';
import { sceneGame } from '../helpers/scene.js';

// A ladder up to the top row at x=6. From its rung (6,9) a rope (8,9)-(9,9) hangs over a pocket of
// two gold (8,10)-(9,10) walled by concrete on both sides, on a brick floor; below it an open room
// and, far right, the last gold (20,14).
const ladder = Array.from({ length: 9 }, () => '      H');
const pocketScene = [...ladder, '      H --', '      H@$$@', '      H####', '      H', '      H', '   &  H             $'];
// The same with the runner on the concrete post (7,9) beside the rope.
const onThePost = [...ladder, '      H&--', '      H@$$@', '      H####', '      H', '      H', '      H             $'];

// The same pocket on a floor two bricks thick: no single dig from inside leads out.
const onTheThickPost = [...ladder.slice(1), '      H&--', '      H@$$@', '      H####', '      H####', '      H', '      H             $'];

// The pocket's floor lies under its gold, and with takenGoldDigs (on by default) a brick under a
// gold taken counts as diggable: the pocket is then ground as soon as its gold is taken, and no
// sortie is needed (takenGoldDigs.test.ts). The sortie is shown on the root's terrain, where the
// gold still lies on the floor's bricks, as it was judged when professional 8 was read.
const rootTerrain = { takenGoldDigs: false };

/** The search node of a runner who dropped from the rope into the pocket and took both its gold. */
function inThePocket(options: Partial<PlanSearchOptions>, rows: readonly string[] = onThePost) {
  const opts = { ...DEFAULT_PLAN_SEARCH, ...rootTerrain, ...options };
  const root = sceneGame(rows).state;
  const { ctx, start } = newSearch(root, opts.budgetTicks, opts);
  const s = cloneState(root, false);
  for (const key of ['right', 'down', 'right'] as const) runMacro(s, 'move', key, opts.waitTicks, { closest: 99 });
  const node: Node = { ...start, state: s, parent: start, depth: 3, h: sortieEstimate(ctx, s) };
  return { ctx, node, opts, s };
}

describe('plan search: digs on a sortie', () => {
  it('a runner who took the pocket gold stands on its brick floor, still to get out', () => {
    const { s, node } = inThePocket({});
    expect([s.runner.x, s.runner.y, s.goldCount]).toEqual([9, 10, 1]);
    expect(node.h).toBeGreaterThan(0);
  });

  it('on a sortie every dig the rules allow is a child: the dig through the floor is among them', () => {
    const { ctx, node, opts } = inThePocket({});
    const digs = childrenOf(ctx, node, opts, false, new Set()).filter((c) => c.macro?.kind === 'dig');
    expect(digs.map((c) => c.macro!.key)).toContain('dig_left');
  });

  it('with only the digs the estimate asks for, the floor is never dug', () => {
    const { ctx, node, opts } = inThePocket({ sortieDigs: false });
    const digs = childrenOf(ctx, node, opts, false, new Set()).filter((c) => c.macro?.kind === 'dig');
    expect(digs).toEqual([]);
  });

  it('on a floor two bricks thick, the way back is estimated through the bricks still to be dug', () => {
    expect(inThePocket({}, onTheThickPost).node.h).toBeLessThan(UNREACHABLE);
  });

  it('estimated only through the holes open now, the same pocket has no way back (the branch is pruned)', () => {
    expect(inThePocket({ sortieDigs: false }, onTheThickPost).node.h).toBe(UNREACHABLE);
  });

  it('plays the scene: the pocket, the floor dug, the last gold, the exit', () => {
    const game = sceneGame(pocketScene);
    const keys = playPlans(game, rootTerrain, 6);
    expect(keys).toContain('dig_left');
    expect(game.state.status).toBe('finish');
  });

  // The level's last gold (9,11) in a pocket three wide under the rope, on a floor two bricks thick:
  // the runner drops onto it, and only then can the floor beside it be dug (no brick under a gold's
  // cell can be), a staircase two deep down to the open room and the ladder.
  const lastGoldPocket = [...ladder, '      H', '      H&---', '      H@ $ @', '      H#####', '      H#####', '      H'];

  it('the last gold taken in a pocket: its way on to the exit is estimated through the floor still to be dug', () => {
    const opts = { ...DEFAULT_PLAN_SEARCH };
    const root = sceneGame(lastGoldPocket).state;
    const { ctx } = newSearch(root, opts.budgetTicks, opts);
    const s = cloneState(root, false);
    for (const key of ['right', 'right', 'down'] as const) runMacro(s, 'move', key, opts.waitTicks, { closest: 99 });
    expect([s.runner.x, s.runner.y, s.goldComplete]).toEqual([9, 11, true]);
    expect(sortieEstimate(ctx, s)).toBeGreaterThan(0);
    expect(sortieEstimate(ctx, s)).toBeLessThan(UNREACHABLE);
  });

  it('one decision takes that gold and digs out of the pocket; estimated only through the holes open now, it does not', () => {
    const plan = (options: Partial<PlanSearchOptions>) =>
      planSearch(analyzeSnapshot(sceneGame(lastGoldPocket).snapshot({ withEngineState: true })), { deepSearchFactor: 1, ...options });
    const dug = plan({});
    expect(dug?.mode).toBe('goal');
    expect(dug?.macros.filter((m) => m.kind === 'dig').length).toBeGreaterThanOrEqual(2);
    expect(plan({ sortieDigs: false })?.mode).not.toBe('goal');
  });
});
