// The search frontier: a binary min-heap of nodes by f (ties: deeper first, which finishes plans
// sooner) and the state key that detects duplicates. Pure data structures, no simulation.
import type { GameState } from '../../game/state.js';
import type { Node } from './types.js';

/**
 * The state's key: one character per number (offset by 64, so offsets down to -64 stay
 * positive), which is cheaper to build and to look up than a decimal string. Guards come
 * before holes and their number never changes within a level, so the key is unambiguous.
 */
export function hashState(s: GameState): string {
  const r = s.runner;
  let h = String.fromCharCode(r.x + 64, r.y + 64, r.xOffset + 64, r.yOffset + 64, s.goldCount + 64);
  // Guards by cell only: finer keys (offsets, actions, hole ages) multiply the states and cost
  // more depth than they save in Classic 41-80 (measured: 5 cleared against 8).
  for (const g of s.guards) h += String.fromCharCode(g.x + 64, g.y + 64);
  for (const hole of s.holes) h += String.fromCharCode(hole.x + 64, hole.y + 64);
  return h;
}

const less = (p: Node, q: Node) => p.f < q.f || (p.f === q.f && p.depth > q.depth);

export class NodeHeap {
  private items: Node[] = [];
  get size(): number {
    return this.items.length;
  }
  push(n: Node): void {
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
  pop(): Node | undefined {
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
