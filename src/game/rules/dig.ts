// A dig in progress (game-mechanics §4): the guard interrupt test at the start of the tick,
// then one frozen frame; frame 11 opens the hole and starts its refill clock.
// Reads the dig and the layers; writes act, the dig and the open-hole list.
import * as C from '../constants.js';
import { newHole, type GameState } from '../state.js';
import { guardIndexAt, setAct } from './common.js';

// Module-local copies of the shared constants: V8 folds these into optimized code (see guards.ts).
const { BLOCK, DIG_FRAMES, DIG_INTERRUPT_FRAMES, EMPTY, GUARD, idx } = C;

/**
 * Returns true when the dig goes on this tick (the runner stays frozen), false when a guard
 * standing on the brick cancelled it (the runner then moves normally this same tick).
 */
export function continueDig(s: GameState): boolean {
  const d = s.dig!;
  if (s.act[idx(d.x, d.y - 1)] === GUARD) {
    const g = guardIndexAt(s, d.x, d.y - 1);
    if (d.frame < DIG_INTERRUPT_FRAMES && g >= 0 && s.guards[g].yOffset > -11) {
      setAct(s, d.x, d.y, BLOCK);
      s.dig = null;
      return false;
    }
    setAct(s, d.x, d.y, EMPTY);
  }
  d.frame++;
  if (d.frame >= DIG_FRAMES) {
    setAct(s, d.x, d.y, EMPTY);
    s.holes.push(newHole(d.x, d.y, s.tick));
    s.dig = null;
  }
  return true;
}
