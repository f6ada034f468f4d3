// Falling (game-mechanics §3 "Falling check first" and "One step"): 9 px per tick, a ladder top
// is landed on (not fallen into), a ladder cell grabs a falling runner at once, X re-centres.
import { describe, expect, it } from 'vitest';
import { ACT_FALL, ACT_STOP, Game, KEY, LADDR, RUNNER } from '../../../src/game/index.js';
import { actAt, baseAt, runUntil } from '../helpers/drive.js';
import { SOLID_ROW, level } from '../helpers/level.js';

/** Starts a game whose runner is in mid-air: the start key is ignored by the fall, then STOP is held. */
function startFalling(text: string): Game {
  const game = Game.fromText(text, { seed: 1 });
  game.step(KEY.DOWN); // starts the level; falling ignores input
  game.step(KEY.STOP); // so that nothing moves him once he can act
  return game;
}

describe('falling', () => {
  it('a runner in mid-air falls 9 px per tick, changing cell when yOffset passes 22', () => {
    const game = Game.fromText(level(['  &', '', '', SOLID_ROW, '$']), { seed: 1 });
    game.step(KEY.DOWN);
    expect(game.state.runner).toMatchObject({ x: 2, y: 0, yOffset: 9, action: ACT_FALL });
    game.step(KEY.STOP);
    expect(game.state.runner).toMatchObject({ y: 0, yOffset: 18 });
    game.step();
    // 27 > 22: next cell, 27 - 44 = -17
    expect(game.state.runner).toMatchObject({ y: 1, yOffset: -17, action: ACT_FALL });
  });

  it('input is ignored while falling: a LEFT pressed mid-air does not move him sideways', () => {
    const game = Game.fromText(level(['  &', '', '', '', SOLID_ROW, '$']), { seed: 1 });
    game.step(KEY.DOWN);
    game.step(KEY.LEFT);
    expect(game.state.runner).toMatchObject({ x: 2, xOffset: 0, action: ACT_FALL });
  });

  it('a runner falling onto a ladder top stops on it with the small positive yOffset where the can-act test first passes', () => {
    // Ladder top at (2,3). From row 0 the fall covers 9 px a tick: after 10 steps (90 px = 2 rows + 2 px)
    // he is in (2,2) with yOffset 2 >= 0 and a LADDR below, so he can act again.
    const game = startFalling(level(['  &', '', '', '  H', '  H', SOLID_ROW, '$']));
    expect(game.state.tick).toBe(2);
    const landed = runUntil(game, () => game.state.runner.y === 2 && game.state.runner.yOffset >= 0);
    expect(landed).toBe(9); // the 10th falling step (ticks 0..9)
    expect(game.state.runner).toMatchObject({ x: 2, y: 2, xOffset: 0, yOffset: 2, action: ACT_FALL });

    // He now stands there: no further falling, no snapping to yOffset 0, for as long as nothing is pressed.
    game.press(undefined, 40);
    expect(game.state.runner).toMatchObject({ x: 2, y: 2, yOffset: 2, action: ACT_STOP });
    expect(actAt(game, 2, 2)).toBe(RUNNER);
    expect(actAt(game, 2, 3)).toBe(LADDR);
  });

  it('a runner standing on a ladder top with a small yOffset climbs down it with DOWN', () => {
    const game = startFalling(level(['  &', '', '', '  H', '  H', SOLID_ROW, '$']));
    game.press(undefined, 20);
    game.step(KEY.DOWN);
    expect(game.state.runner).toMatchObject({ y: 2, yOffset: 11 });
    expect(game.state.runner.action).not.toBe(ACT_FALL);
  });

  it('the fall re-centres X by 8 px a tick', () => {
    // Walking right off a ledge: he enters (3,1) with xOffset -16, then falls with -8, 0.
    const game = Game.fromText(level(['', '  &', '@@@', '', SOLID_ROW, '$']), { seed: 1 });
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.runner.x === 3);
    expect(game.state.runner.xOffset).toBe(-16);
    game.step();
    expect(game.state.runner).toMatchObject({ xOffset: -8, yOffset: 9, action: ACT_FALL });
    game.step();
    expect(game.state.runner).toMatchObject({ xOffset: 0, yOffset: 18, action: ACT_FALL });
  });

  it('a falling runner lands on the floor at yOffset 0', () => {
    const game = startFalling(level(['  &', '', '', SOLID_ROW, '$']));
    game.press(undefined, 30);
    expect(game.state.runner).toMatchObject({ x: 2, y: 2, yOffset: 0, action: ACT_STOP });
  });

  describe('falling into a ladder cell grabs it at once, even mid-cell', () => {
    // A column of hidden ladders (S) at x = 1 is empty air until the last gold is gone. The only gold
    // lies in the shaft at x = 4, where a guard falls through it (picking it up), into the hole the runner
    // dug under an unrevealed S: the carried gold cannot be set there, so it is destroyed and counts as
    // collected (§4/§5), which reveals the ladders while the runner is falling through the S column.
    const text = level([
      '@   0', //        the guard falls straight down x = 4 (forced fall: no AI choice involved)
      '@',
      '@',
      '@',
      '@   $', //        the only gold
      '@',
      '@',
      '@',
      '@  &S', //        runner at (3,8); an unrevealed S above the brick he digs
      '@S###', //        (4,9) is dug; the S column at x = 1 runs down to row 14
      '@S@@@',
      '@S@',
      '@S@',
      '@S@',
      '@S@',
      SOLID_ROW,
    ]);

    it('the gold dies with the guard on the tick the guard first falls inside the hole', () => {
      const game = Game.fromText(text, { seed: 1 });
      game.step(KEY.DIG_RIGHT); // tick 0: dig (4,9); it opens on tick 11
      // One guard moves on every other tick (policy 0,1,0,1,0,1: ticks 0, 2, 4, ...). Falling 9 px a move from
      // row 0, it enters (4,9) after 42 moves (378 px > 8 * 44 + 22); its 43rd move (tick 84) is the first fall
      // step inside the open hole, which sheds the gold.
      const gone = runUntil(game, () => game.state.goldCount === 0);
      expect(gone).toBe(84);
      expect(game.state.guards[0]).toMatchObject({ x: 4, y: 9, hasGold: 0 });
      expect(game.state.goldComplete).toBe(true);
    });

    it('a runner falling through the S column when they appear holds on in the ladder cell where he is', () => {
      const game = Game.fromText(text, { seed: 1 });
      game.step(KEY.DIG_RIGHT);
      game.press(undefined, 63);
      // Tick 64: walk left; he crosses into (1,8) on the 8th step (tick 71) and falls from there, 9 px a tick:
      // after 13 falling steps (tick 84, 117 px > 2 * 44 + 22) he has just entered (1,11) at yOffset -15.
      game.step(KEY.LEFT);
      runUntil(game, () => game.state.tick === 84);
      expect(game.state.runner).toMatchObject({ x: 1, y: 10, action: ACT_FALL });
      expect(baseAt(game, 1, 11)).not.toBe(LADDR);

      game.step(); // tick 84: his fall step, then the guard destroys the last gold
      expect(game.state.goldComplete).toBe(true);
      expect(game.state.runner).toMatchObject({ x: 1, y: 11, yOffset: -15, action: ACT_FALL });
      expect(baseAt(game, 1, 11)).toBe(LADDR);
      // The reveal writes LADDR into act even where someone stands; the runner's end-of-step marker is gone.
      expect(actAt(game, 1, 11)).toBe(LADDR);

      // From the next tick on he is on a ladder: no more falling, he stays mid-cell (LEFT is walled off).
      game.press(undefined, 10);
      expect(game.state.runner).toMatchObject({ x: 1, y: 11, yOffset: -15, action: ACT_STOP });
      expect(game.state.status).toBe('running');
    });
  });
});
