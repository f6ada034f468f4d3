// Names <-> key codes for the planner's moves, shared by candidates, prompts and policies.
import { KEY } from '../game/keys.js';
import type { MoveKey } from './nav.js';

export type KeyName = MoveKey | 'stop';

export const KEY_OF: Record<KeyName, number> = {
  left: KEY.LEFT,
  right: KEY.RIGHT,
  up: KEY.UP,
  down: KEY.DOWN,
  dig_left: KEY.DIG_LEFT,
  dig_right: KEY.DIG_RIGHT,
  stop: KEY.STOP,
};

export const NAME_OF_KEY: Record<number, KeyName> = Object.fromEntries(Object.entries(KEY_OF).map(([k, v]) => [v, k as KeyName]));

export const isDigKeyName = (k: KeyName) => k === 'dig_left' || k === 'dig_right';
