// The guards-on-the-way count the plan search adds to every child's estimate (reach.ts) reads the
// way down a ticks-to-go field as a tree, so "this guard stands 1 to 40 steps down the runner's
// way" is an ancestor test instead of a walk. These specs hold it to the walk it replaces, cell by
// cell and guard by guard, on the fields of real Classic levels.
import { describe, expect, it } from 'vitest';
import { ACT_STOP, idx } from '../../../src/game/constants.js';
import { Game } from '../../../src/game/game.js';
import type { GameState } from '../../../src/game/state.js';
import { newGuard, newHole } from '../../../src/game/state.js';
import { UNREACHABLE, type NavGraph } from '../../../src/agent/nav.js';
import { newSearch } from '../../../src/agent/search/bestFirst.js';
import { fieldFor, guardsOnRoute } from '../../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/planSearch.js';

/** The next cell down the field: the last edge that keeps to the shortest way, -1 when none. */
function stepDown(graph: NavGraph, toGo: Int32Array, cell: number): number {
  let next = -1;
  for (const e of graph.edges[cell]!) if (toGo[e.to]! + e.cost === toGo[cell]) next = e.to;
  return next;
}

/** The walk: step down the field up to 40 steps or the target, counting free guards met. */
function walkedCount(graph: NavGraph, toGo: Int32Array, from: number, s: GameState): number {
  let onRoute = 0;
  let cell = from;
  for (let i = 0; i < 40 && toGo[cell]! > 0; i++) {
    const next = stepDown(graph, toGo, cell);
    if (next < 0) break;
    cell = next;
    for (const g of s.guards) if (idx(g.x, g.y) === cell && !s.holes.some((h) => h.x === g.x && h.y === g.y)) onRoute++;
  }
  return onRoute;
}

/** The level's start state with its guards replaced by `guards` (cells) and the given open holes. */
function withGuards(s: GameState, guards: number[], holes: number[] = []): GameState {
  return {
    ...s,
    guards: guards.map((c) => newGuard(c % 28, (c / 28) | 0, 0, 0, ACT_STOP, 0, -1, -1)),
    holes: holes.map((c) => newHole(c % 28, (c / 28) | 0, 0)),
  };
}

describe("guards on the runner's way: the tree answers as the walk does", () => {
  for (const level of [1, 7, 24, 43, 88, 99, 131]) {
    it(`Classic ${level}: every reachable cell, guards placed on every third cell`, () => {
      const root = Game.fromLevel(1, level, { seed: 1 }).state;
      const { ctx } = newSearch(root, 1000, DEFAULT_PLAN_SEARCH);
      const { graph, toGo } = fieldFor(ctx, root);
      let compared = 0;
      let counted = 0;
      for (let from = 0; from < 28 * 16; from++) {
        if (toGo[from]! >= UNREACHABLE || toGo[from] === 0) continue;
        for (let g = from % 3; g < 28 * 16; g += 3) {
          const s = withGuards(root, [g, (g + 29) % 448]);
          const expected = walkedCount(graph, toGo, from, s);
          expect(guardsOnRoute(graph, toGo, from, s)).toBe(expected);
          compared++;
          counted += expected;
        }
      }
      // the fixture exercises both answers
      expect(compared).toBeGreaterThan(1000);
      expect(counted).toBeGreaterThan(50);
    });
  }

  it('Classic 99: a guard 40 steps down a longer way is counted, one 41 steps down is not', () => {
    const root = Game.fromLevel(1, 99, { seed: 1 }).state;
    const { ctx } = newSearch(root, 1000, DEFAULT_PLAN_SEARCH);
    const { graph, toGo } = fieldFor(ctx, root);
    // the cell whose way down the field is longest (72 steps on this level's start)
    let from = -1;
    let way: number[] = [];
    for (let c = 0; c < 28 * 16; c++) {
      if (toGo[c]! >= UNREACHABLE) continue;
      const cells: number[] = [];
      let cell = c;
      while (toGo[cell]! > 0) {
        const next = stepDown(graph, toGo, cell);
        if (next < 0) break;
        cells.push((cell = next));
      }
      if (cells.length > way.length) [from, way] = [c, cells];
    }
    expect(way.length).toBeGreaterThan(41);
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [way[39]!]))).toBe(1);
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [way[40]!]))).toBe(0);
  });

  it('a guard held in an open hole on the way is not counted; two guards on one cell count twice', () => {
    const root = Game.fromLevel(1, 1, { seed: 1 }).state;
    const { ctx } = newSearch(root, 1000, DEFAULT_PLAN_SEARCH);
    const { graph, toGo } = fieldFor(ctx, root);
    const r = root.runner;
    const from = idx(r.x, r.y);
    // the runner's next step down the way
    const next = stepDown(graph, toGo, from);
    expect(next).toBeGreaterThanOrEqual(0);
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [next]))).toBe(1);
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [next, next]))).toBe(2);
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [next], [next]))).toBe(0);
    // a guard at the runner's own cell is not down his way
    expect(guardsOnRoute(graph, toGo, from, withGuards(root, [from]))).toBe(0);
  });
});
