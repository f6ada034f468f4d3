// Small drivers shared by the rule specs: read a cell of either layer, run ticks until a
// condition holds, and edit a game through its serialized form (so no cached data goes stale).
import { Game, idx, type EngineState } from '../../../src/game/index.js';

export const actAt = (game: Game, x: number, y: number): number => game.state.act[idx(x, y)];
export const baseAt = (game: Game, x: number, y: number): number => game.state.base[idx(x, y)];

/** Index of the next tick to run (ticks are numbered from 0; `state.tick` counts those that ran). */
export const nextTick = (game: Game): number => game.state.tick;

/**
 * Steps (with no key) until `done()` holds after a tick; returns the index of that tick.
 * Throws if it does not happen within `limit` ticks or the game stops running.
 */
export function runUntil(game: Game, done: () => boolean, limit = 2_000): number {
  for (let i = 0; i < limit; i++) {
    const t = game.state.tick;
    if (!game.step()) throw new Error(`the game stopped (${game.state.status}) at tick ${t} before the condition held`);
    if (done()) return t;
  }
  throw new Error(`condition not reached within ${limit} ticks`);
}

/** A copy of `game` whose serialized state was changed by `edit` (validated by Game.restore). */
export function edited(game: Game, edit: (e: EngineState) => void): Game {
  const e = structuredClone(game.serialize());
  edit(e);
  return Game.restore(e);
}

/** Replaces the tile at (x, y) in a serialized layer string. */
export function setTile(layer: string, x: number, y: number, tile: number): string {
  const i = idx(x, y);
  return layer.slice(0, i) + String(tile) + layer.slice(i + 1);
}
