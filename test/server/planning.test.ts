// POST /api/agent/next-action over a real server: the 200 shape (with the chart-backed planning service), run ids,
// every 400 case of http-api "Planning", 503 for a hosted profile without a key, 502/500 mapping of
// the planner's typed errors, per-request config and env reads, 20 concurrent steps of one run, and
// keys never leaving the process.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/game/index.js';
import { createDebugLog } from '../../src/llm/debugLog.js';
import { NoValidCandidateError, TracePersistenceError } from '../../src/server/errors.js';
import type { Planner, PlanningRequest } from '../../src/server/planningContract.js';
import { createPlanningService } from '../../src/service/planningService.js';
import { TraceStore } from '../../src/stores/index.js';
import { call, snapshotOf, startTestServer, tempDir } from './helpers.js';

const validBody = () => ({ playData: 1, level: 1, snapshot: snapshotOf(), history: [] });

describe('POST /api/agent/next-action: success', () => {
  it('answers the 200 shape and appends the step to a new run', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(200);
    expect(body.action).toEqual({ keyCode: expect.any(Number), ticks: expect.any(Number), reason: expect.any(String) });
    expect(body.action.ticks).toBeGreaterThanOrEqual(1);
    expect(body.action.ticks).toBeLessThanOrEqual(20);
    expect(body.planner).toMatchObject({
      modelProfile: 'local',
      provider: 'local',
      model: 'local-policy',
      modelSource: 'default',
      mode: 'candidate-selection',
      fallbackUsed: false,
      fallbackReason: null,
    });
    expect(body.planner.candidateCount).toBe(body.candidates.length);
    expect(body.planner.config.backend).toMatchObject({ candidateLimit: 7, maxActionTicks: 20 });
    expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.stepCount).toBe(1);
    expect(body.candidate.id).toBe(body.candidateId);
    expect(body.candidates.map((c: { id: string }) => c.id)).toContain(body.candidateId);
    expect(body.validation).toMatchObject({ requestedCandidateId: body.candidateId, statuses: ['ok'] });

    const trace = await server.traceStore.getRun(body.traceId);
    expect(trace?.steps).toHaveLength(1);
    expect(trace?.steps[0]).toMatchObject({ stepIndex: 0, selectedCandidateId: body.candidateId, action: body.action });
    expect(typeof trace?.steps[0].createdAt).toBe('string');
  });

  it('appends to the run named by runId, and accepts null for the optional strings', async () => {
    const server = await startTestServer();
    const first = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), runId: 'my-run' });
    expect(first.body).toMatchObject({ traceId: 'my-run', stepCount: 1 });
    const second = await call(server, 'POST', '/api/agent/next-action', {
      ...validBody(),
      runId: 'my-run',
      model: null,
      modelProfile: null,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ traceId: 'my-run', stepCount: 2 });
  });

  it('plays a game served by /api/games with a valid history', async () => {
    const server = await startTestServer();
    const game = Game.fromLevel(1, 1, { seed: 3 });
    const before = game.snapshot({ withEngineState: true });
    const first = await call(server, 'POST', '/api/agent/next-action', { playData: 1, level: 1, snapshot: before, runId: 'hist' });
    game.press(first.body.action.keyCode, first.body.action.ticks);
    const after = game.snapshot({ withEngineState: true });
    const point = (s: typeof before) => ({
      tick: s.tick,
      state: s.gameStateName,
      goldCount: s.gold.remainingCount,
      goldComplete: s.gold.complete,
      runner: { x: s.runner.x, y: s.runner.y, xOffset: s.runner.xOffset, yOffset: s.runner.yOffset, action: s.runner.action },
    });
    const history = [{ candidateId: first.body.candidateId, ...first.body.action, before: point(before), after: point(after) }];
    const second = await call(server, 'POST', '/api/agent/next-action', { playData: 1, level: 1, snapshot: after, history, runId: 'hist' });
    expect(second.status).toBe(200);
    expect(second.body.stepCount).toBe(2);
  });

  it('honours a known slot variant and records the variants on the run', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), slots: { candidates: 'geometric' } });
    expect(status).toBe(200);
    const run = await server.traceStore.getRun(body.traceId);
    expect(run?.slots).toMatchObject({ candidates: 'geometric', 'state-summary': 'with-board' });
  });

  it('loses no step when 20 requests for one runId arrive at once', async () => {
    const server = await startTestServer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(server, 'POST', '/api/agent/next-action', { ...validBody(), runId: 'busy-run' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.stepCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const run = await server.traceStore.getRun('busy-run');
    expect(run?.stepCount).toBe(20);
    expect(run?.steps.map((step) => step.stepIndex)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    await server.traceStore.flush();
  });

  it('plans the steps of one run one at a time, so a slow planner never reuses a step index', async () => {
    let stub: Planner | null = null;
    let running = 0;
    let overlapped = false;
    const server = await startTestServer({
      planner: async (request) => {
        running++;
        overlapped ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 1 + ((request.stepIndex * 7) % 5)));
        try {
          return await stub!(request);
        } finally {
          running--;
        }
      },
    });
    stub = createPlanningService({ traceStore: server.traceStore });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'POST', '/api/agent/next-action', { ...validBody(), runId: i % 2 ? 'odd' : 'even' }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    for (const runId of ['odd', 'even']) {
      const run = await server.traceStore.getRun(runId);
      expect(run?.steps.map((step) => step.stepIndex)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    }
    expect(overlapped).toBe(true); // the two runs did plan in parallel
  });
});

describe('POST /api/agent/next-action: 400s', () => {
  const cases: [string, unknown, RegExp][] = [
    ['body not an object', [1, 2], /must be a JSON object/],
    ['body a JSON string', '"just text"', /must be a JSON object/],
    ['body malformed JSON', '{"playData": 1', /not valid JSON/],
    ['playData not an integer', { ...validBody(), playData: '1' }, /body\.playData: .*1\.\.5/],
    ['playData out of range', { ...validBody(), playData: 6 }, /body\.playData: .*1\.\.5/],
    ['level not an integer', { ...validBody(), level: 1.5 }, /body\.level: .*1\.\.150/],
    ['level out of range for the pack', { ...validBody(), playData: 4, level: 18 }, /body\.level: .*1\.\.17 for pack 4 \(revenge\)/],
    ['snapshot missing', { playData: 1, level: 1 }, /body\.snapshot/],
    ['snapshot not an object', { ...validBody(), snapshot: 'board' }, /body\.snapshot/],
    ['history not an array', { ...validBody(), history: { last: 1 } }, /body\.history/],
    ['history entry malformed', { ...validBody(), history: [{ candidateId: 'x' }] }, /body\.history\.0\./],
    ['model not a string', { ...validBody(), model: 42 }, /body\.model/],
    ['modelProfile not a string', { ...validBody(), modelProfile: ['local'] }, /body\.modelProfile/],
    ['runId not a string', { ...validBody(), runId: 7 }, /body\.runId/],
    ['runId unusable as an id', { ...validBody(), runId: 'has spaces/and slashes' }, /body\.runId/],
    ['slots not an object of strings', { ...validBody(), slots: { candidates: 3 } }, /body\.slots\.candidates/],
    ['unknown profile', { ...validBody(), modelProfile: 'claude' }, /unknown model profile "claude"/],
    ['model not provider:model', { ...validBody(), model: 'gpt-4o' }, /not in the form provider:model/],
    ['model with an unknown provider', { ...validBody(), model: 'acme:big' }, /unknown provider "acme"/],
    ['unknown slot variant', { ...validBody(), slots: { candidates: 'psychic' } }, /unknown variant "psychic" for slot "candidates"/],
    ['unknown slot', { ...validBody(), slots: { mood: 'happy' } }, /unknown slot "mood"/],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const server = await startTestServer();
      const answer = await call(server, 'POST', '/api/agent/next-action', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
      expect(await server.traceStore.listRuns()).toEqual([]);
    });
  }

  it('names the wrong snapshot field', async () => {
    const server = await startTestServer();
    const snapshot = snapshotOf();
    const broken = { ...snapshot, runner: { ...snapshot.runner, x: 'left' }, grid: snapshot.grid.slice(0, 3) };
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), snapshot: broken });
    expect(status).toBe(400);
    expect(body.error).toContain('body.snapshot.runner.x');
    expect(body.error).toContain('body.snapshot.grid');
  });

  it('rejects an unknown slot variant that comes from the config', async () => {
    const server = await startTestServer({ config: { slots: { 'stall-report': 'loud' } } });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(400);
    expect(body.error).toContain('in config slots');
  });
});

describe('POST /api/agent/next-action: profiles, config and env per request', () => {
  it('answers 503 for a hosted profile without a key, naming the variable to set', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), modelProfile: 'openai' });
    expect(status).toBe(503);
    expect(body.error).toContain('OPENAI_API_KEY');
    expect(body.missing).toContain('OPENAI_API_KEY');
  });

  it('re-reads the config and the env on every request', async () => {
    const server = await startTestServer({ config: { agent: { modelProfile: 'gemini' } } });
    const first = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(first.status).toBe(503);
    expect(first.body.error).toContain('GEMINI_API_KEY');
    await writeFile(server.configPath, JSON.stringify({ agent: { modelProfile: 'local' } }));
    const second = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(second.status).toBe(200);
    expect(second.body.planner.modelSource).toBe('config');
    expect(server.envReads()).toBe(2);
  });

  it('hands the planner the resolved request and never lets a key into a response or a log line', async () => {
    const key = 'sk-test-0123456789abcdefghijkl';
    const seen: PlanningRequest[] = [];
    let stub: Planner | null = null;
    const server = await startTestServer({
      env: { OPENAI_API_KEY: key, OPENAI_MODEL: 'gpt-4o-mini' },
      planner: (request) => {
        seen.push(request);
        return stub!(request);
      },
    });
    stub = createPlanningService({ traceStore: server.traceStore });
    const { status, body, text } = await call(server, 'POST', '/api/agent/next-action', {
      ...validBody(),
      model: 'openai:gpt-4o-mini',
      runId: 'keyed',
      slots: { 'stall-report': 'off' },
    });
    expect(status).toBe(200);
    expect(body.planner).toMatchObject({ modelProfile: 'openai', provider: 'openai', model: 'gpt-4o-mini', modelSource: 'request.model' });
    expect(seen[0]).toMatchObject({ playData: 1, level: 1, traceId: 'keyed', stepIndex: 0, slots: { 'stall-report': 'off' } });
    expect(seen[0].resolvedProfile.profile).toBe('openai');
    expect(seen[0].env.OPENAI_API_KEY).toBe(key);
    expect(seen[0].signal).toBeInstanceOf(AbortSignal);
    expect(seen[0].config.agent.maxSteps).toBe(300);

    const bad = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), modelProfile: key });
    expect(bad.status).toBe(400);
    const trace = await call(server, 'GET', '/api/agent/traces/keyed');
    for (const output of [text, bad.text, trace.text, server.lines.join('\n')]) expect(output).not.toContain(key);
  });
});

describe('POST /api/agent/next-action: debug log and cancellation', () => {
  it('writes one scrubbed debug-log entry per step when the debug log is on', async () => {
    const key = 'sk-debug-0123456789abcdefgh';
    const path = join(await tempDir(), 'agent-debug.log');
    const debugLog = createDebugLog({ enabled: true, path, secrets: [key] });
    const server = await startTestServer({ debugLog, env: { OPENAI_API_KEY: key } });
    const { body } = await call(server, 'POST', '/api/agent/next-action', { ...validBody(), runId: 'debugged' });
    const entries = await debugLog.read();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ traceId: 'debugged', stepIndex: 0, selectedCandidateId: body.candidateId, retry: false });
    expect(JSON.stringify(entries)).not.toContain(key);
  });

  it('aborts the signal it hands the planner when the client goes away', async () => {
    let seenSignal: AbortSignal | null = null;
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const server = await startTestServer({
      planner: (request) =>
        new Promise((_resolve, reject) => {
          seenSignal = request.signal;
          markStarted();
          request.signal.addEventListener('abort', () => reject(new Error('cancelled')));
        }),
    });
    const client = new AbortController();
    const pending = fetch(`${server.baseUrl}/api/agent/next-action`, {
      method: 'POST',
      body: JSON.stringify(validBody()),
      signal: client.signal,
    }).catch(() => 'aborted');
    await started;
    client.abort();
    expect(await pending).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seenSignal!.aborted).toBe(true);
  });
});

describe('POST /api/agent/next-action: planner failures', () => {
  it('maps NoValidCandidateError to 502 {error: "agent execution failed", detail}', async () => {
    const server = await startTestServer({
      planner: async () => {
        throw new NoValidCandidateError('every candidate walks into a guard');
      },
    });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'agent execution failed', detail: 'every candidate walks into a guard' });
  });

  it("maps the chart's same-named errors by name", async () => {
    const server = await startTestServer({
      planner: async () => {
        const error = new Error('nothing valid to fall back to');
        error.name = 'NoValidCandidateError';
        throw error;
      },
    });
    expect((await call(server, 'POST', '/api/agent/next-action', validBody())).status).toBe(502);
  });

  it('maps TracePersistenceError to 500 {error: "failed to persist agent trace"}', async () => {
    const server = await startTestServer({
      planner: async () => {
        throw new TracePersistenceError('disk full');
      },
    });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'failed to persist agent trace' });
  });

  it('answers 500 "failed to persist agent trace" when the planning service cannot write its trace store', async () => {
    const notADir = join(await tempDir(), 'a-file');
    await writeFile(notADir, 'not a folder');
    const brokenStore = new TraceStore(notADir, { coalesceMs: 0 });
    const server = await startTestServer({ planner: createPlanningService({ traceStore: brokenStore }) });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'failed to persist agent trace' });
    expect(server.lines.some((line) => line.includes('level=ERROR') && line.includes('planning step failed'))).toBe(true);
  });

  it('answers 500 without internals when the planner throws something unexpected', async () => {
    const server = await startTestServer({
      planner: async () => {
        throw new TypeError('cannot read properties of undefined (reading "x") at /secret/path.ts');
      },
    });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'internal server error' });
  });

  it('answers 500 when the planner returns a malformed answer', async () => {
    const server = await startTestServer({ planner: async () => ({ action: { keyCode: 39 } }) as never });
    const { status, body } = await call(server, 'POST', '/api/agent/next-action', validBody());
    expect(status).toBe(500);
    expect(body.error).toContain('malformed');
  });
});
