// Bitmasks of the terrain the guards' moves read (game-mechanics §5): per column (bit y = row y)
// where a fall lands, which rows have a walkable side, where the ladders are; per row (bit x =
// column x) where a fall or a climb can start, where a walk has ground, what a chase crosses.
// They turn bestMove's and scanFloor's cell-by-cell walks into a few bit operations. Gold and
// actors move, so they have per-game masks (goldMask, walkStops); the rest changes once (hidden
// ladders), so a terrain is immutable and shared.
import * as C from '../constants.js';

// Module-local copies of the shared constants: V8 folds these into optimized code (see guards.ts).
const { BAR, BLOCK, EMPTY, GOLD, HEIGHT, HLADR, LADDR, SOLID, WIDTH, MAX_X, MAX_Y } = C;

/** Offsets of the masks in a terrain array: four per-column blocks (WIDTH long), then four per-row blocks (HEIGHT long). */
export const T_FLOOR = 0; // the cell below is BLOCK or SOLID, or the row is the bottom one
export const T_SIDE = WIDTH; // a neighbour column is walkable from here: BLOCK/SOLID/LADDR below it or a BAR beside
export const T_STOP = 2 * WIDTH; // T_SIDE and the cell itself is not empty (gold excluded: see goldMask)
export const T_LADDER = 3 * WIDTH; // the cell is a ladder
export const R_FALL = 4 * WIDTH; // per row: columns whose cell below is no floor (not T_FLOOR)
export const R_LADDER = 4 * WIDTH + HEIGHT; // per row: columns holding a ladder
export const R_STAND = 4 * WIDTH + 2 * HEIGHT; // per row: columns with BLOCK/SOLID/LADDR below (all of row 15)
export const R_CHASE = 4 * WIDTH + 3 * HEIGHT; // per row: columns a chasing guard crosses whatever moves (see bestMove)
const SIZE = 4 * WIDTH + 4 * HEIGHT;

// Tile classes as bits, indexed by tile code (0..9), so buildTerrain has no data-dependent
// branches (level data makes them unpredictable; this measured ~25% faster than compare chains).
const FLOOR = 1; // BLOCK, SOLID: a fall ends on top of it
const STAND = 2; // BLOCK, SOLID, LADDR: the cell beside is walkable when this is below it
const HANG = 4; // BAR: the cell beside is walkable when this is at its level
const CLIMB = 8; // LADDR
const FULL = 16; // not EMPTY, HLADR or GOLD: a fall may stop here
const CLASS = Uint8Array.from({ length: 10 }, (_, tile) => {
  let c = tile === EMPTY || tile === HLADR || tile === GOLD ? 0 : FULL;
  if (tile === BLOCK || tile === SOLID) c |= FLOOR | STAND;
  if (tile === LADDR) c |= STAND | CLIMB;
  if (tile === BAR) c |= HANG;
  return c;
});

/** The terrain masks of a base layer (its gold ignored). Read-only once built. */
export function buildTerrain(base: Uint8Array): Int32Array {
  const t = new Int32Array(SIZE);
  for (let x = 0; x <= MAX_X; x++) {
    let floor = 1 << MAX_Y; // the bottom row is always a floor
    let side = 0;
    let stop = 0;
    let ladder = (CLASS[base[MAX_Y * WIDTH + x]] & CLIMB) << (MAX_Y - 3);
    for (let y = 0, i = x; y < MAX_Y; y++, i += WIDTH) {
      const cur = CLASS[base[i]];
      ladder |= ((cur & CLIMB) >> 3) << y;
      floor |= (CLASS[base[i + WIDTH]] & FLOOR) << y;
      // Walkable beside: STAND below or HANG level with it, in the column to the left or right.
      const left = x > 0 ? (CLASS[base[i + WIDTH - 1]] & STAND) | (CLASS[base[i - 1]] & HANG) : 0;
      const right = x < MAX_X ? (CLASS[base[i + WIDTH + 1]] & STAND) | (CLASS[base[i + 1]] & HANG) : 0;
      const walkable = left | right ? 1 : 0;
      side |= walkable << y;
      stop |= (walkable & (cur >> 4)) << y; // row 15 never needs side/stop: it is always a floor
    }
    t[T_FLOOR + x] = floor;
    t[T_SIDE + x] = side;
    t[T_STOP + x] = stop;
    t[T_LADDER + x] = ladder;
    for (let y = 0; y <= MAX_Y; y++) {
      t[R_FALL + y] |= ((~floor >> y) & 1) << x;
      t[R_LADDER + y] |= ((ladder >> y) & 1) << x;
      const below = y < MAX_Y ? CLASS[base[(y + 1) * WIDTH + x]] : STAND;
      t[R_STAND + y] |= ((below & STAND) >> 1) << x;
      const chase = y === MAX_Y || (CLASS[base[y * WIDTH + x]] & (CLIMB | HANG)) !== 0 || (below & (STAND | HANG)) !== 0;
      t[R_CHASE + y] |= (chase ? 1 : 0) << x;
    }
  }
  return t;
}

// A guard's walk along a row (scanFloor) ends before a wall (BLOCK, SOLID in `act`), crosses a
// ladder or bar, and ends on any other cell with no R_STAND below it. walkStops holds, per row,
// the columns where a walk ends (bit x); setAct keeps it true on every write to `act`.
const WALK_WALL = 0;
const WALK_HOLD = 1;
const WALK_OPEN = 2;
const WALK = Uint8Array.from({ length: 10 }, (_, tile) =>
  tile === BLOCK || tile === SOLID ? WALK_WALL : tile === LADDR || tile === BAR ? WALK_HOLD : WALK_OPEN,
);

/** Whether a walk along row y ends at the column of `bit`, with `tile` in act there. */
export function isWalkStop(tile: number, terrain: Int32Array, y: number, bit: number): boolean {
  const kind = WALK[tile];
  return kind === WALK_WALL || (kind === WALK_OPEN && (terrain[R_STAND + y] & bit) === 0);
}

export function buildWalkStops(act: Uint8Array, terrain: Int32Array): Int32Array {
  const stops = new Int32Array(HEIGHT);
  for (let i = 0; i < act.length; i++) {
    const y = (i / WIDTH) | 0;
    const bit = 1 << (i - y * WIDTH);
    if (isWalkStop(act[i], terrain, y, bit)) stops[y] |= bit;
  }
  return stops;
}

/** Per column, the rows holding gold in `base`; kept in step by every gold write (setBase). */
export function buildGoldMask(base: Uint8Array): Uint16Array {
  const m = new Uint16Array(WIDTH);
  for (let i = 0; i < base.length; i++) if (base[i] === GOLD) m[i % WIDTH] |= 1 << ((i / WIDTH) | 0);
  return m;
}

// Terrain is immutable and a pure function of the non-gold tiles, so it is cached: by level
// text for new games (every game of a level starts from the same terrain), and from the
// terrain in use to the one with the hidden ladders shown (every clone that collects the last
// gold reveals the same ladders). States that share a terrain share their non-gold tiles.
const byLevel = new Map<string, Int32Array>();
const revealed = new WeakMap<Int32Array, Int32Array>();

/** The terrain of a freshly parsed level (`base` must be parsed from `text`). */
export function levelTerrain(text: string, base: Uint8Array): Int32Array {
  let t = byLevel.get(text);
  if (!t) {
    if (byLevel.size >= 1024) byLevel.clear(); // custom levels: keep the cache bounded
    t = buildTerrain(base);
    byLevel.set(text, t);
  }
  return t;
}

/** The terrain once hidden ladders are shown; `base` has them as LADDR and `before` was its terrain. */
export function revealedTerrain(before: Int32Array, base: Uint8Array): Int32Array {
  let t = revealed.get(before);
  if (!t) {
    t = buildTerrain(base);
    revealed.set(before, t);
  }
  return t;
}
