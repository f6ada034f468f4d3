// Parses a 448-character level string into the initial two-layer state (game-mechanics §1):
// first runner only, at most 5 guards (the earliest dropped), gold count from `$`.
// Pure: reads the string, returns fresh arrays.
import { BAR, BLOCK, CELLS, EMPTY, GOLD, GUARD, HEIGHT, HLADR, LADDR, MAX_GUARDS, RUNNER, SOLID, TRAP, WIDTH, idx } from './constants.js';

export interface ParsedLevel {
  base: Uint8Array;
  act: Uint8Array;
  runner: { x: number; y: number };
  guards: { x: number; y: number }[];
  goldCount: number;
}

export class LevelFormatError extends Error {}

export function parseLevel(text: string, maxGuards = MAX_GUARDS): ParsedLevel {
  if (text.length !== CELLS) {
    throw new LevelFormatError(`a level is ${CELLS} characters (16 rows of 28); got ${text.length}`);
  }
  const base = new Uint8Array(CELLS);
  const act = new Uint8Array(CELLS);
  let runner: { x: number; y: number } | null = null;
  const guards: { x: number; y: number }[] = [];
  let goldCount = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = idx(x, y);
      const ch = text[y * WIDTH + x];
      let b = EMPTY;
      let a = EMPTY;
      switch (ch) {
        case '#':
          b = a = BLOCK;
          break;
        case '@':
          b = a = SOLID;
          break;
        case 'H':
          b = a = LADDR;
          break;
        case '-':
          b = a = BAR;
          break;
        case 'X':
          b = a = TRAP;
          break;
        case 'S':
          b = HLADR;
          break;
        case '$':
          b = GOLD;
          goldCount++;
          break;
        case '0':
          guards.push({ x, y });
          a = GUARD;
          break;
        case '&':
          if (!runner) {
            runner = { x, y };
            a = RUNNER;
          }
          break;
      }
      base[i] = b;
      act[i] = a;
    }
  }
  if (!runner) throw new LevelFormatError('the level has no runner (&)');
  while (guards.length > maxGuards) {
    const dropped = guards.shift()!;
    act[idx(dropped.x, dropped.y)] = EMPTY;
  }
  return { base, act, runner, guards, goldCount };
}
