// The ASCII board for the with-board state summary: the snapshot's act grid with column numbers
// on top and row numbers on the left, fenced with | so trailing spaces stay visible, as game-agent
// harnesses show the screen for perception.

export const BOARD_LEGEND = '& runner, 0 guard, $ gold, # brick, @ solid, H ladder, - rope, X false brick, space empty or open hole';

export function renderBoard(grid: readonly string[]): string {
  const width = grid.reduce((w, row) => Math.max(w, row.length), 0);
  const columns = Array.from({ length: width }, (_, x) => x);
  const tens = columns.map((x) => Math.floor(x / 10) % 10).join('');
  const units = columns.map((x) => x % 10).join('');
  const rows = grid.map((row, y) => `${String(y).padStart(2, ' ')}|${row.padEnd(width, ' ')}|`);
  return [`   ${tens}`, `   ${units}`, ...rows].join('\n');
}
