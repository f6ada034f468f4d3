// Builds hand-made test levels: up to 16 rows of up to 28 characters (legend: game-mechanics §1),
// each padded with spaces to 28, missing rows padded as empty, joined into the 448-character string.
export const WIDTH = 28;
export const HEIGHT = 16;

/** A full row of solid (undiggable) floor. */
export const SOLID_ROW = '@'.repeat(WIDTH);
/** A full row of diggable brick. */
export const BRICK_ROW = '#'.repeat(WIDTH);

export function level(rows: readonly string[]): string {
  if (rows.length > HEIGHT) throw new Error(`a level has at most ${HEIGHT} rows; got ${rows.length}`);
  const padded: string[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    const row = rows[y] ?? '';
    if (row.length > WIDTH) throw new Error(`row ${y} is ${row.length} characters; at most ${WIDTH}`);
    padded.push(row.padEnd(WIDTH, ' '));
  }
  return padded.join('');
}
