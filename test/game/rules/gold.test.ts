// Gold (game-mechanics §5 "Carrying gold", §6): the runner's pickup window, the last gold revealing
// hidden ladders, and guards picking gold up, counting it down and dropping it.
import { describe, expect, it } from 'vitest';
import { EMPTY, GOLD, GUARD, Game, HLADR, KEY, LADDR, SCORE_GOLD } from '../../../src/game/index.js';
import { actAt, baseAt, edited, runUntil } from '../helpers/drive.js';
import { BRICK_ROW, SOLID_ROW, level } from '../helpers/level.js';

describe('the runner takes gold', () => {
  it('walking right into a gold cell, he takes it when xOffset reaches 0 (not at -16 or -8)', () => {
    const game = Game.fromText(level(['', '', '', '  &$ $', SOLID_ROW]), { seed: 1 });
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.runner.x === 3);
    expect(game.state.runner.xOffset).toBe(-16);
    game.step();
    expect(baseAt(game, 3, 3)).toBe(GOLD);
    game.step();
    expect(game.state.runner.xOffset).toBe(0);
    expect(baseAt(game, 3, 3)).toBe(EMPTY);
    expect(game.state.goldCount).toBe(1);
    expect(game.state.score).toBe(SCORE_GOLD);
  });

  it('walking left into a gold cell, he takes it already at xOffset 8 (yOffset 0 and 0 <= xOffset < 10)', () => {
    const game = Game.fromText(level(['', '', '', '$ $&', SOLID_ROW]), { seed: 1 });
    game.step(KEY.LEFT);
    runUntil(game, () => game.state.runner.x === 2);
    expect(game.state.runner.xOffset).toBe(16);
    expect(baseAt(game, 2, 3)).toBe(GOLD);
    game.step();
    expect(game.state.runner.xOffset).toBe(8);
    expect(baseAt(game, 2, 3)).toBe(EMPTY);
  });

  it('falling through a gold cell, he takes it at the first step with 0 <= yOffset < 11', () => {
    const game = Game.fromText(level(['  &', '  $', '', '', SOLID_ROW, '$']), { seed: 1 });
    game.step(KEY.DOWN);
    runUntil(game, () => game.state.runner.y === 1);
    expect(game.state.runner.yOffset).toBe(-17);
    game.step();
    expect(baseAt(game, 2, 1)).toBe(GOLD); // yOffset -8
    game.step();
    expect(game.state.runner.yOffset).toBe(1);
    expect(baseAt(game, 2, 1)).toBe(EMPTY);
  });
});

describe('hidden ladders', () => {
  // Two gold on the floor row 4; hidden ladders (S) at x = 8, rows 1-3 and (8,4) a real ladder below them.
  const text = level(['', '        S', '        S', '        S', ' &$  $  H', SOLID_ROW]);

  it('stay hidden (base HLADR, act empty) until the last gold is taken, then become ladders in both layers', () => {
    const game = Game.fromText(text, { seed: 1 });
    expect(baseAt(game, 8, 2)).toBe(HLADR);
    expect(actAt(game, 8, 2)).toBe(EMPTY);
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.goldCount === 1);
    expect(game.state.goldComplete).toBe(false);
    expect(baseAt(game, 8, 2)).toBe(HLADR);
    expect(game.snapshot().terrainGrid[2][8]).toBe('S');

    runUntil(game, () => game.state.goldCount === 0);
    expect(game.state.goldComplete).toBe(true);
    for (const y of [1, 2, 3]) {
      expect(baseAt(game, 8, y)).toBe(LADDR);
      expect(actAt(game, 8, y)).toBe(LADDR);
    }
    expect(game.snapshot().terrainGrid[2][8]).toBe('H');
  });

  it('the runner can climb the revealed ladders', () => {
    const game = Game.fromText(text, { seed: 1 });
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.runner.x === 8 && game.state.runner.xOffset === 0);
    game.step(KEY.UP);
    runUntil(game, () => game.state.runner.y === 1);
    expect(game.state.runner.x).toBe(8);
  });
});

describe('guards and gold', () => {
  // A guard at (8,10) walks left toward the runner at (3,10) over a brick floor.
  const rows = ['$', '', '', '', '', '', '', '', '', '', '   &  $ 0', BRICK_ROW, SOLID_ROW];

  it('a guard walking over gold picks it up with a counter of 12..37 and the gold leaves the board (still counted)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const game = Game.fromText(level(rows), { seed });
      game.step(KEY.UP);
      runUntil(game, () => game.state.guards[0].hasGold !== 0);
      const g = game.state.guards[0];
      // entering (6,10) from the right: xOffset 16, then 8, which is inside the window 0 <= xOffset < 10
      expect(g).toMatchObject({ x: 6, y: 10, xOffset: 8 });
      expect(g.hasGold).toBeGreaterThanOrEqual(12);
      expect(g.hasGold).toBeLessThanOrEqual(37);
      expect(baseAt(game, 6, 10)).toBe(EMPTY);
      expect(game.state.goldCount).toBe(2);
      expect(game.snapshot().gold.carriedByGuards).toEqual([{ id: 0, x: 6, y: 10 }]);
    }
  });

  it('a carried gold counts down once per tile and is dropped when the counter is at 1 on an empty cell with floor below', () => {
    // hand the guard a gold with counter 2 before it starts: tile centres (x offset 0) are the drop checks
    const start = Game.fromText(level(['$', '', '', '', '', '', '', '', '', '', '   &    0', BRICK_ROW, SOLID_ROW]), { seed: 1 });
    const game = edited(start, (e) => {
      e.guards[0].hasGold = 2;
      e.goldCount = 2;
    });
    game.step(KEY.UP);
    runUntil(game, () => game.state.guards[0].x === 7 && game.state.guards[0].xOffset === 0);
    expect(game.state.guards[0].hasGold).toBe(1);
    expect(baseAt(game, 7, 10)).toBe(EMPTY);
    runUntil(game, () => game.state.guards[0].x === 6 && game.state.guards[0].xOffset === 0);
    expect(baseAt(game, 6, 10)).toBe(GOLD);
    expect(actAt(game, 6, 10)).toBe(GUARD);
    expect(game.state.guards[0].hasGold).toBe(-1); // a cool-down: it does not pick its own drop up again
    runUntil(game, () => game.state.guards[0].x === 5 && game.state.guards[0].xOffset === 0);
    expect(game.state.guards[0].hasGold).toBe(0);
    expect(baseAt(game, 6, 10)).toBe(GOLD);
    expect(game.state.goldCount).toBe(2);
  });
});
