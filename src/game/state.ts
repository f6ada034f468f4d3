// The complete mutable state of one game as plain data (typed arrays for the two layers).
// Every rule function reads and writes only this object, which is what makes clone(),
// serialize() and restore() exact: there is nothing else to copy. The small factories below
// are the only places its records are built, so each kind of record has one V8 hidden class.
import type { Action } from './constants.js';

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
   * Bitmasks of `base` without its gold for the guards' floor scan (rules/terrain.ts). Never
   * mutated: shared by clones (and games of one level), replaced when hidden ladders appear.
   * Never serialized.
   */
  terrain: Int32Array;
  /** Per column, the rows where `base` holds gold (bit y); setBase keeps it true. Never serialized. */
  goldMask: Uint16Array;
  /** Per row, the columns where a guard's walk along it ends (rules/terrain.ts); setAct keeps it true. Never serialized. */
  walkStops: Int32Array;
}

// One object literal per record kind, with its keys always in the same order: states made by
// createState, cloneState and restoreState then share hidden classes and the rule code stays
// monomorphic (a copy made with `{ ...spread }` would get a different hidden class).
export function newMover(x: number, y: number, xOffset: number, yOffset: number, action: Action): Mover {
  return { x, y, xOffset, yOffset, action };
}

export function newGuard(
  x: number,
  y: number,
  xOffset: number,
  yOffset: number,
  action: Action,
  hasGold: number,
  holeX: number,
  holeY: number,
): GuardState {
  return { x, y, xOffset, yOffset, action, hasGold, holeX, holeY };
}

export function newDig(x: number, y: number, direction: -1 | 1, frame: number): ActiveDig {
  return { x, y, direction, frame };
}

export function newHole(x: number, y: number, openedAt: number): OpenHole {
  return { x, y, openedAt };
}

export function newTimed(id: number, since: number): TimedGuard {
  return { id, since };
}
