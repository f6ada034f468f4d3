// Level start and level parsing (game-mechanics §1, §3 "Level start"): a new game waits for the first
// move key; only the first runner counts; at most 5 guards, the earliest dropped.
import { describe, expect, it } from 'vitest';
import { EMPTY, GUARD, Game, KEY, LevelFormatError, RUNNER } from '../../../src/game/index.js';
import { actAt, baseAt } from '../helpers/drive.js';
import { SOLID_ROW, level } from '../helpers/level.js';

const OPEN = level(['', '', '', ' $  &', SOLID_ROW]);

describe('level start', () => {
  it('a game made from a level waits in status start: no key, STOP or an unknown key does not start it', () => {
    const game = Game.fromText(OPEN, { seed: 1 });
    expect(game.status).toBe('start');
    expect(game.step()).toBe(false);
    expect(game.step(KEY.STOP)).toBe(false);
    expect(game.step(67)).toBe(false); // 'C' is UNKNOWN, which acts as STOP
    expect(game.press(KEY.STOP, 50)).toBe(0);
    expect(game.status).toBe('start');
    expect(game.state.tick).toBe(0);
    expect(game.state.runner).toMatchObject({ x: 4, y: 3, xOffset: 0 });
  });

  it('the first move key starts it and moves on that same tick (tick 0)', () => {
    const game = Game.fromText(OPEN, { seed: 1 });
    expect(game.step(KEY.LEFT)).toBe(true);
    expect(game.status).toBe('running');
    expect(game.state.tick).toBe(1);
    expect(game.state.runner).toMatchObject({ x: 4, xOffset: -8 });
    expect(game.demo().action).toEqual([0, KEY.LEFT]);
  });

  it.each([
    ['J (left alias)', 74],
    ['dig left', KEY.DIG_LEFT],
    ['UP, even where it cannot move', KEY.UP],
  ])('%s starts it too', (_name, key) => {
    const game = Game.fromText(OPEN, { seed: 1 });
    expect(game.step(key)).toBe(true);
    expect(game.status).toBe('running');
  });

  it('once running, time goes on without keys', () => {
    const game = Game.fromText(OPEN, { seed: 1 });
    game.step(KEY.UP);
    expect(game.press(undefined, 20)).toBe(20);
    expect(game.state.tick).toBe(21);
  });
});

describe('level parsing', () => {
  it('only the first runner (&) counts; later ones are empty cells', () => {
    const game = Game.fromText(level(['', ' &   &', '', '&', SOLID_ROW, '$']), { seed: 1 });
    expect(game.state.runner).toMatchObject({ x: 1, y: 1 });
    expect(actAt(game, 1, 1)).toBe(RUNNER);
    for (const [x, y] of [
      [5, 1],
      [0, 3],
    ]) {
      expect(actAt(game, x, y)).toBe(EMPTY);
      expect(baseAt(game, x, y)).toBe(EMPTY);
    }
  });

  it('a level with 6 guards keeps the last 5 in reading order (row by row, then column)', () => {
    // reading order: (20,1), (5,2), (1,3), (9,3), (15,5), (3,7) — the first one, top right, is dropped
    const text = level(['', '                    0', '     0', ' 0       0', '', '               0', '', '   0', SOLID_ROW, '& $']);
    const game = Game.fromText(text, { seed: 1 });
    expect(game.state.guards.map((g) => [g.x, g.y])).toEqual([
      [5, 2],
      [1, 3],
      [9, 3],
      [15, 5],
      [3, 7],
    ]);
    expect(actAt(game, 20, 1)).toBe(EMPTY);
    for (const g of game.state.guards) expect(actAt(game, g.x, g.y)).toBe(GUARD);
  });

  it('the gold count is the number of $', () => {
    const game = Game.fromText(level(['$ $', '', ' &  $', SOLID_ROW]), { seed: 1 });
    expect(game.state.goldCount).toBe(3);
    expect(game.visibleGold()).toHaveLength(3);
  });

  it('a level string that is not 448 characters, or has no runner, is refused', () => {
    expect(() => Game.fromText(OPEN.slice(1))).toThrow(LevelFormatError);
    expect(() => Game.fromText(level(['$', SOLID_ROW]))).toThrow(/no runner/);
  });

  it('the level helper pads rows and missing rows with spaces', () => {
    const text = level(['@', '', '  &']);
    expect(text).toHaveLength(448);
    expect(text.slice(0, 28)).toBe('@' + ' '.repeat(27));
    expect(text.slice(56, 84)).toBe('  &' + ' '.repeat(25));
    expect(text.slice(84)).toBe(' '.repeat(448 - 84));
    expect(() => level(['#'.repeat(29)])).toThrow();
  });
});
