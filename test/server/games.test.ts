// Game sessions over HTTP on a real server: create, step, the demo (replays to the same end state),
// delete, 404s, input checks, eviction of the longest-idle game at 64, and idle expiry on a fake clock.
import { describe, expect, it } from 'vitest';
import { Game, KEY, replayDemo, snapshotSchema } from '../../src/game/index.js';
import { GAME_IDLE_MS, MAX_LIVE_GAMES } from '../../src/server/gameSessions.js';
import { call, startTestServer, type TestServer } from './helpers.js';

async function newGame(server: TestServer, body: Record<string, unknown> = { playData: 1, level: 1 }) {
  const answer = await call(server, 'POST', '/api/games', body);
  expect(answer.status).toBe(201);
  return answer.body as { gameId: string; snapshot: ReturnType<Game['snapshot']> };
}

describe('game sessions', () => {
  it('creates a game with a snapshot carrying engineState', async () => {
    const server = await startTestServer();
    const { gameId, snapshot } = await newGame(server, { playData: 3, level: 7, seed: 42, godMode: true });
    expect(gameId).toMatch(/^[0-9a-f-]{36}$/);
    expect(snapshotSchema.parse(snapshot)).toBeTruthy();
    expect(snapshot).toMatchObject({ playData: 3, level: 7, godMode: true, gameStateName: 'start' });
    expect(snapshot.engineState).toBeDefined();
    expect(snapshot.engineState).toEqual(Game.fromLevel(3, 7, { seed: 42, godMode: true }).serialize());
  });

  it('steps a game like the engine does', async () => {
    const server = await startTestServer();
    const { gameId } = await newGame(server, { playData: 1, level: 1, seed: 5 });
    const local = Game.fromLevel(1, 1, { seed: 5 });
    for (const [keyCode, ticks] of [
      [KEY.RIGHT, 12],
      [KEY.LEFT, 20],
      [KEY.STOP, 3],
    ]) {
      const { status, body } = await call(server, 'POST', `/api/games/${gameId}/step`, { keyCode, ticks });
      expect(status).toBe(200);
      local.press(keyCode, ticks);
      expect(body.snapshot).toEqual(local.snapshot({ withEngineState: true }));
    }
  });

  it('returns a demo that replays to the same end state', async () => {
    const server = await startTestServer();
    const { gameId } = await newGame(server, { playData: 1, level: 1, seed: 9 });
    let snapshot = (await call(server, 'POST', `/api/games/${gameId}/step`, { keyCode: KEY.RIGHT, ticks: 20 })).body.snapshot;
    // Stand still until a guard catches the runner (the level's guards chase; bounded for safety).
    for (let i = 0; i < 300 && snapshot.gameStateName === 'running'; i++) {
      snapshot = (await call(server, 'POST', `/api/games/${gameId}/step`, { keyCode: KEY.STOP, ticks: 20 })).body.snapshot;
    }
    expect(snapshot.gameStateName).toBe('runner_dead');
    const demo = await call(server, 'GET', `/api/games/${gameId}/demo`);
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ level: 1, state: 0, time: snapshot.tick });
    expect(replayDemo(1, demo.body)).toEqual({ state: 0, time: snapshot.tick });
    const replayed = Game.forDemo(1, demo.body);
    replayed.runToEnd(demo.body.time + 100);
    expect({ x: replayed.state.runner.x, y: replayed.state.runner.y }).toEqual({ x: snapshot.runner.x, y: snapshot.runner.y });
  });

  it('deletes a game; unknown and deleted games are 404', async () => {
    const server = await startTestServer();
    const { gameId } = await newGame(server);
    const deleted = await call(server, 'DELETE', `/api/games/${gameId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: true, gameId });
    for (const [method, path, body] of [
      ['POST', `/api/games/${gameId}/step`, { keyCode: 39, ticks: 1 }],
      ['GET', `/api/games/${gameId}/demo`, undefined],
      ['DELETE', `/api/games/${gameId}`, undefined],
      ['GET', '/api/games/not-a-game/demo', undefined],
    ] as const) {
      const answer = await call(server, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error).toContain('game not found');
    }
  });

  it('checks the create and step bodies', async () => {
    const server = await startTestServer();
    const badLevel = await call(server, 'POST', '/api/games', { playData: 2, level: 60 });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.error).toContain('1..51');
    const badSeed = await call(server, 'POST', '/api/games', { playData: 1, level: 1, seed: -1 });
    expect(badSeed.status).toBe(400);
    expect(badSeed.body.error).toContain('body.seed');
    const badGod = await call(server, 'POST', '/api/games', { playData: 1, level: 1, godMode: 'yes' });
    expect(badGod.body.error).toContain('body.godMode');

    const { gameId } = await newGame(server);
    for (const body of [{ keyCode: 39, ticks: 0 }, { keyCode: 39, ticks: 21 }, { keyCode: 'right', ticks: 4 }, { ticks: 4 }, {}]) {
      const answer = await call(server, 'POST', `/api/games/${gameId}/step`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatch(/body\.(keyCode|ticks)/);
    }
  });

  it(`keeps at most ${MAX_LIVE_GAMES} games, evicting the one idle the longest`, async () => {
    const server = await startTestServer();
    const ids: string[] = [];
    for (let i = 0; i < MAX_LIVE_GAMES; i++) {
      ids.push((await newGame(server)).gameId);
      server.clock.advance(1000);
    }
    expect(server.games.size).toBe(MAX_LIVE_GAMES);
    // Using the oldest game makes the second-oldest the longest idle.
    expect((await call(server, 'POST', `/api/games/${ids[0]}/step`, { keyCode: 39, ticks: 1 })).status).toBe(200);
    await newGame(server);
    expect(server.games.size).toBe(MAX_LIVE_GAMES);
    expect((await call(server, 'GET', `/api/games/${ids[1]}/demo`)).status).toBe(404);
    expect((await call(server, 'GET', `/api/games/${ids[0]}/demo`)).status).toBe(200);
    expect((await call(server, 'GET', `/api/games/${ids[2]}/demo`)).status).toBe(200);
  });

  it('expires a game idle for 10 minutes', async () => {
    const server = await startTestServer();
    const idle = (await newGame(server)).gameId;
    const busy = (await newGame(server)).gameId;
    server.clock.advance(GAME_IDLE_MS - 1000);
    expect((await call(server, 'POST', `/api/games/${busy}/step`, { keyCode: 37, ticks: 2 })).status).toBe(200);
    server.clock.advance(1000);
    expect((await call(server, 'GET', `/api/games/${idle}/demo`)).status).toBe(404);
    expect((await call(server, 'GET', `/api/games/${busy}/demo`)).status).toBe(200);
    expect((await call(server, 'GET', '/api/health')).body.liveGames).toBe(1);
  });
});
