// Renderer geometry and poses: logical pixels match the engine's units, the refill phases follow a
// real hole's ticksUntilRefill (166, 8, 8, 4 ticks), hidden ladders are found and glow once, and the
// board renderer draws real snapshots (on a recording stand-in for the 2D context) without errors.
import { describe, expect, it } from 'vitest';
import { Game, KEY, levelText, listPacks } from '../../src/game/index.js';
import { BoardRenderer } from '../../src/web/render/board.js';
import {
  BOARD_H,
  BOARD_W,
  REVEAL_GLOW_TICKS,
  animFrame,
  cellAt,
  cellOrigin,
  digFraction,
  fitBoard,
  hiddenLadderCells,
  moverOrigin,
  refillPhase,
  revealGlow,
} from '../../src/web/render/geometry.js';
import { choosePose } from '../../src/web/render/pose.js';

describe('geometry', () => {
  it('uses the engine tile (40 x 44) so offsets map 1:1', () => {
    expect([BOARD_W, BOARD_H]).toEqual([1120, 704]);
    expect(cellOrigin(3, 2)).toEqual({ px: 120, py: 88 });
    expect(moverOrigin({ x: 3, y: 2, xOffset: -16, yOffset: 9 })).toEqual({ px: 104, py: 97 });
    expect(cellAt(119, 87)).toEqual({ x: 2, y: 1 });
    expect(cellAt(-1, 0)).toBeNull();
    expect(cellAt(BOARD_W, 0)).toBeNull();
  });

  it('fits the board into a box keeping its aspect ratio', () => {
    expect(fitBoard(560, 1000)).toEqual({ width: 560, height: 352 });
    expect(fitBoard(5000, 352)).toEqual({ width: 560, height: 352 });
  });

  it('follows a real hole through its refill phases', () => {
    const game = Game.fromLevel(1, 1, { seed: 1, godMode: true });
    game.step(KEY.RIGHT);
    game.step();
    game.step();
    game.step(KEY.DIG_RIGHT);
    const fractions: number[] = [];
    const phases: number[] = [];
    let sawHole = false;
    for (let i = 0; i < 230; i++) {
      game.step();
      const s = game.snapshot();
      if (s.activeDig) fractions.push(digFraction(s.activeDig));
      if (s.openHoles.length > 0) {
        sawHole = true;
        phases.push(refillPhase(s.openHoles[0].ticksUntilRefill));
      } else if (sawHole) break;
    }
    const count = (p: number) => phases.filter((x) => x === p).length;
    expect([count(0), count(1), count(2), count(3)]).toEqual([166, 8, 8, 4]);
    expect(phases).toEqual([...phases].sort());
    expect(fractions.length).toBeGreaterThan(5);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(Math.max(...fractions)).toBeLessThanOrEqual(1);
  });

  it('finds hidden ladders and lets them glow for a while after the reveal', () => {
    const text = levelText(1, 1);
    const cells = hiddenLadderCells(text);
    expect(cells.length).toBe([...text].filter((c) => c === 'S').length);
    expect(cells.length).toBeGreaterThan(0);
    expect(text[cells[0].y * 28 + cells[0].x]).toBe('S');
    expect(revealGlow(100, null)).toBe(0);
    expect(revealGlow(100, 100)).toBe(1);
    expect(revealGlow(100 + REVEAL_GLOW_TICKS / 2, 100)).toBeCloseTo(0.5);
    expect(revealGlow(100 + REVEAL_GLOW_TICKS, 100)).toBe(0);
    expect(animFrame(7, 4, 2)).toBe(3);
  });
});

describe('choosePose', () => {
  const at = (actionName: string, cell = ' ', yOffset = 0, px = 0) => choosePose({ actionName, cell, xOffset: 0, yOffset, px, py: 0 });
  it('picks run, hang, climb, fall, dig and trapped poses', () => {
    expect(at('right')).toMatchObject({ pose: 'run', facing: 1 });
    expect(at('left', '-')).toMatchObject({ pose: 'hang', facing: -1 });
    expect(at('left', '-', 5)).toMatchObject({ pose: 'run' });
    expect(at('up', 'H')).toMatchObject({ pose: 'climb' });
    expect(at('stop', 'H')).toMatchObject({ pose: 'climb' });
    expect(at('stop', '-')).toMatchObject({ pose: 'hang' });
    expect(at('stop')).toMatchObject({ pose: 'stand', facing: null });
    expect(at('fall')).toMatchObject({ pose: 'fall' });
    expect(at('fall_bar')).toMatchObject({ pose: 'hang' });
    expect(at('dig_left')).toMatchObject({ pose: 'dig', facing: -1 });
    expect(at('in_hole')).toMatchObject({ pose: 'trapped' });
    expect(at('right', ' ', 0, 8).frame).not.toBe(at('right', ' ', 0, 0).frame);
  });
});

/** A stand-in 2D context: every method is a no-op that counts its calls; properties are settable. */
function fakeContext(): { ctx: CanvasRenderingContext2D; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const props: Record<string | symbol, unknown> = {};
  const ctx = new Proxy(props, {
    get(target, name) {
      if (name in target) return target[name];
      return () => calls.set(String(name), (calls.get(String(name)) ?? 0) + 1);
    },
    set(target, name, value) {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

describe('BoardRenderer', () => {
  it('draws the first level of every pack and a game in progress', () => {
    const { ctx, calls } = fakeContext();
    const renderer = new BoardRenderer(ctx);
    for (const pack of listPacks()) {
      renderer.setLevel(levelText(pack.playData, 1));
      renderer.draw(Game.fromLevel(pack.playData, 1).snapshot());
    }
    const game = Game.fromLevel(1, 1, { seed: 3, godMode: true });
    renderer.setLevel(levelText(1, 1));
    game.step(KEY.RIGHT);
    for (let i = 0; i < 3; i++) game.step();
    game.step(KEY.DIG_RIGHT);
    for (let i = 0; i < 40; i++) {
      game.step();
      renderer.draw(game.snapshot());
    }
    expect(calls.get('fillRect')).toBeGreaterThan(1000);
    expect(calls.get('stroke')).toBeGreaterThan(10);
  });

  it('draws a whole world-record game to its finish, hidden ladders revealed', async () => {
    const { readFileSync } = await import('node:fs');
    const file = JSON.parse(readFileSync(new URL('../fixtures/classic-demos.json', import.meta.url), 'utf8'));
    const game = Game.forDemo(1, file.demos[0]);
    const { ctx } = fakeContext();
    const renderer = new BoardRenderer(ctx);
    renderer.setLevel(levelText(1, file.demos[0].level));
    let revealedAt: number | null = null;
    while (!game.over && game.state.tick < 5000) {
      game.step();
      const s = game.snapshot();
      if (s.gold.complete && revealedAt === null) revealedAt = s.tick;
      renderer.draw(s);
    }
    expect(game.status).toBe('finish');
    expect(revealedAt).not.toBeNull();
  });
});
