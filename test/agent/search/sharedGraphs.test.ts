// The graphs shared by the searches of one process are keyed by all they are built from: the same
// terrain gives the graph already built (the time saved), while a terrain that differs in one open
// hole, or in one gold, gets a graph of its own. A cache keyed by less would hand a search another
// search's graph and make its plan depend on what ran before it (the lens re-runs a step in a
// process that has run others).
import { describe, expect, it } from 'vitest';
import { idx } from '../../../src/game/constants.js';
import { buildNavGraph, costToNearest, routingCell, UNREACHABLE } from '../../../src/agent/nav.js';
import { coreOf } from '../../../src/agent/navCore.js';
import { sharedGraph } from '../../../src/agent/search/sharedGraphs.js';
import { terrainFromState } from '../../../src/agent/terrain.js';
import { sceneGame } from '../helpers/scene.js';

// The sortie spec's pocket: gold (6,14) behind a brick (7,14) beside a ladder at x=8.
const ladder = Array.from({ length: 13 }, () => '        H');
const scene = [...ladder, '     @@ H', '     @$#H   &'];

const onLadder = (): Uint8Array => {
  const mask = new Uint8Array(448);
  for (let y = 0; y < 16; y++) mask[idx(8, y)] = 1;
  return mask;
};

describe('graphs shared by the searches', () => {
  it('gives the graph already built for the same terrain, with the moves of a fresh one', () => {
    const s = sceneGame(scene).state;
    const first = sharedGraph(terrainFromState(s));
    expect(sharedGraph(terrainFromState(s))).toBe(first);
    expect(first).toEqual(coreOf(buildNavGraph(terrainFromState(s))));
  });

  it('builds its own graph for a terrain with one more hole open: the pocket opens', () => {
    const game = sceneGame(scene);
    const closed = sharedGraph(terrainFromState(game.state));
    const inPocket = (graph: ReturnType<typeof sharedGraph>) => costToNearest(graph, routingCell(graph, 6, 14), onLadder());
    expect(inPocket(closed)).toBe(UNREACHABLE);
    const open = structuredClone(game.state);
    open.act[idx(7, 14)] = 0; // the brick dug open (the terrain reads base brick, act empty)
    const opened = sharedGraph(terrainFromState(open));
    expect(opened).not.toBe(closed);
    expect(inPocket(opened)).toBeLessThan(UNREACHABLE);
  });

  it('builds its own graph when gold differs', () => {
    const s = sceneGame(scene).state;
    const withGold = sharedGraph(terrainFromState(s));
    const taken = structuredClone(s);
    taken.base[idx(6, 14)] = 0;
    expect(sharedGraph(terrainFromState(taken))).not.toBe(withGold);
  });
});
