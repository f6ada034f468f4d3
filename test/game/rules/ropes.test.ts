// Ropes (hand bars, game-mechanics §3): a falling runner catches a rope when his yOffset in the rope
// cell reaches 0 (action fall_bar), hangs there, cannot climb up from it, and lets go with DOWN.
import { describe, expect, it } from 'vitest';
import { ACT_DOWN, ACT_FALL, ACT_FALL_BAR, ACT_LEFT, ACT_STOP, Game, KEY } from '../../../src/game/index.js';
import { runUntil } from '../helpers/drive.js';
import { SOLID_ROW, level } from '../helpers/level.js';

// A rope at (2,3) under the runner, the floor two rows below it.
const ROPE = level(['  &', '', '', ' ----', '', SOLID_ROW, '$']);

function hangingOnRope(): Game {
  const game = Game.fromText(ROPE, { seed: 1 });
  game.step(KEY.DOWN);
  game.step(KEY.STOP);
  runUntil(game, () => game.state.runner.action === ACT_FALL_BAR);
  return game;
}

describe('ropes', () => {
  it('a falling runner catches the rope on the step his yOffset in the rope cell would reach 0 or more', () => {
    const game = Game.fromText(ROPE, { seed: 1 });
    game.step(KEY.DOWN);
    game.step(KEY.STOP);
    runUntil(game, () => game.state.runner.y === 3);
    const before = game.state.runner.yOffset; // negative: he just entered the rope cell
    expect(before).toBeLessThan(0);
    while (game.state.runner.yOffset + 9 < 0) {
      game.step();
      expect(game.state.runner.action).toBe(ACT_FALL);
    }
    game.step(); // this step would take yOffset to >= 0: it clamps to 0 and becomes fall_bar
    expect(game.state.runner).toMatchObject({ x: 2, y: 3, yOffset: 0, action: ACT_FALL_BAR });
  });

  it('a runner hanging on a rope stays there while nothing is pressed', () => {
    const game = hangingOnRope();
    game.press(undefined, 30);
    expect(game.state.runner).toMatchObject({ x: 2, y: 3, yOffset: 0, action: ACT_STOP });
  });

  it('UP does not climb from a rope', () => {
    const game = hangingOnRope();
    game.step(KEY.UP);
    game.press(undefined, 10);
    expect(game.state.runner).toMatchObject({ x: 2, y: 3, yOffset: 0 });
  });

  it('a runner moves along a rope without falling', () => {
    const game = hangingOnRope();
    game.step(KEY.LEFT);
    runUntil(game, () => game.state.runner.x === 1);
    game.press(undefined, 2);
    expect(game.state.runner).toMatchObject({ x: 1, y: 3, xOffset: 0, yOffset: 0, action: ACT_LEFT });
  });

  it('DOWN on a rope lets go: the step becomes a fall, and he drops to the floor', () => {
    const game = hangingOnRope();
    game.step(KEY.DOWN);
    expect(game.state.runner).toMatchObject({ x: 2, y: 3, yOffset: 9, action: ACT_FALL });
    game.step(KEY.STOP); // falling ignores input: he does not catch the rope again
    runUntil(game, () => game.state.runner.action === ACT_STOP);
    expect(game.state.runner).toMatchObject({ x: 2, y: 4, yOffset: 0 });
  });

  it('DOWN on a rope above a ladder climbs down (a DOWN step, not a fall)', () => {
    const game = Game.fromText(level(['  &', '', '', ' ----', '  H', SOLID_ROW, '$']), { seed: 1 });
    game.step(KEY.DOWN);
    game.step(KEY.STOP);
    runUntil(game, () => game.state.runner.action === ACT_FALL_BAR);
    game.step(KEY.DOWN);
    expect(game.state.runner).toMatchObject({ y: 3, yOffset: 9, action: ACT_DOWN });
  });
});
