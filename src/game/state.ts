// The complete mutable state of one game as plain data (typed arrays for the two layers).
// Every rule function reads and writes only this object, which is what makes clone(),
// serialize() and restore() exact: there is nothing else to copy.
import type { Action } from './constants.js';

/** The "no memo yet" value of GameState.scanMemo. */
export const NO_SCAN_MEMO = new Int8Array(0);

export interface Mover {
  x: number;
  y: number;
  xOffset: number;
  yOffset: number;
  action: Action;
}

export interface GuardState extends Mover {
  /** >0 ticks-until-drop counter while carrying gold, <0 cool-down, 0 free. */
  hasGold: number;
  /** Hole cell while climbing out (valid when action is CLIMB_OUT). */
  holeX: number;
  holeY: number;
}

export interface ActiveDig {
  /** The brick being dug (one row below the runner). */
  x: number;
  y: number;
  direction: -1 | 1;
  frame: number;
}

export interface OpenHole {
  x: number;
  y: number;
  /** `tick` at which the dig completed; the hole closes 186 ticks later. */
  openedAt: number;
}

export interface TimedGuard {
  id: number;
  /** `tick` at which the timer started. */
  since: number;
}

export type GameStatus = 'start' | 'running' | 'finish' | 'runner_dead';
export type DeathCause = 'guard' | 'hole' | null;

/** A recorded legacy demo being replayed (game-mechanics §7). Shared, never mutated. */
export interface PlaybackSource {
  action: readonly number[];
  goldDrop: readonly number[];
  bornPos: readonly number[];
}

export interface Playback {
  source: PlaybackSource;
  actionIndex: number;
  goldIndex: number;
  bornIndex: number;
}

export interface Recording {
  action: number[];
  lastKey: number;
  goldDrop: number[];
  born: number[]; // x0, y0, x1, y1, ...
}

export interface GameState {
  playData: number;
  level: number;
  ai: 3 | 4;
  godMode: boolean;
  base: Uint8Array;
  act: Uint8Array;
  runner: Mover;
  guards: GuardState[];
  keyAction: Action;
  status: GameStatus;
  deathCause: DeathCause;
  /** Ticks run so far (the demo's record tick count). */
  tick: number;
  score: number;
  goldCount: number;
  goldComplete: boolean;
  dig: ActiveDig | null;
  holes: OpenHole[];
  shakes: TimedGuard[];
  reborns: TimedGuard[];
  moveOffset: number;
  moveId: number;
  rng: number;
  bornColumns: number[];
  bornCursor: number;
  playback: Playback | null;
  recording: Recording | null;
  /**
   * Memo of guard floor scans, a pure function of `base`: shared by clones while their base
   * is the same and replaced by the empty NO_SCAN_MEMO on every write to `base` (one field
   * type, so V8 keeps one object shape). Never serialized.
   */
  scanMemo: Int8Array;
}
