// The ASCII board of the default state summary: the snapshot's act grid with column numbers on
// top and row numbers on the left, fenced with | so trailing spaces stay visible, empty open holes
// drawn as `o` (a guard in a hole stays `0`), as game-agent harnesses show the screen.

/** The mark of an empty open hole on the board. */
export const HOLE_MARK = 'o';

export const BOARD_LEGEND = `& runner, 0 guard, $ gold, # brick, @ solid, H ladder, - rope, X false brick, ${HOLE_MARK} open hole, space empty`;

export function renderBoard(grid: readonly string[], openHoles: readonly { x: number; y: number }[] = []): string {
  const holes = new Set(openHoles.map((h) => h.y * 100 + h.x));
  const width = grid.reduce((w, row) => Math.max(w, row.length), 0);
  const columns = Array.from({ length: width }, (_, x) => x);
  const tens = columns.map((x) => Math.floor(x / 10) % 10).join('');
  const units = columns.map((x) => x % 10).join('');
  const mark = (row: string, y: number) =>
    [...row.padEnd(width, ' ')].map((ch, x) => (ch === ' ' && holes.has(y * 100 + x) ? HOLE_MARK : ch)).join('');
  const rows = grid.map((row, y) => `${String(y).padStart(2, ' ')}|${mark(row, y)}|`);
  return [`   ${tens}`, `   ${units}`, ...rows].join('\n');
}
