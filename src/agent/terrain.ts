// The terrain the planner reasons over: one tile code per cell (engine codes), with open holes
// and unrevealed hidden ladders as EMPTY and actors removed. Built from the engine state when
// the snapshot carries it (exact), else from the snapshot's grids. Pure; returns new arrays.
import { BAR, BLOCK, CELLS, EMPTY, GOLD, HLADR, LADDR, SOLID, TRAP, idx } from '../game/constants.js';
import type { GameState } from '../game/state.js';
import type { Snapshot } from './schemas.js';

export interface Terrain {
  /** Static terrain for movement: EMPTY, BLOCK (intact brick), SOLID, LADDR, BAR, TRAP. */
  tiles: Uint8Array;
  /** Gold lying on the board (base layer), by cell. */
  gold: Uint8Array;
  /** Cells that are bricks dug open right now (they will refill). */
  openHole: Uint8Array;
}

const CHAR_TILE: Record<string, number> = { '#': BLOCK, '@': SOLID, H: LADDR, '-': BAR, X: TRAP };

/**
 * A blank terrain, its three layers views of one buffer: the plan search makes one per set of open
 * holes it meets (tens of thousands a decision on a level dug through), and a buffer each would be
 * three backing stores outside the heap for the collector to free.
 */
function emptyTerrain(): Terrain {
  const buffer = new ArrayBuffer(3 * CELLS);
  return {
    tiles: new Uint8Array(buffer, 0, CELLS),
    gold: new Uint8Array(buffer, CELLS, CELLS),
    openHole: new Uint8Array(buffer, 2 * CELLS, CELLS),
  };
}

/**
 * `holesClosed`: treat open holes as the bricks they will be again (the lasting terrain), which is
 * what "can the runner still get anywhere from here" must be judged on. `hiddenRevealed`: hidden
 * ladders as the ladders they become when the last gold is taken (the way to the exit); no gold
 * lies on that board, so none stops a dig either (a brick under gold cannot be dug while it lies there).
 */
export function terrainFromState(s: GameState, options: { holesClosed?: boolean; hiddenRevealed?: boolean } = {}): Terrain {
  const hidden = options.hiddenRevealed ? LADDR : EMPTY;
  const { tiles, gold, openHole } = emptyTerrain();
  for (let i = 0; i < CELLS; i++) {
    const b = s.base[i];
    if (b === GOLD && !options.hiddenRevealed) gold[i] = 1;
    if (b === BLOCK && s.act[i] !== BLOCK && !options.holesClosed) {
      // a hole (open, or being dug and already empty)
      openHole[i] = 1;
      tiles[i] = EMPTY;
    } else tiles[i] = b === GOLD ? EMPTY : b === HLADR ? hidden : b;
  }
  return { tiles, gold, openHole };
}

export function terrainFromSnapshot(snapshot: Snapshot): Terrain {
  const { tiles, gold, openHole } = emptyTerrain();
  for (let y = 0; y < 16; y++) {
    const row = snapshot.terrainGrid[y];
    const baseRow = snapshot.baseGrid[y];
    for (let x = 0; x < 28; x++) {
      tiles[idx(x, y)] = CHAR_TILE[row[x]] ?? EMPTY;
      if (baseRow[x] === '$') gold[idx(x, y)] = 1;
    }
  }
  for (const h of snapshot.openHoles) {
    tiles[idx(h.x, h.y)] = EMPTY;
    openHole[idx(h.x, h.y)] = 1;
  }
  return { tiles, gold, openHole };
}
