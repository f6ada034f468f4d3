// The graphs shared by the analysis, the candidate checks and the searches of one process are
// keyed by all they are built from: the same terrain and build options give the graph already built
// (the time saved), while a terrain that differs in one open hole, or in one gold, or a build with
// other options, gets a graph of its own. A cache keyed by less, or a search that kept what it
// derives for its own root with the shared graph, would make a plan depend on what ran before it
// (the lens re-runs a step in a process that has run others).
import { describe, expect, it } from 'vitest';
import { idx } from '../../src/game/constants.js';
import { buildNavGraph, costToNearest, reachableFrom, routingCell, UNREACHABLE } from '../../src/agent/nav.js';
import { coreOf } from '../../src/agent/navCore.js';
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { forgetPausedSearches } from '../../src/agent/search/paused.js';
import { newSearch } from '../../src/agent/search/bestFirst.js';
import { planSearch } from '../../src/agent/search/planSearch.js';
import { rootReachesExit } from '../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH } from '../../src/agent/search/types.js';
import { forgetSharedGraphs, sharedGraph, sharedNavGraph, sharedReach } from '../../src/agent/sharedGraphs.js';
import { Game } from '../../src/game/game.js';
import type { Snapshot } from '../../src/game/schemas.js';
import { terrainFromState } from '../../src/agent/terrain.js';
import { playAgent } from './helpers/playAgent.js';
import { sceneGame } from './helpers/scene.js';

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

  it('keeps an edge graph per build option: the dig-relaxed graph is not the plain one', () => {
    const terrain = terrainFromState(sceneGame(scene).state);
    const plain = sharedNavGraph(terrain);
    const relaxed = sharedNavGraph(terrain, { digDown: true });
    expect(sharedNavGraph(terrainFromState(sceneGame(scene).state))).toBe(plain);
    expect(relaxed).not.toBe(plain);
    expect(relaxed).toEqual(buildNavGraph(terrain, { digDown: true }));
    expect(plain).toEqual(buildNavGraph(terrain));
  });

  it('keeps with a graph the cells reachable from a cell, as reachableFrom finds them', () => {
    const graph = sharedNavGraph(terrainFromState(sceneGame(scene).state));
    const from = routingCell(graph, 12, 14); // where the runner stands
    const set = sharedReach(graph, from);
    expect(sharedReach(graph, from)).toBe(set);
    expect(set).toEqual(reachableFrom(graph, from));
    expect(set[idx(8, 0)]).toBe(1); // up the ladder
    const inPocket = sharedReach(graph, routingCell(graph, 6, 14)); // the gold behind the brick
    expect(inPocket).not.toBe(set);
    expect(inPocket[idx(8, 0)]).toBe(0); // no way out of the pocket while its brick stands
  });

  it('builds its own graph when gold differs', () => {
    const s = sceneGame(scene).state;
    const withGold = sharedGraph(terrainFromState(s));
    const taken = structuredClone(s);
    taken.base[idx(6, 14)] = 0;
    expect(sharedGraph(terrainFromState(taken))).not.toBe(withGold);
  });
});

describe('a search on shared graphs', () => {
  // Positions of the agent's own play on one level: their searches share the lasting terrain's
  // graphs, each from its own root. What a search derives from a shared graph for its root (the
  // root's cells on it) must stay its own, or a plan would depend on the searches run before it.
  /** The first ten decisions of the agent's own play on Classic 16 (seed 1). */
  const positions = (): Snapshot[] => playAgent(Game.fromLevel(1, 16, { seed: 1 }), [], 10);
  const fresh = (s: Snapshot) => {
    forgetPausedSearches();
    return planSearch(analyzeSnapshot(s));
  };

  it('judges each root on its own: a runner walled in by concrete does not reach the exit another runner on the same terrain reaches', () => {
    const tall = Array.from({ length: 13 }, () => '          H');
    const walledIn = sceneGame([...tall, ' @@@      H', ' @&@  $   H']).state;
    const outside = sceneGame([...tall, ' @@@      H', ' @ @  $ & H']).state;
    expect(terrainFromState(walledIn, { holesClosed: true }).tiles).toEqual(terrainFromState(outside, { holesClosed: true }).tiles);
    forgetSharedGraphs();
    expect(rootReachesExit(newSearch(outside, 0, DEFAULT_PLAN_SEARCH).ctx)).toBe(true);
    expect(rootReachesExit(newSearch(walledIn, 0, DEFAULT_PLAN_SEARCH).ctx)).toBe(false);
  });

  it('finds the same plan from each position after the others were searched as in a fresh process', () => {
    const played = positions();
    expect(played.length).toBe(10);
    for (const [i, target] of played.entries()) {
      forgetSharedGraphs();
      const cold = fresh(target);
      forgetSharedGraphs();
      for (const [j, other] of played.entries()) if (j !== i) fresh(other);
      expect(fresh(target), `position ${i}`).toEqual(cold);
    }
  });
});
