// Partial plans: when no goal is found within the budget, the search keeps the nodes nearest to
// gold (smallest estimate, then fewest ticks) and follows the closest one whose end state holds
// out, preferring those that kept clear of the guards. Reads search nodes; runs survival checks.
import { holdsOut } from '../sim.js';
import type { Node } from './types.js';

const NEAREST_KEPT = 10;
// with revisitPenalty, cells the runner kept coming back to rank behind (Node.revisit)
const rank = (n: Node) => n.h + (n.revisit ?? 0);
const closer = (p: Node, q: Node) => rank(p) < rank(q) || (rank(p) === rank(q) && p.ticks < q.ticks);

/** Whether `n` would make the list of nearest nodes (checked before the dearer tests). */
export const wouldKeep = (list: Node[], n: Node) => list.length < NEAREST_KEPT || closer(n, list[list.length - 1]!);

export function keepNearest(list: Node[], n: Node): void {
  if (!wouldKeep(list, n)) return;
  let i = list.length;
  while (i > 0 && closer(n, list[i - 1]!)) i--;
  list.splice(i, 0, n);
  if (list.length > NEAREST_KEPT) list.pop();
}

/** Closest approach (tiles) a partial plan may make to a guard and still be preferred. */
const PARTIAL_MARGIN = 2;

/**
 * The partial plan to follow when no goal was found: the closest to gold whose end state holds
 * out, preferring those that never come within PARTIAL_MARGIN tiles of a guard — without a goal
 * in sight, progress is not worth brushing past a guard.
 */
export function partialThatHoldsOut(list: Node[], horizon: number, leadsOn: (n: Node) => boolean = () => true): Node | null {
  // the list holds no plan that ends in a hole (it refills, and the runner with it) nor one
  // that leaves gold behind for good: bestFirst keeps no others
  const ordered = [...list.filter((n) => n.closest >= PARTIAL_MARGIN), ...list.filter((n) => n.closest < PARTIAL_MARGIN)];
  let trap: Node | null = null;
  for (const n of ordered) {
    if (!holdsOut(n.state, horizon)) continue;
    if (leadsOn(n)) return n;
    trap ??= n;
  }
  return trap;
}
