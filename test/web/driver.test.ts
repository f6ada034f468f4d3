// The page's real-time driver: the clock turns frames into ticks at the chosen speed, keyboard play
// moves the runner, an AI action runs exactly its ticks (or stops on abort), pause holds the game,
// and a replay of a world-record recording ends on its recorded tick.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Game, KEY, demoFileSchema } from '../../src/game/index.js';
import { Driver, TickClock, type Mode } from '../../src/web/game/driver.js';
import { replayTarget } from '../../src/web/game/recordings.js';

const demos = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-demos.json', import.meta.url), 'utf8'))).demos;

function driverFor(game: Game, tps: number) {
  const ends: { mode: Mode; tick: number; status: string }[] = [];
  let frames = 0;
  const driver = new Driver(game, tps, {
    onFrame: () => frames++,
    onEnd: (g, mode) => ends.push({ mode, tick: g.state.tick, status: g.status }),
  });
  let now = 0;
  const advance = (ms: number, step = 16) => {
    for (let t = 0; t < ms; t += step) driver.frame((now += step));
  };
  driver.frame(now); // the first frame only starts the clock
  return { driver, ends, advance, frames: () => frames };
}

describe('TickClock', () => {
  it('runs the chosen ticks per second over many frames', () => {
    for (const tps of [14, 18, 23, 29, 35]) {
      const clock = new TickClock(tps);
      let ticks = clock.due(0);
      for (let t = 1; t <= 60; t++) ticks += clock.due((t * 1000) / 60);
      expect(ticks).toBeGreaterThanOrEqual(tps - 1);
      expect(ticks).toBeLessThanOrEqual(tps);
    }
  });

  it('counts a long gap (a hidden tab) as a quarter second', () => {
    const clock = new TickClock(20);
    clock.due(0);
    expect(clock.due(60_000)).toBe(5);
  });
});

describe('Driver', () => {
  it('moves the runner from the keyboard at the chosen speed', () => {
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const { driver, advance } = driverFor(game, 23);
    const x0 = game.state.runner.x * 40 + game.state.runner.xOffset;
    driver.press(KEY.RIGHT);
    advance(1000);
    expect(game.status).toBe('running');
    expect(game.state.tick).toBeGreaterThanOrEqual(21);
    expect(game.state.tick).toBeLessThanOrEqual(23);
    expect(game.state.runner.x * 40 + game.state.runner.xOffset).toBeGreaterThan(x0);
    driver.press(KEY.STOP);
    advance(100);
    const x1 = game.state.runner.x * 40 + game.state.runner.xOffset;
    advance(500);
    expect(game.state.runner.x * 40 + game.state.runner.xOffset).toBe(x1);
  });

  it('holds the game while paused and ignores the keyboard outside play mode', () => {
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const { driver, advance } = driverFor(game, 35);
    driver.press(KEY.LEFT);
    advance(200);
    driver.setPaused(true);
    const tick = game.state.tick;
    advance(1000);
    expect(game.state.tick).toBe(tick);
    driver.setPaused(false);
    advance(200);
    expect(game.state.tick).toBeGreaterThan(tick);

    const other = Game.fromLevel(1, 1, { seed: 1 });
    driver.load(other, 'ai');
    driver.press(KEY.RIGHT);
    advance(500);
    expect(other.status).toBe('start');
  });

  it('plays an AI action for exactly its ticks', async () => {
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const { driver, advance } = driverFor(game, 35);
    driver.load(game, 'ai');
    driver.frame(0);
    const done = driver.playTicks(KEY.RIGHT, 7);
    advance(2000);
    expect(await done).toBe(7);
    expect(game.state.tick).toBe(7);
  });

  it('releases an AI action when its signal aborts', async () => {
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const { driver, advance } = driverFor(game, 14);
    driver.load(game, 'ai');
    const controller = new AbortController();
    const done = driver.playTicks(KEY.RIGHT, 20, controller.signal);
    advance(200);
    controller.abort();
    const ran = await done;
    expect(ran).toBeLessThan(20);
    advance(1000);
    expect(game.state.tick).toBe(ran);
  });

  it('replays a world-record recording to its recorded finish tick', () => {
    const demo = demos[0];
    const game = Game.forDemo(1, demo);
    const { driver, ends, advance } = driverFor(game, 2000);
    driver.load(game, 'replay', replayTarget(demo));
    advance(60_000);
    expect(ends).toEqual([{ mode: 'replay', tick: demo.time, status: 'finish' }]);
  });

  it('stops a replay of an unfinished recording at its recorded tick', () => {
    const played = Game.fromLevel(1, 1, { seed: 5, godMode: true });
    played.press(KEY.RIGHT, 30);
    played.press(KEY.LEFT, 12);
    const demo = played.demo();
    expect(demo.time).toBe(42);
    const game = Game.forDemo(1, demo);
    const { driver, ends, advance } = driverFor(game, 500);
    driver.load(game, 'replay', replayTarget(demo));
    advance(5000);
    expect(ends).toEqual([{ mode: 'replay', tick: 42, status: 'running' }]);
    expect(game.state.runner).toEqual(played.state.runner);
  });
});
