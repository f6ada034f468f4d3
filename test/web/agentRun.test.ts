// The browser's AI run loop against a fake fetch (the documented HTTP contract, scripted answers):
// config read fresh, snapshots with engineState, history capped at historyLimit, the run id on every
// step, ticks clamped 1..20, the step and tick limits, profile precedence, cancel = abort in flight
// + a failure recording, planning errors saved as failures. Last, the same loop against the REAL
// server (stub planner, `local` profile) clears Classic 1, and its saved demo replays to the same tick.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { Game, KEY, replayDemo } from '../../src/game/index.js';
import { startServer } from '../../src/server/main.js';
import { runAgent, stepViewOf, type AgentRunOptions } from '../../src/web/game/agentRun.js';
import { createApi, type FetchLike, type NextActionBody, type NextActionResponse, type RecordingBody } from '../../src/web/game/api.js';

function answer(keyCode: number, ticks: number, extra: Partial<NextActionResponse> = {}, step = 1): NextActionResponse {
  return {
    action: { keyCode, ticks, reason: `press ${keyCode}` },
    planner: {
      modelProfile: 'local',
      provider: 'local',
      model: 'local-policy',
      modelSource: 'request',
      mode: 'candidate-selection',
      fallbackUsed: false,
      fallbackReason: null,
      candidateCount: 2,
      config: {},
    },
    traceId: 'run-1',
    stepCount: step,
    candidateId: `walk_${keyCode}`,
    candidate: { id: `walk_${keyCode}`, kind: 'collect_gold' },
    candidates: [
      { id: `walk_${keyCode}`, kind: 'collect_gold', score: 90 },
      { id: 'wait_or_stop', kind: 'wait_or_stop', score: 10, stallBlocked: true },
    ],
    validation: { statuses: ['ok'], fallbackUsed: false },
    ...extra,
  };
}

interface FakeServer {
  fetch: FetchLike;
  plans: NextActionBody[];
  saves: RecordingBody[];
  configInits: RequestInit[];
}

function fakeServer(o: {
  config?: unknown;
  configStatus?: number;
  plan?: (body: NextActionBody, n: number, signal?: AbortSignal) => Promise<NextActionResponse | Response> | NextActionResponse | Response;
}): FakeServer {
  const plans: NextActionBody[] = [];
  const saves: RecordingBody[] = [];
  const configInits: RequestInit[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch: FetchLike = async (url, init = {}) => {
    if (url === '/agent-config.json') {
      configInits.push(init);
      return json(o.config ?? { agent: { maxSteps: 300, maxPlaybackTimeSeconds: 120, historyLimit: 24 } }, o.configStatus ?? 200);
    }
    if (url === '/api/agent/next-action') {
      const body = JSON.parse(String(init.body)) as NextActionBody;
      plans.push(body);
      const out = await (o.plan ?? (() => answer(KEY.RIGHT, 5)))(body, plans.length, init.signal ?? undefined);
      if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      return out instanceof Response ? out : json({ ...out, traceId: body.runId, stepCount: plans.length });
    }
    if (url.startsWith('/api/recordings/') && init.method === 'PUT') {
      expect(init.signal).toBeUndefined();
      const body = JSON.parse(String(init.body)) as RecordingBody;
      saves.push(body);
      return json({ record: { id: body.traceId ?? 'user:x' }, run: null }, 201);
    }
    return json({ error: `no route ${url}` }, 404);
  };
  return { fetch, plans, saves, configInits };
}

function options(server: FakeServer, game: Game, extra: Partial<AgentRunOptions> = {}): AgentRunOptions {
  return {
    api: createApi(server.fetch),
    game,
    playData: 1,
    level: 1,
    runId: 'run-1',
    playTicks: async (keyCode, ticks) => game.press(keyCode, ticks),
    signal: new AbortController().signal,
    ...extra,
  };
}

describe('runAgent with a fake server', () => {
  it('loops to maxSteps with fresh config, engine state, capped history and clamped ticks, then saves a failure', async () => {
    const server = fakeServer({
      config: { agent: { maxSteps: 6, maxPlaybackTimeSeconds: 120, historyLimit: 3, modelProfile: null } },
      plan: (_b, n) => answer(n % 2 ? KEY.RIGHT : KEY.LEFT, n === 1 ? 50 : 0),
    });
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const steps: number[] = [];
    const result = await runAgent(options(server, game, { onStep: (v) => steps.push(v.ticks) }));
    expect(server.configInits[0].cache).toBe('no-store');
    expect(server.plans).toHaveLength(6);
    expect(server.plans.every((p) => p.runId === 'run-1' && p.snapshot.engineState !== undefined && !('modelProfile' in p))).toBe(true);
    expect(server.plans.map((p) => p.history.length)).toEqual([0, 1, 2, 3, 3, 3]);
    // the newest 3 entries: steps 3, 4, 5 (odd steps press RIGHT)
    expect(server.plans[5].history.map((h) => h.keyCode)).toEqual([KEY.RIGHT, KEY.LEFT, KEY.RIGHT]);
    expect(steps).toEqual([20, 1, 1, 1, 1, 1]);
    expect(result).toMatchObject({ result: 'failure', steps: 6, ticks: 25, recordId: 'run-1', saveError: null });
    expect(['step_limit', 'stuck', 'no_route']).toContain(result.reason);
    const saved = server.saves[0];
    expect(saved).toMatchObject({
      source: 'agent',
      result: 'failure',
      traceId: 'run-1',
      solver: { modelProfile: 'local', provider: 'local', model: 'local-policy', traceId: 'run-1', failureReason: result.reason },
      demo: { level: 1, time: 25, state: 0 },
      finalSnapshot: { tick: 25 },
    });
    expect(saved.finalSnapshot?.engineState).toBeUndefined();
  });

  it('stops at maxPlaybackTimeSeconds x 16 ticks', async () => {
    const server = fakeServer({ config: { agent: { maxSteps: 100, maxPlaybackTimeSeconds: 2 } } });
    const game = Game.fromLevel(1, 1, { seed: 1, godMode: true });
    const result = await runAgent(options(server, game));
    expect(result.ticks).toBe(32);
    expect(server.plans).toHaveLength(7); // 6 x 5 ticks, then the last 2
  });

  it('sends the profile by precedence: ?profile=, window option, config', async () => {
    const config = { agent: { maxSteps: 1, modelProfile: 'gemini' } };
    const sent = async (extra: Partial<AgentRunOptions>) => {
      const server = fakeServer({ config });
      const result = await runAgent(options(server, Game.fromLevel(1, 1), extra));
      return [server.plans[0].modelProfile, result.profile];
    };
    expect(await sent({ profileQuery: 'local', profileWindowOption: 'openai' })).toEqual(['local', 'local']);
    expect(await sent({ profileWindowOption: 'openai' })).toEqual(['openai', 'openai']);
    expect(await sent({})).toEqual(['gemini', 'gemini']);
  });

  it('cancelling aborts the request in flight and saves a failure recording', async () => {
    const controller = new AbortController();
    const server = fakeServer({
      plan: (_b, n, signal) =>
        n === 1
          ? answer(KEY.RIGHT, 5)
          : new Promise((_resolve, reject) => {
              signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
              setTimeout(() => controller.abort(), 5);
            }),
    });
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const result = await runAgent(options(server, game, { signal: controller.signal }));
    expect(result).toMatchObject({ result: 'failure', reason: 'cancelled', steps: 1, ticks: 5 });
    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]).toMatchObject({
      result: 'failure',
      traceId: 'run-1',
      solver: { failureReason: 'cancelled: the run was cancelled' },
    });
  });

  it('a cancel with a reason (the page being closed) saves that reason', async () => {
    const controller = new AbortController();
    const server = fakeServer({});
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const playTicks = async (keyCode: number) => {
      game.press(keyCode, 2);
      controller.abort('the page was closed during the run');
    };
    const result = await runAgent(options(server, game, { signal: controller.signal, playTicks }));
    expect(result).toMatchObject({ reason: 'cancelled', failureDetail: 'the page was closed during the run' });
    expect(server.saves[0].solver?.failureReason).toBe('cancelled: the page was closed during the run');
  });

  it('cancelling while an action plays stops the run after it', async () => {
    const controller = new AbortController();
    const server = fakeServer({});
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const result = await runAgent(
      options(server, game, {
        signal: controller.signal,
        playTicks: async (keyCode) => {
          game.press(keyCode, 2);
          controller.abort();
        },
      }),
    );
    expect(result).toMatchObject({ reason: 'cancelled', steps: 1, ticks: 2 });
    expect(server.saves[0].demo.time).toBe(2);
  });

  it('a page closed mid-run still finalizes it: the closing recording holds every tick played, with the reason, sent keepalive', async () => {
    let closing: ((detail: string) => RecordingBody) | null = null;
    let closedBody: RecordingBody | null = null;
    const inits: RequestInit[] = [];
    const server = fakeServer({
      plan: (_b, n) => {
        if (n === 3 && closing) closedBody = closing('the page was closed during the run');
        return answer(KEY.RIGHT, 4);
      },
    });
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const api = createApi(async (url, init = {}) => {
      inits.push(init);
      return server.fetch(url, init);
    });
    await runAgent(
      options(server, game, { api, onClosable: (f) => (closing = f), onStep: () => {}, signal: new AbortController().signal }),
    ).catch(() => {});
    expect(closedBody).not.toBeNull();
    expect(closedBody).toMatchObject({
      source: 'agent',
      result: 'failure',
      traceId: 'run-1',
      solver: { failureReason: 'cancelled: the page was closed during the run' },
      demo: { time: 8 },
    });
    api.saveRecordingOnClose(1, 1, closedBody!);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inits.at(-1)).toMatchObject({ method: 'PUT', keepalive: true });
    expect(server.saves.at(-1)?.solver?.failureReason).toBe('cancelled: the page was closed during the run');
  });

  it('says what failed in a person’s words, not the method and path', async () => {
    const api = createApi(async () => new Response(JSON.stringify({ error: 'demo is not valid' }), { status: 400 }));
    await expect(api.saveRecording(1, 1, { source: 'user', demo: Game.fromLevel(1, 1).demo() })).rejects.toThrow(
      /^Saving the recording failed \(the server answered 400\): demo is not valid$/,
    );
    const down = createApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(down.levels()).rejects.toThrow(/^Loading the level list failed: the server could not be reached/);
  });

  it('saves a planning failure with the server error, and uses default limits when the config is unreadable', async () => {
    const server = fakeServer({
      configStatus: 500,
      plan: (_b, n) =>
        n < 3
          ? answer(KEY.RIGHT, 4)
          : new Response(JSON.stringify({ error: 'agent execution failed', detail: 'no valid candidate' }), { status: 502 }),
    });
    let note: string | null = null;
    const result = await runAgent(options(server, Game.fromLevel(1, 1), { onStart: (i) => (note = i.configError) }));
    expect(note).toMatch(/defaults/);
    expect(result.limits.maxSteps).toBe(300);
    expect(result).toMatchObject({ result: 'failure', reason: 'planning_failed', steps: 2 });
    expect(result.failureDetail).toMatch(/502.*agent execution failed: no valid candidate/);
    expect(server.saves[0].solver?.failureReason).toMatch(/^planning_failed: /);
  });

  it('turns a response into the side panel view (fallback, retry, stall badges)', () => {
    const view = stepViewOf(
      answer(KEY.DIG_LEFT, 12, {
        planner: { ...answer(0, 1).planner, fallbackUsed: true, fallbackReason: 'retry failed' },
        validation: { statuses: ['parse_error', 'unknown_candidate'], stallBlocked: false },
        stepCount: 4,
      }),
      77,
      12,
    );
    expect(view).toMatchObject({
      step: 4,
      stepIndex: 3,
      tick: 77,
      kind: 'collect_gold',
      fallbackUsed: true,
      fallbackReason: 'retry failed',
      retried: true,
      stallBlocked: false,
      model: 'local:local-policy',
    });
    expect(view.candidates[1].stallBlocked).toBe(true);
  });
});

describe('runAgent against the real server', () => {
  it('clears Classic level 1 with the local profile; the saved demo replays to the same finish tick', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fr-web-'));
    const running = await startServer({
      port: 0,
      dataDir,
      envReader: () => ({}),
      logger: createLogger({ level: 'error', destination: { write: () => {} } }),
    });
    try {
      const base = `http://127.0.0.1:${running.port}`;
      const api = createApi((input, init) => fetch(input, init), base);
      const game = Game.fromLevel(1, 1, { seed: 1 });
      const result = await runAgent({
        api,
        game,
        playData: 1,
        level: 1,
        runId: 'web-test-run',
        profileQuery: 'local',
        playTicks: async (keyCode, ticks) => game.press(keyCode, ticks),
        signal: new AbortController().signal,
      });
      expect(result).toMatchObject({ result: 'success', reason: 'cleared', saveError: null, recordId: 'web-test-run' });
      const [record] = await api.records(1, 1);
      expect(record).toMatchObject({ id: 'web-test-run', source: 'agent', result: 'success', trace: { traceId: 'web-test-run' } });
      expect(record.trace?.stepCount).toBe(result.steps);
      expect(replayDemo(1, record.demo)).toEqual({ state: 1, time: result.ticks });
    } finally {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
