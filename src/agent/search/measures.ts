// Cheap readings of a simulated state that every part of the plan search takes: how close the
// nearest guard is and whether the level is over (finished, or the runner on the top row with
// all gold taken). Pure; hot loops call them every tick.
import { ACT_IN_HOLE, ACT_REBORN } from '../../game/constants.js';
import type { GameState } from '../../game/state.js';

/** The closest guard, in tiles (Chebyshev); guards being reborn or stuck in a hole count only with `everyGuard`. */
export function guardDistance(s: GameState, everyGuard = false): number {
  const r = s.runner;
  let best = 99;
  for (const g of s.guards) {
    if (!everyGuard && (g.action === ACT_REBORN || g.action === ACT_IN_HOLE)) continue;
    const d = Math.max(
      Math.abs(g.x * 40 + g.xOffset - r.x * 40 - r.xOffset) / 40,
      Math.abs(g.y * 44 + g.yOffset - r.y * 44 - r.yOffset) / 44,
    );
    if (d < best) best = d;
  }
  return best;
}

export const finishedOrAtExit = (s: GameState) => s.status === 'finish' || (s.goldComplete && s.runner.y === 0 && s.runner.yOffset === 0);
