// reachableFrom as a specification: the cells a runner can still get to, which the plan search
// and the candidates use to tell a move that strands gold from one that does not.
import { describe, expect, it } from 'vitest';
import { idx } from '../../src/game/constants.js';
import {
  buildNavGraph,
  costToGo,
  costToNearest,
  lastingGroundReached,
  reachableFrom,
  routingCell,
  UNREACHABLE,
} from '../../src/agent/nav.js';
import { Game } from '../../src/game/index.js';
import { KEY } from '../../src/game/keys.js';
import { terrainFromState } from '../../src/agent/terrain.js';
import { sceneGame } from './helpers/scene.js';

function reachFrom(rows: string[], x: number, y: number, digDown = false): Uint8Array {
  const game = sceneGame(rows);
  const graph = buildNavGraph(terrainFromState(game.state, { holesClosed: true }), { digDown });
  return reachableFrom(graph, routingCell(graph, x, y));
}

describe('reachableFrom', () => {
  // runner (6,13) on a brick row with a one-wide pit at column 9 (its bottom is (9,14))
  const pit = ['      &', '#########$##################'];

  it('from the brick row: the row up to the pit, the pit, and no further (its mouth is a fall)', () => {
    const seen = reachFrom(pit, 6, 13);
    expect(seen[idx(0, 13)]).toBe(1);
    expect(seen[idx(9, 14)]).toBe(1);
    expect(seen[idx(10, 13)]).toBe(0);
  });

  it('from the bottom of the pit: nothing outside it, even digging straight down', () => {
    for (const digDown of [false, true]) {
      const seen = reachFrom(pit, 9, 14, digDown);
      expect(seen[idx(9, 14)]).toBe(1);
      expect(seen[idx(8, 13)]).toBe(0);
      expect(seen[idx(0, 13)]).toBe(0);
    }
  });

  it('marks the cells a fall passes through (gold in mid-air is taken on the way down)', () => {
    // runner (2,10) on a ledge ending at column 4; walking off it falls down column 5 to the floor
    const seen = reachFrom(['  &', '#####', '', '', ''], 2, 10);
    for (let y = 10; y <= 14; y++) expect(seen[idx(5, y)]).toBe(1);
    // nothing leads back up: the ledge is a one-way drop
    expect(reachFrom(['  &', '#####', '', '', ''], 10, 14)[idx(2, 10)]).toBe(0);
  });
});

describe('lastingGroundReached', () => {
  // runner (8,12) on a brick row; the brick (9,13) beside him is dug open, and under it (9,14) is a
  // pocket walled in by bricks on both sides (the floor below is solid)
  const rows = ['        &', '#'.repeat(28), '#########' + ' ' + '#'.repeat(18)];

  it('through an open hole: the pocket it leads to and the row he stands on, never the hole itself', () => {
    const game = sceneGame(rows, { keys: [[KEY.DIG_RIGHT, 30]] });
    expect(game.state.holes.map((h) => [h.x, h.y])).toEqual([[9, 13]]);
    const now = buildNavGraph(terrainFromState(game.state), { digDown: true });
    const lasting = buildNavGraph(terrainFromState(game.state, { holesClosed: true }), { digDown: true });
    const fromRow = lastingGroundReached(now, lasting, 8, 12);
    expect(fromRow).toContain(idx(9, 14));
    expect(fromRow).toContain(idx(0, 12));
    expect(fromRow).not.toContain(idx(9, 13));
    // standing in the hole he falls on into the pocket, and the pocket is all he has
    expect(lastingGroundReached(now, lasting, 9, 13)).toEqual([idx(9, 14)]);
  });
});

describe('costToNearest', () => {
  const mask = (cells: number[]) => {
    const m = new Uint8Array(448);
    for (const c of cells) m[c] = 1;
    return m;
  };

  it('reaches a target the runner only passes in a fall, at the tick he passes it', () => {
    // runner (2,10) on a ledge ending at column 4; walking off it falls down column 5 past (5,12)
    const graph = buildNavGraph(terrainFromState(sceneGame(['  &', '#####', '', '', '']).state, { holesClosed: true }));
    const from = routingCell(graph, 2, 10);
    const ticks = costToNearest(graph, from, mask([idx(5, 12)]));
    expect(ticks).toBeLessThan(UNREACHABLE);
    expect(ticks).toBe(costToGo(graph, [idx(5, 12)])[from]);
  });

  it("is costToGo's value at the cell, on every cell of real levels, for any set of targets", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
    let compared = 0;
    for (let level = 1; level <= 150; level += 15) {
      const state = Game.fromLevel(1, level, { seed: 1 }).state;
      for (const digDown of [false, true]) {
        const graph = buildNavGraph(terrainFromState(state, { holesClosed: true }), { digDown });
        for (let trial = 0; trial < 3; trial++) {
          const targets: number[] = [];
          for (let i = 0; i < 448; i++) if (rand() < 0.02) targets.push(i);
          const field = costToGo(graph, targets);
          const m = mask(targets);
          for (let c = 0; c < 448; c++) {
            if (!graph.rest[c]) continue;
            expect(costToNearest(graph, c, m), `level ${level} cell ${c}`).toBe(field[c]);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(5000);
  });
});

// The exit's graph (hidden ladders shown) is the board once the last gold is taken: no gold lies
// on it, so none stops a dig. Built from a state with gold still about, it used to keep the gold's
// cells, and the brick under a gold could not be dug there: a pocket left through its floor, under
// the gold it held, looked sealed on the way to the exit.
describe('terrainFromState: the board once the gold is complete', () => {
  // the runner at (2,13) on brick; gold at (3,13) on the brick (3,14) he could dig diagonally
  const rows = ['  &$', '  ##'];
  const under = idx(3, 14);
  const digDrops = (hiddenRevealed: boolean) => {
    const state = sceneGame(rows).state;
    const graph = buildNavGraph(terrainFromState(state, { holesClosed: true, hiddenRevealed }));
    return graph.edges[idx(2, 13)]!.filter((e) => e.kind === 'dig_drop' && e.dig === under);
  };

  it('with the gold lying there, the brick under it is no dig', () => {
    expect(terrainFromState(sceneGame(rows).state).gold[idx(3, 13)]).toBe(1);
    expect(digDrops(false)).toEqual([]);
  });

  it('with the hidden ladders shown, no gold lies on the board and the brick under its cell is dug', () => {
    expect(terrainFromState(sceneGame(rows).state, { hiddenRevealed: true }).gold[idx(3, 13)]).toBe(0);
    expect(digDrops(true)).toHaveLength(1);
  });
});
