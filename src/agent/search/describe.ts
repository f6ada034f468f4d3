// A plan's macro list from its end node, and its one-line explanation for the model and the
// receipts ("collects 1 gold in 120 ticks (left x4, dig right, ...); closest guard 3.0 tiles").
// Pure.
import { finishedOrAtExit } from './measures.js';
import type { Macro, Node, PlanMode, SearchContext } from './types.js';

export function pathOf(n: Node): Macro[] {
  const out: Macro[] = [];
  for (let c: Node | null = n; c && c.macro; c = c.parent) out.push(c.macro);
  return out.reverse();
}

export function describe(macros: Macro[], n: Node, mode: PlanMode, ctx: SearchContext): string {
  // runs of the same macro read as one: "left x4, dig right, ..."
  const runs: { word: string; n: number }[] = [];
  for (const m of macros) {
    const word = m.kind === 'wait' ? 'wait' : m.key.replace('_', ' ');
    const last = runs.at(-1);
    if (last?.word === word) last.n++;
    else runs.push({ word, n: 1 });
  }
  const moves = runs.map((r) => (r.n > 1 ? `${r.word} x${r.n}` : r.word));
  const shown = moves.slice(0, 8).join(', ') + (moves.length > 8 ? ', ...' : '');
  const gold = ctx.rootGold - n.state.goldCount;
  const gain = finishedOrAtExit(n.state)
    ? 'reaches the exit'
    : gold > 0
      ? `collects ${gold} gold`
      : mode === 'goal'
        ? 'completes the gold'
        : mode === 'escape'
          ? `stays alive ${n.ticks} ticks away from the guards (no plan to gold holds out)`
          : 'gets closer to gold (no goal within the search budget)';
  const guard = n.closest >= 99 ? 'no guard near' : `closest guard ${n.closest.toFixed(1)} tiles`;
  return `${gain} in ${n.ticks} ticks (${shown}); ${guard}`;
}
