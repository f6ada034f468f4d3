// Small helpers every rule family shares: who stands where, the writes to the two layers
// (which keep the guards' bitmasks true), leaving a cell, losing gold, and death. They
// mutate the GameState they are given and nothing else.
import * as C from '../constants.js';
import type { DeathCause, GameState } from '../state.js';
import { buildWalkStops, isWalkStop, revealedTerrain } from './terrain.js';

// Module-local copies of the shared constants: V8 folds these into optimized code (see guards.ts).
const { ACT_REBORN, BLOCK, EMPTY, GOLD, HLADR, LADDR, WIDTH, idx } = C;

/** Index of the first guard (by id) standing in cell (x, y), or -1. */
export function guardIndexAt(s: GameState, x: number, y: number): number {
  const guards = s.guards;
  for (let i = 0; i < guards.length; i++) {
    const g = guards[i];
    if (g.x === x && g.y === y) return i;
  }
  return -1;
}

/** Every gold write to the base layer goes through here so `goldMask` stays true. */
export function setBase(s: GameState, i: number, tile: number): void {
  s.base[i] = tile;
  const x = i % WIDTH;
  const bit = 1 << ((i - x) / WIDTH);
  if (tile === GOLD) s.goldMask[x] |= bit;
  else s.goldMask[x] &= ~bit;
}

/** Every write to the act layer goes through here so `walkStops` stays true. */
export function setAct(s: GameState, x: number, y: number, tile: number): void {
  const i = idx(x, y);
  if (s.act[i] === tile) return; // most writes (an actor staying in its cell) change nothing
  s.act[i] = tile;
  const bit = 1 << x;
  if (isWalkStop(tile, s.terrain, y, bit)) s.walkStops[y] |= bit;
  else s.walkStops[y] &= ~bit;
}

/** A live guard is one that is not still respawning. */
export function guardAliveAt(s: GameState, x: number, y: number): boolean {
  const i = guardIndexAt(s, x, y);
  return i >= 0 && s.guards[i].action !== ACT_REBORN;
}

/** An actor leaves (x, y): its act goes back to base, except open holes and hidden ladders. */
export function leaveCell(s: GameState, x: number, y: number): void {
  const i = idx(x, y);
  const b = s.base[i];
  setAct(s, x, y, b === BLOCK || b === HLADR ? EMPTY : b);
}

/** One gold is gone (taken, or destroyed with a guard); the last one reveals hidden ladders. */
export function loseGold(s: GameState): void {
  s.goldCount--;
  if (s.goldCount <= 0 && !s.goldComplete) {
    s.goldCount = 0;
    s.goldComplete = true;
    const { base, act } = s;
    for (let i = 0; i < base.length; i++) {
      if (base[i] === HLADR) {
        base[i] = LADDR;
        act[i] = LADDR;
      }
    }
    s.terrain = revealedTerrain(s.terrain, base);
    s.walkStops = buildWalkStops(act, s.terrain); // new ladders, and new ground above them
  }
}

/** True when the gold in (x, y) is within reach of a mover at these offsets (§6). */
export function inGoldWindow(s: GameState, x: number, y: number, xOffset: number, yOffset: number): boolean {
  if (s.base[idx(x, y)] !== GOLD) return false;
  return (
    (xOffset === 0 && yOffset >= 0 && yOffset < 11) ||
    (yOffset === 0 && xOffset >= 0 && xOffset < 10) ||
    (y < 15 && s.base[idx(x, y + 1)] === LADDR && yOffset < 11)
  );
}

/** Guard deaths respect god mode; a refilling hole kills regardless. */
export function killRunner(s: GameState, cause: Exclude<DeathCause, null>): void {
  if (cause === 'guard' && s.godMode) return;
  if (s.status === 'runner_dead') return;
  s.status = 'runner_dead';
  s.deathCause = cause;
}
