// The runner's moves on a terrain, as the navigation graphs see them: which cells he can rest in
// and every move out of them (walk, rope, climb, fall, let go, dig-then-drop) with its tick cost,
// read off the engine's movement rules. One generator for both graph forms (nav.ts builds edge
// objects for routes and prompts, navCore.ts flat arrays for the search's many small graphs), so
// the two can never disagree about a move. Reads the terrain; writes only its move record.
import { BAR, BLOCK, CELLS, LADDR, SOLID, TRAP, idx } from '../game/constants.js';
import type { Terrain } from './terrain.js';

export const TICKS_PER_TILE = 5;
export const DIG_TICKS = 12;

export type MoveKind = 'walk' | 'rope' | 'climb_up' | 'climb_down' | 'fall' | 'let_go' | 'dig_drop';
export type MoveKey = 'left' | 'right' | 'up' | 'down' | 'dig_left' | 'dig_right';

export interface NavGraphOptions {
  /**
   * Add a relaxed "dig straight down" move from every cell standing on a brick (cost of two digs
   * and the drop). Not a move the runner can make in one go — shafts and staircases take several
   * digs from beside — so this graph is only a progress estimate for the plan search, which finds
   * the actual dig sequence by exact simulation.
   */
  digDown?: boolean;
  /**
   * With digDown: dig straight down from inside a hole only as deep as a staircase has room for. A
   * staircase d bricks deep is a triangle of holes whose top row the runner digs walking along the
   * row above it, so it needs d + 1 open cells on that row; without this a pocket two cells wide
   * looked as though its floor could be dug through to any depth.
   */
  stairRoom?: boolean;
}

/** Whether a tile stops a runner stepping into it from the side (brick, rock, trap door). */
export const isWallFromSide = (t: number) => t === BLOCK || t === SOLID || t === TRAP;
const supports = (t: number) => t === BLOCK || t === SOLID || t === LADDR;

/** Whether (x, y) holds the runner at offset 0, with `dug` (a brick being treated as open) or -1. */
function restsAt(tiles: Uint8Array, x: number, y: number, dug: number): boolean {
  const i = idx(x, y);
  const t = i === dug ? 0 : tiles[i];
  if (t === BLOCK || t === SOLID) return false;
  if (t === LADDR || t === BAR || y === 15) return true;
  const below = i + 28;
  return below !== dug && supports(tiles[below]);
}

/** Where a runner entering (x, y) at offset 0 comes to rest, falling as needed. */
export function landing(tiles: Uint8Array, x: number, y: number, dug: number): number {
  while (y < 15 && !restsAt(tiles, x, y, dug)) y++;
  return idx(x, y);
}

/** 1 where the runner can be at rest on `tiles` (standing, hanging, holding a ladder). */
export function restCells(tiles: Uint8Array): Uint8Array {
  const rest = new Uint8Array(CELLS);
  for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (restsAt(tiles, x, y, -1)) rest[idx(x, y)] = 1;
  return rest;
}

/** Kinds and keys as the small numbers the move record holds (their index here). */
export const MOVE_KINDS: readonly MoveKind[] = ['walk', 'rope', 'climb_up', 'climb_down', 'fall', 'let_go', 'dig_drop'];
export const MOVE_KEYS: readonly MoveKey[] = ['left', 'right', 'up', 'down', 'dig_left', 'dig_right'];
const [WALK, ROPE, CLIMB_UP, CLIMB_DOWN, FALL, LET_GO, DIG_DROP] = (
  ['walk', 'rope', 'climb_up', 'climb_down', 'fall', 'let_go', 'dig_drop'] as const
).map((k) => MOVE_KINDS.indexOf(k));
const [LEFT, RIGHT, UP, DIG_LEFT, DIG_RIGHT] = (['left', 'right', 'up', 'dig_left', 'dig_right'] as const).map((k) => MOVE_KEYS.indexOf(k));
/** The record's code for the `down` key (a move down crosses cells from the row below its start). */
export const DOWN = MOVE_KEYS.indexOf('down');

/**
 * The moves of the last recordMoves call, in the order it found them (`dig` is the brick a
 * dig-drop digs, else -1). Scratch shared by every build (grown when a graph needs more): read it
 * before the next call.
 */
export const recorded = {
  from: new Int32Array(4096),
  to: new Int32Array(4096),
  kind: new Int32Array(4096),
  key: new Int32Array(4096),
  cost: new Int32Array(4096),
  dig: new Int32Array(4096),
};

const hasMovesScratch = new Uint8Array(CELLS);
const stairDepthScratch = new Uint8Array(CELLS);
/** No staircase deeper than this is dug before its first holes refill (five deep is 15 holes, some 250 ticks of digging and walking, against a hole's 186). */
const STAIR_DEPTH_CAP = 5;

/** The free cells of row y beside (x, y) towards dir, up to a wall: room for a staircase that deep under them. */
function freeRun(tiles: Uint8Array, x: number, y: number, dir: -1 | 1): number {
  let run = 0;
  for (let nx = x + dir; nx >= 0 && nx <= 27 && !isWallFromSide(tiles[idx(nx, y)]); nx += dir) run++;
  return run;
}

/**
 * For stairRoom: how many more bricks a staircase may go down from each cell under a row the
 * runner stands on. The triangle of a staircase lies under the free run he walks along to dig
 * its top row, one brick deep per free cell beside him, and ends where its column opens.
 */
function stairDepths(tiles: Uint8Array, rest: Uint8Array): Uint8Array {
  const depth = stairDepthScratch.fill(0);
  for (let y = 0; y < 15; y++)
    for (let x = 0; x < 28; x++) {
      const i = idx(x, y);
      if (!rest[i] || tiles[i + 28] !== BLOCK || tiles[i] === LADDR || tiles[i] === BAR) continue;
      for (const dir of [-1, 1] as const) {
        const d = Math.min(freeRun(tiles, x, y, dir), STAIR_DEPTH_CAP, 15 - y);
        for (let j = 0; j <= d; j++)
          for (let k = 1; k <= d; k++) {
            const cell = idx(x + dir * j, y + k);
            // the staircase goes down through brick: where the column opens (a pocket, a shaft) the
            // runner lands and stands there, with that row's own room
            if (tiles[cell] !== BLOCK) break;
            if (depth[cell]! < d - k) depth[cell] = d - k;
          }
      }
    }
  return depth;
}

function grow(): void {
  for (const name of ['from', 'to', 'kind', 'key', 'cost', 'dig'] as const) {
    const bigger = new Int32Array(recorded[name].length * 2);
    bigger.set(recorded[name]);
    recorded[name] = bigger;
  }
}

/**
 * Records every move of the graph in `recorded` and returns how many: those out of each rest
 * cell (`rest` from restCells), in cell order, and those out of a dug brick the runner drops into
 * (its cell is then a node too), recorded right after the dig-drop that first lands there. A
 * cell's moves always come in the same order. Both graph forms are read off this record, so the
 * two can never disagree about a move.
 */
export function recordMoves(terrain: Terrain, rest: Uint8Array, options: NavGraphOptions): number {
  const tiles = terrain.tiles;
  const hasMoves = hasMovesScratch.fill(0);
  const stairLeft = options.digDown && options.stairRoom ? stairDepths(tiles, rest) : null;
  let n = 0;
  const out = (from: number, to: number, kind: number, key: number, cost: number, dig: number): void => {
    if (n === recorded.from.length) grow();
    hasMoves[from] = 1;
    recorded.from[n] = from;
    recorded.to[n] = to;
    recorded.kind[n] = kind;
    recorded.key[n] = key;
    recorded.cost[n] = cost;
    recorded.dig[n] = dig;
    n++;
  };

  const addMoves = (x: number, y: number, self: number): void => {
    // `self` >= 0: moves out of a dug brick (the runner dropped into a hole there).
    const from = idx(x, y);
    const cur = from === self ? 0 : tiles[from];
    for (const dir of [-1, 1] as const) {
      const nx = x + dir;
      if (nx < 0 || nx > 27) continue;
      const side = tiles[idx(nx, y)];
      if (isWallFromSide(side)) continue;
      const to = landing(tiles, nx, y, -1);
      const dy = (to - idx(nx, y)) / 28;
      out(from, to, dy > 0 ? FALL : side === BAR ? ROPE : WALK, dir < 0 ? LEFT : RIGHT, TICKS_PER_TILE * (1 + dy), -1);
    }
    if (cur === LADDR && y > 0 && !isWallFromSide(tiles[from - 28])) out(from, from - 28, CLIMB_UP, UP, TICKS_PER_TILE, -1);
    if (y < 15) {
      const below = tiles[from + 28];
      if (below !== BLOCK && below !== SOLID) {
        const to = landing(tiles, x, y + 1, -1);
        const dy = (to - from) / 28;
        out(from, to, below === LADDR ? CLIMB_DOWN : cur === BAR ? LET_GO : FALL, DOWN, TICKS_PER_TILE * dy, -1);
      }
    }
    // Dig a brick diagonally below, step over it and drop through the hole.
    if (y < 15) {
      for (const dir of [-1, 1] as const) {
        const nx = x + dir;
        if (nx < 0 || nx > 27) continue;
        const brick = idx(nx, y + 1);
        const above = idx(nx, y);
        if (tiles[brick] !== BLOCK || tiles[above] !== 0 || terrain.gold[above]) continue;
        const to = landing(tiles, nx, y + 1, brick);
        const dy = (to - above) / 28;
        out(from, to, DIG_DROP, dir < 0 ? DIG_LEFT : DIG_RIGHT, DIG_TICKS + TICKS_PER_TILE * (1 + dy), brick);
        if (tiles[to] === BLOCK && !hasMoves[to]) addMoves(nx, (to / 28) | 0, to);
      }
    }
    // (Digging is diagonal: the runner needs room beside him, unless he is already in a staircase.)
    const roomBeside = (x > 0 && !isWallFromSide(tiles[from - 1])) || (x < 27 && !isWallFromSide(tiles[from + 1]));
    const stairGoesOn = from === self && (stairLeft === null || stairLeft[from]! > 0);
    if (options.digDown && y < 15 && tiles[from + 28] === BLOCK && cur !== LADDR && cur !== BAR && (roomBeside || stairGoesOn)) {
      const brick = from + 28;
      const to = landing(tiles, x, y + 1, brick);
      const dy = (to - from) / 28;
      out(from, to, DIG_DROP, DIG_LEFT, 2 * DIG_TICKS + TICKS_PER_TILE * (1 + dy), brick);
      if (tiles[to] === BLOCK && !hasMoves[to]) addMoves(x, (to / 28) | 0, to);
    }
  };

  for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (rest[idx(x, y)]) addMoves(x, y, -1);
  return n;
}
