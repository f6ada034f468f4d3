// The search frontier: the open lists (binary min-heaps by f, ties deeper first, which finishes
// plans sooner: a main one and one per target gold, taken in turn), the state key that detects
// duplicates and the place key the novelty penalty counts. Pure data structures, no simulation.
import type { GameState } from '../../game/state.js';
import type { Node } from './types.js';

/**
 * The state's key: one character per number (offset by 64, so offsets down to -64 stay
 * positive), which is cheaper to build and to look up than a decimal string. Guards come
 * before holes and their number never changes within a level, so the key is unambiguous.
 */
export function hashState(s: GameState): string {
  return stateKey(s, true);
}

/**
 * The state's key without the guards: where the runner is, what gold is left and which holes are
 * open. Many search states share it (the same place reached while the guards stand elsewhere);
 * the novelty penalty counts them, so the search spreads over new places and hole patterns
 * before it revisits an old one with the guards moved on.
 */
export function placeKey(s: GameState): string {
  return stateKey(s, false);
}

// Both keys are built as one flat string from one list of char codes: appending a piece per guard
// and hole made a chain of small strings that the Set flattened again on every lookup.
const keyCodes: number[] = [];

function stateKey(s: GameState, withGuards: boolean): string {
  const r = s.runner;
  const k = keyCodes;
  k.length = 0;
  k.push(r.x + 64, r.y + 64, r.xOffset + 64, r.yOffset + 64, s.goldCount + 64);
  // Guards by cell only: finer keys (offsets, actions, hole ages) multiply the states and cost
  // more depth than they save in Classic 41-80 (measured: 5 cleared against 8).
  if (withGuards) for (const g of s.guards) k.push(g.x + 64, g.y + 64);
  for (const hole of s.holes) k.push(hole.x + 64, hole.y + 64);
  return String.fromCharCode.apply(null, k);
}

/** What a heap orders: f, then depth (deeper first). */
export interface Ranked {
  f: number;
  depth: number;
}

const less = (p: Ranked, q: Ranked) => p.f < q.f || (p.f === q.f && p.depth > q.depth);

/** A binary min-heap of nodes by their own f. */
export class NodeHeap<T extends Ranked = Node> {
  private items: T[] = [];
  get size(): number {
    return this.items.length;
  }
  push(n: T): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(n, a[p]!)) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = n;
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= a.length) break;
        if (c + 1 < a.length && less(a[c + 1]!, a[c]!)) c++;
        if (!less(a[c]!, last)) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

/**
 * A target's queue: nodes ranked by another f than their own (the estimate towards one gold),
 * the same order as NodeHeap. The ranks live in parallel arrays rather than an entry object per
 * push: a search pushes every child into each target's queue, and those entries were garbage the
 * collector copied while the search ran.
 */
class RankedHeap {
  private readonly fs: number[] = [];
  private readonly depths: number[] = [];
  private readonly nodes: Node[] = [];
  get size(): number {
    return this.nodes.length;
  }
  private less(i: number, f: number, depth: number): boolean {
    const fi = this.fs[i]!;
    return fi < f || (fi === f && this.depths[i]! > depth);
  }
  push(node: Node, f: number): void {
    const { fs, depths, nodes } = this;
    let i = nodes.length;
    fs.push(f);
    depths.push(node.depth);
    nodes.push(node);
    const depth = node.depth;
    while (i > 0) {
      const p = (i - 1) >> 1;
      // the new entry is less than its parent: move the parent down
      if (!(f < fs[p]! || (f === fs[p]! && depth > depths[p]!))) break;
      fs[i] = fs[p]!;
      depths[i] = depths[p]!;
      nodes[i] = nodes[p]!;
      i = p;
    }
    fs[i] = f;
    depths[i] = depth;
    nodes[i] = node;
  }
  pop(): Node | undefined {
    const { fs, depths, nodes } = this;
    if (nodes.length === 0) return undefined;
    const top = nodes[0]!;
    const f = fs.pop()!;
    const depth = depths.pop()!;
    const node = nodes.pop()!;
    const n = nodes.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && this.less(c + 1, fs[c]!, depths[c]!)) c++;
        if (!this.less(c, f, depth)) break;
        fs[i] = fs[c]!;
        depths[i] = depths[c]!;
        nodes[i] = nodes[c]!;
        i = c;
      }
      fs[i] = f;
      depths[i] = depth;
      nodes[i] = node;
    }
    return top;
  }
}

/**
 * The open lists of one search: the main queue (ranked by the node's own f) and one queue per
 * target, each ranked by the f it was pushed with. Every other pop comes from the main queue, the
 * pops between from each target's queue in rotation. A node sits in every queue and is handed
 * out once (a flag on the node: a WeakSet of every node cost more in garbage collection than the
 * search itself). Multiple queues over different estimates, taken in turn, keep one misleading
 * estimate from spending the whole budget.
 */
export class Frontier {
  private readonly main = new NodeHeap();
  private readonly targets: RankedHeap[];
  private turn = 0;

  constructor(readonly targetCount: number) {
    this.targets = Array.from({ length: targetCount }, () => new RankedHeap());
  }

  get size(): number {
    let n = this.main.size;
    for (const q of this.targets) n += q.size;
    return n;
  }

  /** Adds a node: by its own f to the main queue, by `targetF[i]` to target i's queue. */
  push(node: Node, targetF: readonly number[] = []): void {
    this.main.push(node);
    for (let i = 0; i < this.targets.length; i++) this.targets[i]!.push(node, targetF[i]!);
  }

  /** The next node to expand, or undefined when every queue is empty. */
  pop(): Node | undefined {
    const k = this.targets.length;
    for (let tries = 0; tries <= k; tries++) {
      const t = this.turn++;
      const queue = k === 0 || t % 2 === 0 ? -1 : ((t - 1) >> 1) % k;
      for (;;) {
        const n = queue < 0 ? this.main.pop() : this.targets[queue]!.pop();
        if (!n) break;
        if (n.handedOut) continue;
        n.handedOut = true;
        return n;
      }
    }
    return undefined;
  }
}
