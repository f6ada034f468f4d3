// Digging (game-mechanics §4): when a dig is allowed, its 12-tick freeze, the hole opening at
// frame 11, the refill 186 ticks later (killing a runner inside, even in god mode), and a guard
// on the brick cancelling the dig before frame 8.
import { describe, expect, it } from 'vitest';
import {
  ACT_DIG_RIGHT,
  ACT_FALL,
  ACT_IN_HOLE,
  ACT_LEFT,
  ACT_STOP,
  BLOCK,
  EMPTY,
  GUARD,
  Game,
  HOLE_OPEN_TICKS,
  KEY,
} from '../../../src/game/index.js';
import { canDig } from '../../../src/game/rules/runner.js';
import { actAt, baseAt, nextTick, runUntil } from '../helpers/drive.js';
import { BRICK_ROW, SOLID_ROW, level } from '../helpers/level.js';

/** Runner at (3,10) on a row of bricks; `above` is what lies at (4,10), above the brick (4,11) he digs to the right. */
function digScene(above = ' ', options: { godMode?: boolean } = {}): Game {
  const rows = ['$', '', '', '', '', '', '', '', '', '', `   &${above}`, BRICK_ROW, SOLID_ROW];
  return Game.fromText(level(rows), { seed: 1, ...options });
}

/** Starts the level with UP, which does nothing off a ladder (a STOP step). */
function started(game: Game): Game {
  game.step(KEY.UP);
  return game;
}

describe('digging: when a dig is allowed', () => {
  it('a runner can dig the brick diagonally below him when the cell above it is empty', () => {
    const game = started(digScene());
    expect(canDig(game.state, 1)).toBe(true);
    game.step(KEY.DIG_RIGHT);
    expect(game.state.dig).toMatchObject({ x: 4, y: 11, direction: 1, frame: 0 });
    expect(game.state.runner.action).toBe(ACT_DIG_RIGHT);
  });

  it.each([
    ['gold', '$'],
    ['a ladder', 'H'],
    ['a rope', '-'],
    ['a brick', '#'],
  ])('%s above the brick blocks the dig: no dig, no hole, and the key is used up', (_name, above) => {
    const game = started(digScene(above));
    expect(canDig(game.state, 1)).toBe(false);
    game.step(KEY.DIG_RIGHT);
    expect(game.state.dig).toBeNull();
    expect(game.state.runner).toMatchObject({ x: 3, y: 10, action: ACT_STOP });
    expect(game.state.keyAction).toBe(ACT_STOP); // reset even though the dig was refused
    game.press(undefined, 20);
    expect(actAt(game, 4, 11)).toBe(BLOCK);
    expect(game.state.holes).toEqual([]);
  });

  it('digging left mirrors it', () => {
    const game = started(Game.fromText(level(['$', '', '', '', '', '', '', '', '', '', '   &', BRICK_ROW, SOLID_ROW]), { seed: 1 }));
    game.step(KEY.DIG_LEFT);
    expect(game.state.dig).toMatchObject({ x: 2, y: 11, direction: -1, frame: 0 });
    game.press(undefined, 11);
    expect(actAt(game, 2, 11)).toBe(EMPTY);
    expect(actAt(game, 4, 11)).toBe(BLOCK);
  });

  it('an unrevealed hidden ladder (S) above the brick counts as empty', () => {
    const game = started(digScene('S'));
    expect(canDig(game.state, 1)).toBe(true);
  });

  it('solid (@) cannot be dug, nor an already open hole', () => {
    const solid = started(Game.fromText(level(['$', '', '', '   &', '####@###', SOLID_ROW]), { seed: 1 }));
    expect(canDig(solid.state, 1)).toBe(false);

    const game = started(digScene());
    game.step(KEY.DIG_RIGHT);
    game.press(undefined, 11);
    expect(actAt(game, 4, 11)).toBe(EMPTY);
    expect(canDig(game.state, 1)).toBe(false);
  });

  it('a runner can dig from a ladder, even mid-step: the dig snaps him to the tile centre', () => {
    // Ladder (3,8)-(3,10) standing on the brick (3,11); he climbs down it from (3,7).
    const rows = ['$', '', '', '', '', '', '', '   &', '   H', '   H', '   H', BRICK_ROW, SOLID_ROW];
    const game = Game.fromText(level(rows), { seed: 1 });
    game.step(KEY.DOWN);
    runUntil(game, () => game.state.runner.y === 10);
    expect(game.state.runner.yOffset).toBeLessThan(0); // on the ladder cell, not centred
    game.step(KEY.DIG_RIGHT);
    expect(game.state.runner).toMatchObject({ x: 3, y: 10, xOffset: 0, yOffset: 0, action: ACT_DIG_RIGHT });
    expect(game.state.dig).toMatchObject({ x: 4, y: 11 });
  });

  it('a dig pressed while falling happens on the first tick after landing', () => {
    const rows = ['$', '', '', '', '', '', '', '', '   &', '', '', BRICK_ROW, SOLID_ROW];
    const game = Game.fromText(level(rows), { seed: 1 });
    game.step(KEY.DOWN);
    game.step(KEY.DIG_RIGHT);
    expect(game.state.dig).toBeNull();
    runUntil(game, () => game.state.runner.y === 10 && game.state.runner.yOffset === 0);
    // the landing itself is still a fall step
    expect(game.state.runner.action).toBe(ACT_FALL);
    expect(game.state.dig).toBeNull();
    game.step();
    expect(game.state.runner).toMatchObject({ y: 10, yOffset: 0, action: ACT_DIG_RIGHT });
    expect(game.state.dig).toMatchObject({ x: 4, y: 11, frame: 0 });
  });
});

describe('digging: the timeline (D = the tick the dig starts)', () => {
  it('the runner is frozen for 12 ticks counting D and moves again on D+12', () => {
    const game = started(digScene());
    const D = nextTick(game);
    game.step(KEY.DIG_RIGHT);
    game.step(KEY.LEFT); // D+1: the key is kept, but he cannot move yet
    for (let t = D + 2; t <= D + 11; t++) {
      game.step();
      expect(game.state.runner).toMatchObject({ x: 3, y: 10, xOffset: 0, yOffset: 0, action: ACT_DIG_RIGHT });
    }
    expect(nextTick(game)).toBe(D + 12);
    game.step();
    expect(game.state.runner).toMatchObject({ x: 3, xOffset: -8, action: ACT_LEFT });
  });

  it('each frozen tick advances the frame; at frame 11 (tick D+11) the brick becomes an open hole', () => {
    const game = started(digScene());
    const D = nextTick(game);
    game.step(KEY.DIG_RIGHT);
    for (let frame = 1; frame <= 10; frame++) {
      game.step();
      expect(game.state.dig?.frame).toBe(frame);
      expect(actAt(game, 4, 11)).toBe(BLOCK);
    }
    expect(nextTick(game)).toBe(D + 11);
    game.step();
    expect(game.state.dig).toBeNull();
    expect(actAt(game, 4, 11)).toBe(EMPTY);
    expect(baseAt(game, 4, 11)).toBe(BLOCK); // the terrain is still a brick: the hole is only in act
    expect(game.state.holes).toEqual([{ x: 4, y: 11, openedAt: expect.any(Number) }]);
  });

  it('the hole stays open 186 ticks and closes on tick D+197', () => {
    expect(HOLE_OPEN_TICKS).toBe(166 + 8 + 8 + 4);
    const game = started(digScene());
    const D = nextTick(game);
    game.step(KEY.DIG_RIGHT);
    const opened = runUntil(game, () => actAt(game, 4, 11) === EMPTY);
    expect(opened).toBe(D + 11);
    const closed = runUntil(game, () => actAt(game, 4, 11) === BLOCK, 400);
    expect(closed).toBe(D + 11 + HOLE_OPEN_TICKS);
    expect(closed).toBe(D + 197);
    expect(game.state.holes).toEqual([]);
  });

  it.each([false, true])('a runner left inside the hole dies when it refills (god mode: %s)', (godMode) => {
    const game = started(digScene(' ', { godMode }));
    const D = nextTick(game);
    game.step(KEY.DIG_RIGHT);
    game.press(undefined, 11);
    game.step(KEY.RIGHT); // D+12: walk over the hole and drop into it
    runUntil(game, () => game.state.runner.y === 11 && game.state.runner.action === ACT_STOP);
    expect(game.state.runner.x).toBe(4);
    // No ladder: UP does not get him out, and bricks on both sides hold him in.
    game.step(KEY.UP);
    runUntil(game, () => nextTick(game) === D + 197);
    expect(game.state.status).toBe('running');
    expect(game.state.runner).toMatchObject({ x: 4, y: 11 });
    game.step(); // tick D+197: the refill
    expect(game.state.status).toBe('runner_dead');
    expect(game.state.deathCause).toBe('hole');
    expect(actAt(game, 4, 11)).toBe(BLOCK);
    expect(game.demo()).toMatchObject({ time: D + 198, state: 0 });
  });

  it('a runner in a hole can walk out sideways where the side cell is open', () => {
    // (5,11) is empty: from the hole at (4,11) he walks right along row 11.
    const rows = ['$', '', '', '', '', '', '', '', '', '', '   &', '##### ######################', SOLID_ROW];
    const game = started(Game.fromText(level(rows), { seed: 1 }));
    game.step(KEY.DIG_RIGHT);
    game.press(undefined, 11);
    game.step(KEY.RIGHT);
    runUntil(game, () => game.state.runner.x === 5 && game.state.runner.y === 11);
    game.press(undefined, 200);
    expect(game.state.status).toBe('running');
    expect(actAt(game, 4, 11)).toBe(BLOCK);
  });
});

describe('digging: a guard on the brick', () => {
  // A guard at (8,10) chases the runner along row 10. One guard moves on every other tick and a tile takes
  // 5 steps, but the cell changes on the 3rd step of each tile: it enters (4,10), above the brick, during
  // tick 34, so tick G = 35 is the first to start with a guard on the brick.
  const text = level(['$', '', '', '', '', '', '', '', '', '', '   &    0', BRICK_ROW, SOLID_ROW]);
  const G = 35;

  function digAt(D: number): Game {
    const game = started(Game.fromText(text, { seed: 1 }));
    game.press(undefined, D - 1);
    expect(nextTick(game)).toBe(D);
    game.step(KEY.DIG_RIGHT);
    expect(game.state.dig).not.toBeNull();
    game.step(KEY.LEFT); // held during the freeze; used when the runner can move again
    runUntil(game, () => nextTick(game) === G);
    return game;
  }

  it('the guard is on the brick from tick G on', () => {
    const game = started(Game.fromText(text, { seed: 1 }));
    runUntil(game, () => nextTick(game) === G - 1);
    expect(actAt(game, 4, 10)).not.toBe(GUARD);
    game.step();
    expect(actAt(game, 4, 10)).toBe(GUARD);
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 10, yOffset: 0 });
  });

  it('a guard already standing above the brick blocks the dig', () => {
    const game = started(Game.fromText(text, { seed: 1 }));
    runUntil(game, () => nextTick(game) === G);
    expect(canDig(game.state, 1)).toBe(false);
    game.step(KEY.DIG_RIGHT);
    expect(game.state.dig).toBeNull();
  });

  it('arriving while the frame is still below 8 (tick D+8 at the latest) cancels the dig and restores the brick', () => {
    const D = G - 8;
    const game = digAt(D);
    expect(game.state.dig?.frame).toBe(7);
    game.step(); // tick G = D+8
    expect(game.state.dig).toBeNull();
    expect(actAt(game, 4, 11)).toBe(BLOCK);
    expect(game.state.holes).toEqual([]);
    // ... and the runner moves normally in that same tick (LEFT was held)
    expect(game.state.runner).toMatchObject({ x: 3, xOffset: -8 });
  });

  it('arriving at frame 8 (tick D+9) is too late: the brick opens at once, the dig goes on, the guard falls in', () => {
    const D = G - 9;
    const game = digAt(D);
    expect(game.state.dig?.frame).toBe(8);
    game.step(); // tick G = D+9
    expect(game.state.dig?.frame).toBe(9);
    expect(game.state.runner).toMatchObject({ x: 3, xOffset: 0, action: ACT_DIG_RIGHT });
    // the brick's act was cleared at the start of the tick, so the guard's next move is a fall into it
    expect(actAt(game, 4, 11)).toBe(EMPTY);
    expect(game.state.holes).toEqual([]);
    runUntil(game, () => game.state.guards[0].yOffset !== 0);
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 10, yOffset: 9, action: ACT_FALL });
    // the hole (and its refill clock) still opens at frame 11, on tick D+11
    const opened = runUntil(game, () => game.state.holes.length > 0);
    expect(opened).toBe(D + 11);
    runUntil(game, () => game.state.guards[0].action === ACT_IN_HOLE && game.state.guards[0].yOffset === 0);
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11 });
  });
});
