// A run against a model server that misbehaves mid-run, over the real HTTP API: it throttles (with
// and without Retry-After, inside and past the deadline), hangs past the deadline, answers 5xx and
// drops connections. Every planning request still answers 200 with an action, no step is lost (the
// trace holds one step per request, in order), and every model call ends in a recorded status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceStepRecord } from '../../recorders/traceStep.js';
import { createPlanningService } from '../../src/service/planningService.js';
import { TraceStore } from '../../src/stores/index.js';
import { startFakeOpenAIServer, type FakeBehaviour, type FakeOpenAIServer } from '../llm/helpers/fakeOpenAIServer.js';
import { call, snapshotOf, startTestServer, tempDir } from './helpers.js';

let model: FakeOpenAIServer;
beforeAll(async () => {
  model = await startFakeOpenAIServer();
});
afterAll(async () => {
  await model.close();
});

const throttled = (status: number, headers: Record<string, string> = {}): FakeBehaviour => ({
  kind: 'error',
  status,
  message: 'Too many requests',
  headers,
});

/** Each step's model server behaviour and the status (and reason) its one model call must end in. */
const SCRIPT: { behaviour: FakeBehaviour[]; status: string; reason: string | null; waits: number }[] = [
  { behaviour: [throttled(429)], status: 'provider_error', reason: 'rate_limited', waits: 0 },
  { behaviour: [{ kind: 'hang' }], status: 'timeout', reason: 'timeout', waits: 0 },
  { behaviour: [{ kind: 'destroy' }], status: 'provider_error', reason: 'unreachable', waits: 0 },
  { behaviour: [throttled(503, { 'retry-after-ms': '40' }), { kind: 'schema', pick: 'first' }], status: 'ok', reason: null, waits: 1 },
  { behaviour: [{ kind: 'error', status: 500, message: 'upstream exploded' }], status: 'provider_error', reason: 'server_error', waits: 0 },
  { behaviour: [{ kind: 'answer', content: '{"candidateId":"x"}', delayMs: 2000 }], status: 'timeout', reason: 'timeout', waits: 0 },
  { behaviour: [throttled(429, { 'retry-after': '30' })], status: 'provider_error', reason: 'rate_limited', waits: 0 },
  { behaviour: [{ kind: 'destroy' }], status: 'provider_error', reason: 'unreachable', waits: 0 },
  { behaviour: [{ kind: 'schema', pick: 'last' }], status: 'ok', reason: null, waits: 0 },
];

describe('a model server that throttles, times out and drops connections mid-run', () => {
  it('answers 200 on every step, loses none, and records a status for every model call', async () => {
    const dataDir = await tempDir('fr-faults-');
    const traceStore = await TraceStore.open(dataDir, { coalesceMs: 5 });
    const server = await startTestServer({
      dataDir,
      traceStore,
      planner: createPlanningService({ traceStore, deadlineMs: 600 }),
      env: { OPENAI_API_KEY: 'sk-test-0123456789abcdefFAULTS', OPENAI_MODEL: 'flaky-model', OPENAI_BASE_URL: model.baseURL },
      config: { agent: { modelProfile: 'openai' } },
    });
    const body = { playData: 1, level: 1, snapshot: snapshotOf(), history: [], runId: 'flaky-run' };

    for (const [i, step] of SCRIPT.entries()) {
      model.enqueue(...step.behaviour);
      const { status, body: answer } = await call(server, 'POST', '/api/agent/next-action', body);
      expect(status, `step ${i}`).toBe(200);
      expect(answer.stepCount).toBe(i + 1);
      expect(answer.action.ticks).toBeGreaterThanOrEqual(1);
      expect(answer.validation.statuses, `step ${i}`).toEqual([step.status]);
      expect(answer.fallbackUsed ?? answer.planner.fallbackUsed).toBe(step.status !== 'ok');
    }

    const trace = await traceStore.getRun('flaky-run');
    expect(trace!.steps.map((s) => s.stepIndex)).toEqual(SCRIPT.map((_, i) => i));
    const calls = trace!.steps.map((s) => (s as unknown as TraceStepRecord).modelCall!);
    expect(calls.map((c) => [c.status, c.reason, c.throttle.waits])).toEqual(SCRIPT.map((s) => [s.status, s.reason, s.waits]));
  });
});
