// Throttled calls: a 429/503 whose Retry-After (or reset header) fits in the call's deadline is waited
// out and sent again, the waits counted on the reply and in the trace step; one that does not fit is
// a provider_error with reason rate_limited at once. The real `openai` SDK against a local
// OpenAI-compatible server; plus the header arithmetic on its own.
import { describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import { parseResetDuration, serverRetryDelayMs, withJitter } from '../../src/llm/rateLimit.js';
import { level1Snapshot, planningRequest, shownCandidateIds } from '../charts/helpers.js';
import { behaviours } from './helpers/fakeOpenAIServer.js';
import { modelRequest, providerFailure as failure } from './helpers/modelRequests.js';
import { openaiProvider, useFakeOpenAI } from './helpers/fakeOpenAIFixture.js';

const request = (overrides: Parameters<typeof modelRequest>[1] = {}) => modelRequest(['a'], overrides);

const throttled = (headers: Record<string, string>, status = 429) =>
  ({ kind: 'error', status, message: 'Rate limit reached for requests', headers }) as const;

const fake = useFakeOpenAI();
const provider = () => openaiProvider(fake.env);

describe('a throttled call inside its deadline', () => {
  it('429 with Retry-After: 1, then success: waited out once, the wait counted on the reply', async () => {
    fake.server.enqueue(throttled({ 'retry-after': '1' }), behaviours.json('a', 'after the wait'));
    const reply = await provider().complete(request({ deadlineMs: 5000 }));
    expect(fake.server.requests).toHaveLength(2);
    expect(JSON.parse(reply.text)).toEqual({ candidateId: 'a', reason: 'after the wait' });
    expect(reply.throttle!.waits).toBe(1);
    expect(reply.throttle!.waitedMs).toBeGreaterThanOrEqual(1000);
    expect(reply.throttle!.waitedMs).toBeLessThanOrEqual(1100);
  });

  it('503 with retry-after-ms and a 429 with x-ratelimit-reset-requests are waited out too, each counted', async () => {
    fake.server.enqueue(
      throttled({ 'retry-after-ms': '120' }, 503),
      throttled({ 'x-ratelimit-reset-requests': '80ms', 'x-ratelimit-reset-tokens': '150ms' }),
      behaviours.json('a'),
    );
    const reply = await provider().complete(request());
    expect(fake.server.requests).toHaveLength(3);
    expect(reply.throttle!.waits).toBe(2);
    expect(reply.throttle!.waitedMs).toBeGreaterThanOrEqual(120 + 150);
  });

  it('the trace step’s model call keeps the waits', async () => {
    const snapshot = level1Snapshot();
    const id = shownCandidateIds(snapshot)[0]!;
    fake.server.enqueue(throttled({ 'retry-after-ms': '50' }), behaviours.json(id, 'fine'));
    const result = await planNextAction(planningRequest(snapshot), { provider: provider() });
    expect(result.validation.statuses).toEqual(['ok']);
    expect(result.traceStep.modelCall!.throttle.waits).toBe(1);
    expect(result.traceStep.modelCall!.throttle.waitedMs).toBeGreaterThanOrEqual(50);
  });
});

describe('a throttled call past its deadline', () => {
  it('429 asking for more than the deadline leaves: provider_error rate_limited at once, one request, no wait', async () => {
    fake.server.enqueue(throttled({ 'retry-after': '5' }), behaviours.json('a'));
    const err = await failure(provider().complete(request({ deadlineMs: 1000 })));
    expect(err).toMatchObject({ status: 'provider_error', reason: 'rate_limited', httpStatus: 429, throttle: { waits: 0, waitedMs: 0 } });
    expect(err.message).toMatch(/asked to retry in 5000 ms .*past the call's deadline/);
    expect(fake.server.requests).toHaveLength(1);
    fake.server.requests.length = 0;
    // The next call finds the queued answer: nothing was sent behind the failure's back.
    await provider().complete(request());
    expect(fake.server.requests).toHaveLength(1);
  });

  it('a second 429 that no longer fits after a first wait: rate_limited, the first wait counted', async () => {
    fake.server.enqueue(throttled({ 'retry-after-ms': '100' }), throttled({ 'retry-after': '3' }));
    const err = await failure(provider().complete(request({ deadlineMs: 1500 })));
    expect(err).toMatchObject({ reason: 'rate_limited', throttle: { waits: 1 } });
    expect(err.throttle.waitedMs).toBeGreaterThanOrEqual(100);
    expect(err.message).toMatch(/after 1 wait/);
    expect(fake.server.requests).toHaveLength(2);
  });

  it('a 429 without any retry header fails at once, as before', async () => {
    fake.server.enqueue({ kind: 'error', status: 429, message: 'slow down' });
    const err = await failure(provider().complete(request()));
    expect(err).toMatchObject({ reason: 'rate_limited', throttle: { waits: 0 } });
    expect(fake.server.requests).toHaveLength(1);
  });
});

describe('retry headers', () => {
  it.each([
    [{ 'retry-after': '2' }, 2000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' }, 360_000],
    [{ 'x-ratelimit-reset-tokens': '1m30.5s' }, 90_500],
    [{}, null],
    [{ 'retry-after': 'soon' }, null],
  ])('%j -> %s ms', (headers, ms) => {
    expect(serverRetryDelayMs(headers)).toBe(ms);
  });

  it('reads an HTTP date against the clock', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(serverRetryDelayMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, now)).toBe(3000);
  });

  it('durations: unreadable ones are null', () => {
    expect(parseResetDuration('250ms')).toBe(250);
    expect(parseResetDuration('1h')).toBe(3_600_000);
    expect(parseResetDuration('1x')).toBeNull();
  });

  it('jitter adds at most 10% and at most 250 ms', () => {
    expect(withJitter(1000, 0)).toBe(1000);
    expect(withJitter(1000, 0.999)).toBe(1100);
    expect(withJitter(10_000, 0.999)).toBe(10_250);
  });
});
