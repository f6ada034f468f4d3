// The planner-facing snapshot (src/game/snapshot.ts, agent-planner §1): it validates against
// snapshotSchema, its grids show the runner, guards and gold, and it reports a dig and open holes.
import { describe, expect, it } from 'vitest';
import { Game, KEY, snapshotSchema } from '../../src/game/index.js';
import { BRICK_ROW, SOLID_ROW, level } from './helpers/level.js';

const DIG_FRAMES = 11; // game-mechanics §4: the hole opens at frame 11
const HOLE_OPEN_TICKS = 186; // refill phases 166 + 8 + 8 + 4

// Runner (3,10), guard (20,10), gold (10,10) and (1,2); a hidden ladder at (15,9); bricks below.
const TEXT = level(['', '', ' $', '', '', '', '', '', '', '               S', '   &      $         0', BRICK_ROW, SOLID_ROW]);

describe('snapshot', () => {
  it('validates against snapshotSchema, engine state included', () => {
    const game = Game.fromText(TEXT, { seed: 1, playData: 1, level: 7 });
    game.step(KEY.UP);
    const snap = game.snapshot({ withEngineState: true });
    expect(snapshotSchema.parse(snap)).toEqual(snap);
    expect(snap.engineState).toEqual(game.serialize());
    expect(snap).toMatchObject({ playData: 1, level: 7, gameStateName: 'running', tick: 1, godMode: false });
    expect(game.snapshot().engineState).toBeUndefined();
  });

  it('the grid shows the runner (&), guards (0) and gold ($) where they are; terrainGrid shows the hidden ladder as S', () => {
    const game = Game.fromText(TEXT, { seed: 1 });
    const snap = game.snapshot();
    expect(snap.gameStateName).toBe('start');
    expect(snap.grid[10]).toBe('   &      $         0       ');
    expect(snap.grid[2][1]).toBe('$');
    expect(snap.grid[9][15]).toBe(' '); // hidden: not shown where the runner can see
    expect(snap.terrainGrid[9][15]).toBe('S');
    expect(snap.terrainGrid[10]).toBe(' '.repeat(28)); // terrain only: no actors, no gold
    expect(snap.baseGrid[10][10]).toBe('$');
    expect(snap.gold).toEqual({
      remainingCount: 2,
      complete: false,
      visiblePositions: [
        { x: 1, y: 2 },
        { x: 10, y: 10 },
      ],
      carriedByGuards: [],
    });
    expect(snap.runner).toMatchObject({ x: 3, y: 10, xOffset: 0, yOffset: 0, actionName: 'stop' });
    expect(snap.guards).toEqual([{ id: 0, x: 20, y: 10, xOffset: 0, yOffset: 0, actionName: 'stop', hasGold: 0 }]);
  });

  it('the actors move in the grid as they move in the game', () => {
    const game = Game.fromText(TEXT, { seed: 1 });
    game.step(KEY.RIGHT);
    game.press(undefined, 4); // 5 steps: one tile
    const snap = game.snapshot();
    expect(snap.runner).toMatchObject({ x: 4, xOffset: 0, actionName: 'right' });
    expect(snap.grid[10][4]).toBe('&');
    expect(snap.grid[10][3]).toBe(' ');
    const g = game.state.guards[0];
    expect(snap.grid[10][g.x]).toBe('0');
  });

  it('shows the active dig while digging, then the open hole with its ticks until refill', () => {
    const game = Game.fromText(TEXT, { seed: 1 });
    game.step(KEY.DIG_RIGHT);
    game.step();
    let snap = game.snapshot();
    expect(snap.runner.actionName).toBe('digging');
    expect(snap.activeDig).toEqual({ x: 4, y: 11, direction: 'right', frameIndex: 1, frameCount: DIG_FRAMES });
    expect(snap.openHoles).toEqual([]);
    expect(snap.grid[11][4]).toBe('#');

    game.press(undefined, DIG_FRAMES - 1); // up to frame 11: the hole opens
    snap = game.snapshot();
    expect(snap.activeDig).toBeNull();
    expect(snap.openHoles).toEqual([{ x: 4, y: 11, ticksUntilRefill: HOLE_OPEN_TICKS }]);
    expect(snap.grid[11][4]).toBe(' ');
    expect(snap.terrainGrid[11][4]).toBe('#');

    game.press(undefined, 100);
    expect(game.snapshot().openHoles).toEqual([{ x: 4, y: 11, ticksUntilRefill: HOLE_OPEN_TICKS - 100 }]);
    game.press(undefined, HOLE_OPEN_TICKS - 100);
    expect(game.snapshot().openHoles).toEqual([]);
    expect(game.snapshot().grid[11][4]).toBe('#');
  });

  it('reports the time in game seconds (16 ticks each)', () => {
    const game = Game.fromText(TEXT, { seed: 1, godMode: true });
    game.step(KEY.UP);
    game.press(undefined, 39);
    expect(game.snapshot()).toMatchObject({ tick: 40, time: 2 });
  });
});
