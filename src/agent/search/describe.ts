// A plan's macro list from its end node, and its one-line explanation for the model and the
// receipts ("collects 1 gold in 120 ticks (left x4, dig right, ...); closest guard 3.0 tiles").
// Pure.
import { finishedOrAtExit } from './measures.js';
import type { GameState } from '../../game/state.js';
import type { Macro, Node, PlanMode } from './types.js';

export function pathOf(n: Node): Macro[] {
  const out: Macro[] = [];
  for (let c: Node | null = n; c && c.macro; c = c.parent) out.push(c.macro);
  return out.reverse();
}

/** `end`: where the plan ends, after how many ticks, and the closest a guard came (tiles); `rootGold`: gold left at its start. */
export function describe(
  macros: Macro[],
  end: { state: GameState; ticks: number; closest: number },
  mode: PlanMode,
  rootGold: number,
): string {
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
  const gold = rootGold - end.state.goldCount;
  const gain = finishedOrAtExit(end.state)
    ? 'reaches the exit'
    : gold > 0
      ? `collects ${gold} gold`
      : mode === 'goal'
        ? 'completes the gold'
        : mode === 'escape'
          ? `stays alive ${end.ticks} ticks away from the guards (no plan to gold holds out)`
          : 'gets closer to gold (no goal within the search budget)';
  const guard = end.closest >= 99 ? 'no guard near' : `closest guard ${end.closest.toFixed(1)} tiles`;
  return `${gain} in ${end.ticks} ticks (${shown}); ${guard}`;
}
