// The search frontier (issue #16, target queues): a main queue by the node's own f and one queue
// per target gold ranked by the estimate towards that gold alone, taken in turn, each node handed
// out once. Plain data: nodes here carry only what the queues read.
import { describe, expect, it } from 'vitest';
import { Frontier, hashState, placeKey } from '../../../src/agent/search/frontier.js';
import { Game } from '../../../src/game/index.js';
import { cloneState } from '../../../src/game/serialize.js';
import { newHole } from '../../../src/game/state.js';
import type { Node } from '../../../src/agent/search/types.js';

const node = (name: string, f: number, depth = 0) => ({ name, f, depth }) as unknown as Node & { name: string };
const drain = (frontier: Frontier) => {
  const out: string[] = [];
  for (let n = frontier.pop(); n; n = frontier.pop()) out.push((n as Node & { name: string }).name);
  return out;
};

describe('the search frontier', () => {
  it('without targets it is a min-heap by f, ties to the deeper node', () => {
    const frontier = new Frontier(0);
    for (const n of [node('c', 3), node('a', 1), node('b-shallow', 2, 1), node('b-deep', 2, 5)]) frontier.push(n);
    expect(drain(frontier)).toEqual(['a', 'b-deep', 'b-shallow', 'c']);
  });

  it("a node the main queue ranks last comes out on its target's turn", () => {
    const frontier = new Frontier(1);
    // main f: near 1, mid 2, far 9; towards the target: far is best
    frontier.push(node('near', 1), [8]);
    frontier.push(node('mid', 2), [7]);
    frontier.push(node('far', 9), [0]);
    // main, target, main, ...
    expect(drain(frontier)).toEqual(['near', 'far', 'mid']);
  });

  it('each node is handed out once though it sits in every queue', () => {
    const frontier = new Frontier(2);
    const names = ['a', 'b', 'c', 'd', 'e'];
    names.forEach((name, i) => frontier.push(node(name, i), [names.length - i, (i * 3) % 5]));
    const out = drain(frontier);
    expect([...out].sort()).toEqual(names);
  });

  it('the target queues are taken in rotation between pops of the main queue', () => {
    const frontier = new Frontier(2);
    frontier.push(node('main-best', 0), [9, 9]);
    frontier.push(node('t0-best', 5), [0, 9]);
    frontier.push(node('t1-best', 6), [9, 0]);
    frontier.push(node('main-second', 1), [8, 8]);
    expect(drain(frontier)).toEqual(['main-best', 't0-best', 'main-second', 't1-best']);
  });

  it('ties in a target queue go to the deeper node, as in the main queue', () => {
    const frontier = new Frontier(1);
    frontier.push(node('root', 0), [9]);
    frontier.push(node('shallow', 5, 1), [1]);
    frontier.push(node('deep', 6, 4), [1]);
    frontier.push(node('other', 7, 0), [2]);
    expect(drain(frontier).slice(0, 2)).toEqual(['root', 'deep']);
  });
});

describe('the state key and the place key', () => {
  // Classic 1 has guards; a copy of its start with one thing changed at a time
  const start = () => cloneState(Game.fromLevel(1, 1, { seed: 1 }).state, false);

  it('a copy of a state has the same keys, and the state key is the place key plus the guards', () => {
    const s = start();
    expect(s.guards.length).toBeGreaterThan(0);
    expect(hashState(cloneState(s, false))).toBe(hashState(s));
    expect(placeKey(cloneState(s, false))).toBe(placeKey(s));
    expect(hashState(s).length).toBe(placeKey(s).length + 2 * s.guards.length);
  });

  it('a guard on another cell is another state but the same place', () => {
    const s = start();
    const moved = cloneState(s, false);
    moved.guards[0]!.x += 1;
    expect(hashState(moved)).not.toBe(hashState(s));
    expect(placeKey(moved)).toBe(placeKey(s));
  });

  it('the runner elsewhere, less gold or an open hole is another state and another place', () => {
    const s = start();
    const variants = [
      (c: ReturnType<typeof start>) => (c.runner.x += 1),
      (c: ReturnType<typeof start>) => (c.runner.xOffset += 2),
      (c: ReturnType<typeof start>) => (c.goldCount -= 1),
      (c: ReturnType<typeof start>) => c.holes.push(newHole(3, 4, 0)),
    ];
    const keys = new Set([hashState(s)]);
    const places = new Set([placeKey(s)]);
    for (const change of variants) {
      const c = cloneState(s, false);
      change(c);
      keys.add(hashState(c));
      places.add(placeKey(c));
    }
    expect(keys.size).toBe(variants.length + 1);
    expect(places.size).toBe(variants.length + 1);
  });

  it('the keys of a state with many holes are built whole (no leftover from a longer key before)', () => {
    const s = start();
    const holed = cloneState(s, false);
    for (let x = 0; x < 10; x++) holed.holes.push(newHole(x, 5, 0));
    const long = hashState(holed);
    expect(hashState(s)).toBe(hashState(cloneState(s, false)));
    expect(hashState(s).length).toBe(long.length - 20);
  });
});
