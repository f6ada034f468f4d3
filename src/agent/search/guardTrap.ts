// Trapping a guard as one choice of the plan search: dig in front of a free guard coming along
// the runner's row, then stand still until he drops into the hole (or give up when he does not),
// so a guard camping a corridor or a ladder foot is crossed over while he is stuck. As single
// macros (a dig, then waits of a few ticks each) the search rarely ranks the waits high enough
// to see the guard fall. Reads the state; the caller runs the steps on an engine copy.
import { ACT_IN_HOLE, ACT_REBORN } from '../../game/constants.js';
import { canDig, runnerCanAct } from '../../game/rules/runner.js';
import type { GameState } from '../../game/state.js';
import { runnerSettled } from '../sim.js';

/** Tiles (along the row) within which a guard is worth a trap; nearer than 2 he is on the hole before it opens. */
export const TRAP_REACH = { min: 2, max: 7 } as const;
/** Ticks the runner waits for the guard after the dig before giving the trap up. */
export const TRAP_WAIT_TICKS = 60;

/** Whether a free guard walks the runner's row on side `dir`, within reach of a trap there. */
export function trapWorthTrying(s: GameState, dir: -1 | 1): boolean {
  const r = s.runner;
  if (!runnerSettled(r) || !runnerCanAct(s) || s.dig !== null || !canDig(s, dir)) return false;
  for (const g of s.guards) {
    if (g.action === ACT_IN_HOLE || g.action === ACT_REBORN || g.y !== r.y) continue;
    const d = (g.x - r.x) * dir;
    if (d >= TRAP_REACH.min && d <= TRAP_REACH.max) return true;
  }
  return false;
}

/** Whether a guard is stuck in the hole at (x, y). */
export const guardTrappedAt = (s: GameState, x: number, y: number) =>
  s.guards.some((g) => g.action === ACT_IN_HOLE && g.x === x && g.y === y);
