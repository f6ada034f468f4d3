// Recording (game-mechanics §7): a game played with keys keeps a legacy demo — key changes (digs
// always) from tick 0, the guards' gold counters and respawn columns — that replays to the same end.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACT_REBORN, Game, KEY, demoFileSchema, demoRecordSchema } from '../../src/game/index.js';
import { replayDemo } from '../../src/game/game.js';

const worldRecords = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-demos.json', import.meta.url), 'utf8')));

/** Plays `keys` ([tick, keyCode] pairs) live, pressing each on its tick, until the game ends. */
function playLive(game: Game, keys: readonly number[], maxTicks = 5_000): Game {
  const schedule = new Map<number, number>();
  for (let i = 0; i < keys.length; i += 2) schedule.set(keys[i], keys[i + 1]);
  while (!game.over && game.state.tick < maxTicks) game.step(schedule.get(game.state.tick));
  return game;
}

describe('recording a game', () => {
  it('a pair is saved when the key changes; a dig key always is; repeating a move key is not', () => {
    const game = Game.fromLevel(1, 1, { seed: 3 });
    game.step(KEY.RIGHT); // tick 0
    game.step(KEY.RIGHT); // tick 1: same key, not saved
    game.step(KEY.DIG_LEFT); // tick 2
    game.step(KEY.DIG_LEFT); // tick 3: digs are always saved
    game.step(); // tick 4: no key
    game.step(KEY.STOP); // tick 5
    expect(game.demo().action).toEqual([0, KEY.RIGHT, 2, KEY.DIG_LEFT, 3, KEY.DIG_LEFT, 5, KEY.STOP]);
  });

  it('a game played to the finish on Classic level 1 replays from its demo to the same state and time', () => {
    // The key timing of the world-record run, played live with our own seed (the guards' gold counters differ).
    const wr = worldRecords.demos.find((d) => d.level === 1)!;
    const game = playLive(Game.fromLevel(1, 1, { seed: 3 }), wr.action);
    expect(game.status).toBe('finish');

    const demo = game.demo();
    expect(demoRecordSchema.parse(demo)).toEqual(demo);
    expect(demo).toMatchObject({ level: 1, ai: 4, state: 1, godMode: 0, time: game.state.tick });
    expect(demo.action.slice(0, 2)).toEqual([0, wr.action[1]]);
    expect(demo.action.filter((k, i) => i % 2 === 1 && (k === KEY.DIG_LEFT || k === KEY.DIG_RIGHT)).length).toBeGreaterThan(0);
    expect(demo.goldDrop.length).toBeGreaterThan(0);
    for (const v of demo.goldDrop) expect(v >= 12 && v <= 37).toBe(true);

    expect(replayDemo(1, demo)).toEqual({ state: 1, time: game.state.tick });
  });

  it('a game that ends in death replays from its demo to the same death on the same tick', () => {
    // Walk left and stay: the guards of level 1 come for him.
    const game = Game.fromLevel(1, 1, { seed: 3 });
    game.step(KEY.LEFT);
    game.press(KEY.DIG_RIGHT, 30);
    game.runToEnd(5_000);
    expect(game.status).toBe('runner_dead');
    const demo = game.demo();
    expect(demo).toMatchObject({ state: 0, time: game.state.tick });
    expect(replayDemo(1, demo)).toEqual({ state: 0, time: game.state.tick });
  });

  it('whatever the seed, the demo carries the randomness that was drawn, so each replays to its own end', () => {
    const wr = worldRecords.demos.find((d) => d.level === 1)!;
    for (const seed of [1, 2, 4, 'abc']) {
      const demo = playLive(Game.fromLevel(1, 1, { seed }), wr.action).demo();
      expect(replayDemo(1, demo)).toEqual({ state: demo.state, time: demo.time });
    }
  });

  it('in playback, guard pickups take the goldDrop values in order and respawns the bornPos columns (row 1)', () => {
    const wr = worldRecords.demos.find((d) => d.level === 1)!;
    const game = Game.forDemo(1, { ...wr, goldDrop: [33, 34], bornPos: [1, 27] });
    expect(game.status).toBe('running'); // playback does not wait for a key
    let picked = 0;
    let reborn = false;
    while (!game.over && game.state.tick < 5_000) {
      const before = game.state.guards.map((g) => g.hasGold);
      game.step();
      game.state.guards.forEach((g, id) => {
        if (before[id] === 0 && g.hasGold > 0) expect(g.hasGold).toBe([33, 34][picked++]);
        if (g.action === ACT_REBORN && !reborn) {
          reborn = true;
          expect(g).toMatchObject({ x: 27, y: 1 });
        }
      });
    }
    expect(picked).toBe(2);
    expect(reborn).toBe(true);
  });

  it('a replaying game does not record', () => {
    const wr = worldRecords.demos[0];
    const game = Game.forDemo(1, wr);
    game.runToEnd();
    expect(() => game.demo()).toThrow(/does not record/);
  });
});
