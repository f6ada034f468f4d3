// The flat navigation graph as a specification: it holds exactly the moves of the edge graph, cell
// by cell and in the same order, on every Classic level (holes open or closed, with or without the
// relaxed digs), so the search's sortie graphs route as the edge graphs did.
import { describe, expect, it } from 'vitest';
import { buildNavCore, buildNavGraph, costToGo, reachableFrom, routingCell } from '../../src/agent/nav.js';
import { terrainFromState } from '../../src/agent/terrain.js';
import { Game } from '../../src/game/index.js';
import { KEY } from '../../src/game/keys.js';

describe('buildNavCore', () => {
  it('lists every cell its moves of the edge graph, in their order, on all 150 Classic levels', () => {
    let moves = 0;
    let withHole = 0;
    for (let level = 1; level <= 150; level++) {
      const game = Game.fromLevel(1, level, { seed: 1 });
      game.press(KEY.DIG_LEFT, 30); // a hole open where the start allows one
      if (terrainFromState(game.state).openHole.includes(1)) withHole++;
      for (const holesClosed of [false, true])
        for (const digDown of [false, true]) {
          const terrain = terrainFromState(game.state, { holesClosed });
          const graph = buildNavGraph(terrain, { digDown });
          const core = buildNavCore(terrain, { digDown });
          expect(core.rest).toEqual(graph.rest);
          for (let c = 0; c < 448; c++) {
            const flat = [];
            for (let i = core.start[c]!; i < core.start[c + 1]!; i++) flat.push([core.to[i], core.cost[i], core.first[i]]);
            const fromEdges = graph.edges[c]!.map((e) => [e.to, e.cost, ((e.from / 28) | 0) + (e.key === 'down' ? 1 : 0)]);
            expect(flat, `level ${level} cell ${c}`).toEqual(fromEdges);
            moves += flat.length;
          }
        }
    }
    expect(moves).toBeGreaterThan(100_000);
    expect(withHole).toBeGreaterThan(20);
  });

  it('routes as the edge graph: the same reach and the same fields from the runner', () => {
    for (let level = 1; level <= 150; level += 7) {
      const terrain = terrainFromState(Game.fromLevel(1, level, { seed: 1 }).state);
      const graph = buildNavGraph(terrain);
      const core = buildNavCore(terrain);
      const r = Game.fromLevel(1, level, { seed: 1 }).state.runner;
      const from = routingCell(graph, r.x, r.y);
      expect(routingCell(core, r.x, r.y)).toBe(from);
      expect(reachableFrom(core, from)).toEqual(reachableFrom(graph, from));
      expect(costToGo(core, [from])).toEqual(costToGo(graph, [from]));
    }
  });
});
