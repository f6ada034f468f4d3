// Tile codes, actions and geometry shared by every rule file of the engine.
// Numbers (not strings) so the two layers fit in Uint8Arrays and a tick allocates nothing.
// Values follow game-mechanics §1–§3; nothing here reads or writes state.

export const WIDTH = 28;
export const HEIGHT = 16;
export const MAX_X = WIDTH - 1;
export const MAX_Y = HEIGHT - 1;
export const CELLS = WIDTH * HEIGHT;

/** Tile codes for the `base` and `act` layers. */
export const EMPTY = 0;
export const BLOCK = 1;
export const SOLID = 2;
export const LADDR = 3;
export const BAR = 4;
export const TRAP = 5;
export const HLADR = 6;
export const GOLD = 7;
export const GUARD = 8;
export const RUNNER = 9;
export type Tile = number;

/** Actions of the runner and guards (step kinds and persistent states). */
export const ACT_STOP = 0;
export const ACT_LEFT = 1;
export const ACT_RIGHT = 2;
export const ACT_UP = 3;
export const ACT_DOWN = 4;
export const ACT_FALL = 5;
export const ACT_FALL_BAR = 6;
export const ACT_DIG_LEFT = 7;
export const ACT_DIG_RIGHT = 8;
export const ACT_DIGGING = 9;
export const ACT_IN_HOLE = 10;
export const ACT_CLIMB_OUT = 11;
export const ACT_REBORN = 12;
export const ACT_UNKNOWN = 13;
export type Action = number;

export const ACTION_NAMES = [
  'stop',
  'left',
  'right',
  'up',
  'down',
  'fall',
  'fall_bar',
  'dig_left',
  'dig_right',
  'digging',
  'in_hole',
  'climb_out',
  'reborn',
  'stop',
] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/** Logical pixel geometry of one tile and of one movement step. */
export const TILE_W = 40;
export const TILE_H = 44;
export const W2 = 20;
export const H2 = 22;
export const W4 = 10;
export const H4 = 11;
export const X_MOVE = 8;
export const Y_MOVE = 9;

/** Timings in ticks (rule sets 3 and 4). */
export const TICKS_PER_SECOND_OF_GAME_TIME = 16;
export const MAX_GAME_TIME = 999;
export const DIG_FRAMES = 11;
export const DIG_INTERRUPT_FRAMES = 8;
export const HOLE_REFILL_PHASES = [166, 8, 8, 4] as const;
export const HOLE_OPEN_TICKS = 186;
export const SHAKE_TICKS_AI4 = 66;
export const SHAKE_TICKS_AI3 = 51;
export const REBORN_TICKS = 8;
export const MAX_GUARDS = 5;

/** Guard moves per tick by guard count, columns 0..5 (game-mechanics §5). */
export const MOVE_POLICY: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0],
  [0, 1, 0, 1, 0, 1],
  [1, 1, 1, 1, 1, 1],
  [1, 2, 1, 1, 2, 1],
  [1, 2, 2, 1, 2, 2],
  [2, 2, 2, 2, 2, 2],
];

/** Scores. */
export const SCORE_GOLD = 250;
export const SCORE_TRAP = 75;
export const SCORE_GUARD_DEAD = 75;

/** Cell index into the row-major layers. */
export const idx = (x: number, y: number): number => y * WIDTH + x;
