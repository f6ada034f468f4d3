// Key codes -> runner commands (game-mechanics §3), so a keyboard, a recording and the
// agent drive the engine through one door. Pure lookup, no state.
import { ACT_DIG_LEFT, ACT_DIG_RIGHT, ACT_DOWN, ACT_LEFT, ACT_RIGHT, ACT_UNKNOWN, ACT_UP, type Action } from './constants.js';

/** The canonical key codes the agent and the UI send. */
export const KEY = {
  STOP: 32,
  LEFT: 37,
  UP: 38,
  RIGHT: 39,
  DOWN: 40,
  DIG_LEFT: 90,
  DIG_RIGHT: 88,
} as const;

const KEY_ACTIONS = new Map<number, Action>([
  [37, ACT_LEFT],
  [74, ACT_LEFT],
  [65, ACT_LEFT],
  [39, ACT_RIGHT],
  [76, ACT_RIGHT],
  [68, ACT_RIGHT],
  [38, ACT_UP],
  [73, ACT_UP],
  [87, ACT_UP],
  [40, ACT_DOWN],
  [75, ACT_DOWN],
  [83, ACT_DOWN],
  [90, ACT_DIG_LEFT],
  [89, ACT_DIG_LEFT],
  [85, ACT_DIG_LEFT],
  [81, ACT_DIG_LEFT],
  [188, ACT_DIG_LEFT],
  [88, ACT_DIG_RIGHT],
  [79, ACT_DIG_RIGHT],
  [69, ACT_DIG_RIGHT],
  [190, ACT_DIG_RIGHT],
]);

/** Any unmapped code (SPACE 32, 'C' 67, ...) is UNKNOWN, which acts as STOP. */
export function keyToAction(keyCode: number): Action {
  return KEY_ACTIONS.get(keyCode) ?? ACT_UNKNOWN;
}

export function isDigKey(keyCode: number): boolean {
  const a = keyToAction(keyCode);
  return a === ACT_DIG_LEFT || a === ACT_DIG_RIGHT;
}

/** A key that starts a waiting level: anything but STOP/UNKNOWN. */
export function isMoveKey(keyCode: number): boolean {
  return keyToAction(keyCode) !== ACT_UNKNOWN;
}
