// Board geometry of the canvas renderer: where a cell or a mover sits in logical pixels (a tile is
// 40 x 44, the engine's own units, so an offset maps 1:1), how far a hole has refilled, how far a dig
// has eaten its brick, and how bright a revealed hidden ladder glows. Pure numbers, no DOM: the game
// page and the lens page share it, and the tests check it in Node.
import { HEIGHT, HOLE_REFILL_PHASES, TILE_H, TILE_W, WIDTH } from '../../game/constants.js';

export { TILE_H, TILE_W };
export const COLS = WIDTH;
export const ROWS = HEIGHT;
/** The board in logical pixels (the canvas's drawing size; CSS scales it to fit). */
export const BOARD_W = COLS * TILE_W;
export const BOARD_H = ROWS * TILE_H;

export interface Point {
  px: number;
  py: number;
}

/** Top-left corner of cell (x, y). */
export function cellOrigin(x: number, y: number): Point {
  return { px: x * TILE_W, py: y * TILE_H };
}

/** Top-left corner of a mover's sprite box: its cell plus its offset (offset 0 = centred in the cell). */
export function moverOrigin(m: { x: number; y: number; xOffset: number; yOffset: number }): Point {
  return { px: m.x * TILE_W + m.xOffset, py: m.y * TILE_H + m.yOffset };
}

/** Which cell a logical pixel falls in, or null off the board (for hover and hit tests). */
export function cellAt(px: number, py: number): { x: number; y: number } | null {
  if (px < 0 || py < 0 || px >= BOARD_W || py >= BOARD_H) return null;
  return { x: Math.floor(px / TILE_W), y: Math.floor(py / TILE_H) };
}

/** The phase ends counted back from the refill (166, 8, 8, 4 -> refill at 0; phase 1 starts 20 ticks before). */
const PHASE_ENDS = (() => {
  const ends: number[] = [];
  let left = 0;
  for (let i = HOLE_REFILL_PHASES.length - 1; i > 0; i--) {
    left += HOLE_REFILL_PHASES[i];
    ends.unshift(left);
  }
  return ends; // [20, 12, 4]
})();

/**
 * The refill phase of an open hole from its `ticksUntilRefill`: 0 while fully open (the first 166
 * ticks), then 1, 2, 3 as the brick grows back (8, 8 and 4 ticks), like the original's animation.
 */
export function refillPhase(ticksUntilRefill: number): 0 | 1 | 2 | 3 {
  if (ticksUntilRefill > PHASE_ENDS[0]) return 0;
  if (ticksUntilRefill > PHASE_ENDS[1]) return 1;
  if (ticksUntilRefill > PHASE_ENDS[2]) return 2;
  return 3;
}

/** How much of the brick is back (0 open .. 0.75 just before it closes). */
export function refillFraction(ticksUntilRefill: number): number {
  return refillPhase(ticksUntilRefill) / 4;
}

/** How much of the brick a dig has removed (0 at its first frame, 1 when the hole opens). */
export function digFraction(dig: { frameIndex: number; frameCount: number }): number {
  if (dig.frameCount <= 0) return 1;
  return Math.max(0, Math.min(1, (dig.frameIndex + 1) / (dig.frameCount + 1)));
}

/** Ticks a revealed hidden ladder glows after the last gold is taken. */
export const REVEAL_GLOW_TICKS = 48;

/** Glow strength 1..0 of a hidden ladder revealed at `revealTick`, seen at `tick` (0 when none). */
export function revealGlow(tick: number, revealTick: number | null): number {
  if (revealTick === null) return 0;
  const age = tick - revealTick;
  if (age < 0 || age >= REVEAL_GLOW_TICKS) return 0;
  return 1 - age / REVEAL_GLOW_TICKS;
}

/** Cells of the hidden ladders (`S`) in a 448-character level string. */
export function hiddenLadderCells(levelText: string): { x: number; y: number }[] {
  const cells: { x: number; y: number }[] = [];
  for (let i = 0; i < Math.min(levelText.length, COLS * ROWS); i++) {
    if (levelText[i] === 'S') cells.push({ x: i % COLS, y: Math.floor(i / COLS) });
  }
  return cells;
}

/** An animation frame 0..frames-1 that advances every `ticksPerFrame` ticks (walk cycles, flicker). */
export function animFrame(tick: number, frames: number, ticksPerFrame = 2): number {
  return Math.floor(Math.max(0, tick) / ticksPerFrame) % frames;
}

/** The largest CSS size that fits `maxW` x `maxH` keeping the board's aspect ratio. */
export function fitBoard(maxW: number, maxH: number): { width: number; height: number } {
  const scale = Math.max(0.1, Math.min(maxW / BOARD_W, maxH / BOARD_H));
  return { width: Math.round(BOARD_W * scale), height: Math.round(BOARD_H * scale) };
}
