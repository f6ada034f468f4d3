// Finishing a level (game-mechanics §2 step 1, §6): with all gold taken, a runner on the top row
// at yOffset 0 finishes the level at the start of the next tick, whose work then does not run.
import { describe, expect, it } from 'vitest';
import { ACT_UP, Game, KEY } from '../../../src/game/index.js';
import { nextTick, runUntil } from '../helpers/drive.js';
import { SOLID_ROW, level } from '../helpers/level.js';

/** A ladder at x = 3 from the floor row 14 up to the top row; the runner starts at (1,14). */
const climb = (topRow: string, bottomRow: string) => level([topRow, ...Array<string>(13).fill('   H'), bottomRow, SOLID_ROW]);
// the only gold at (2,14), on the way to the ladder
const CLIMB = climb('   H', ' &$H');

describe('finishing a level', () => {
  it('with all gold taken, the tick after he reaches row 0 with yOffset 0 finishes the level', () => {
    const game = Game.fromText(CLIMB, { seed: 1 });
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.goldComplete);
    runUntil(game, () => game.state.runner.x === 3 && game.state.runner.xOffset === 0);
    game.step(KEY.UP);
    const top = runUntil(game, () => game.state.runner.y === 0 && game.state.runner.yOffset === 0);
    expect(game.state.runner.action).toBe(ACT_UP);
    expect(game.state.status).toBe('running'); // not yet: the finish check comes first in a tick

    expect(game.step()).toBe(false); // the finish check fires; nothing else happens in this tick
    expect(game.state.status).toBe('finish');
    expect(game.state.tick).toBe(top + 1); // no tick ran
    expect(game.over).toBe(true);
    expect(game.step(KEY.LEFT)).toBe(false);
    expect(game.demo()).toMatchObject({ state: 1, time: top + 1 });
  });

  it('reaching the top row does nothing while gold is left', () => {
    const game = Game.fromText(climb('$  H', ' & H'), { seed: 1 }); // the gold is out of his way
    expect(game.state.goldCount).toBe(1);
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.runner.x === 3 && game.state.runner.xOffset === 0);
    game.step(KEY.UP);
    runUntil(game, () => game.state.runner.y === 0 && game.state.runner.yOffset === 0);
    game.press(undefined, 10);
    expect(game.state.status).toBe('running');
  });

  it("the runner's xOffset does not matter", () => {
    // On the top row already: walking left into (2,0) he takes the only gold at xOffset 8.
    const game = Game.fromText(level(['  $&', SOLID_ROW]), { seed: 1 });
    game.step(KEY.LEFT);
    const took = runUntil(game, () => game.state.goldComplete);
    expect(game.state.runner).toMatchObject({ x: 2, y: 0, xOffset: 8, yOffset: 0 });
    expect(game.step()).toBe(false);
    expect(game.state.status).toBe('finish');
    expect(nextTick(game)).toBe(took + 1);
  });
});
