// The pool with episodes in flight inside its workers: real worker processes play real episodes
// through the chart and the real openai SDK against a loopback stand-in model server (the
// experiments' localModels, answering the first listed id). Several episodes overlap in one worker,
// one request-rate limit holds across two workers, every call is reported to the parent, and the
// episodes come out the same (cleared, reason, ticks, steps) whatever the concurrency.
import { afterEach, describe, expect, it } from 'vitest';
import { busiestWindow, localModelEnv, startLocalModels, type LocalModels } from '../../src/experiments/localModels.js';
import type { EvalResult, EvalTask } from '../../src/runner/evalTask.js';
import { poolSize, runPool, type PoolOptions } from '../../src/runner/pool.js';

const MODULE = new URL('../../src/runner/evalWorker.ts', import.meta.url);
let server: LocalModels | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const tasks = (models: LocalModels, levels: number[], maxSteps: number): EvalTask[] =>
  levels.map((level) => ({
    playData: 1,
    level,
    seed: 1,
    model: 'openai:stand-in',
    env: localModelEnv(models.baseURL),
    maxSteps,
    slots: { candidates: 'geometric' },
  }));

async function play(levels: number[], maxSteps: number, latencyMs: number, options: Omit<PoolOptions, 'module'>) {
  server = await startLocalModels({ 'stand-in': { answers: 'first', latencyMs } });
  const results: EvalResult[] = [];
  let reported = 0;
  await runPool<EvalTask, EvalResult>(tasks(server, levels, maxSteps), { module: MODULE, onModelCall: () => reported++, ...options }, (r) =>
    results.push(r),
  );
  const outcome = results
    .sort((p, q) => p.level - q.level)
    .map((r) => ({ level: r.level, cleared: r.cleared, reason: r.reason, ticks: r.ticks, steps: r.steps }));
  const measured = { arrivals: [...server.arrivals], maxInFlight: server.maxInFlight, reported };
  await server.close();
  server = null;
  return { outcome, ...measured };
}

describe('poolSize', () => {
  it('starts no more workers than tasks or tasks in flight', () => {
    expect(poolSize(10, 2, 32)).toBe(2);
    expect(poolSize(10, 4, 2)).toBe(2);
    expect(poolSize(1, 2, 8)).toBe(1);
  });
});

describe('runPool with episodes in flight', () => {
  it('overlaps several episodes inside one worker process while the model answers', async () => {
    const one = await play([1, 2, 3, 4], 3, 300, { workers: 1, concurrency: 4 });
    expect(one.maxInFlight).toBeGreaterThan(1);
    expect(one.maxInFlight).toBeLessThanOrEqual(4);
    expect(one.reported).toBe(one.arrivals.length);
    expect(one.outcome.map((o) => o.level)).toEqual([1, 2, 3, 4]);
  }, 120_000);

  it('holds one request-rate limit across two workers, and the episodes are the same as one at a time', async () => {
    const levels = [1, 2, 3, 4, 6, 7, 8, 9];
    const serial = await play(levels, 3, 0, { workers: 2, concurrency: 2 });
    // 10 calls per 2 s (one turn every 200 ms) shared by 2 workers x 4 episodes in flight.
    const limited = await play(levels, 3, 0, { workers: 2, concurrency: 8, rateLimit: { requests: 10, windowMs: 2000 } });

    expect(limited.outcome).toEqual(serial.outcome);
    expect(limited.arrivals.length).toBe(serial.arrivals.length);
    expect(limited.reported).toBe(limited.arrivals.length);
    // A turn's call is sent when its worker's event loop gets to it (another episode may be planning),
    // so the server's window is one turn shorter than the limit's: that is the delivery slack.
    const window = 2000 - 200;
    // Without the limit the same calls come far faster...
    expect(busiestWindow(serial.arrivals, window)).toBeGreaterThan(10);
    // ...with it, no such window at the server holds more than the limit's 10.
    expect(busiestWindow(limited.arrivals, window)).toBeLessThanOrEqual(10);
  }, 180_000);

  it('gives the same episodes with 8 in flight as with one per worker (a model that always answers the same)', async () => {
    const levels = [1, 2, 3, 5, 7, 8, 9, 10];
    const serial = await play(levels, 10, 20, { workers: 2, concurrency: 2 });
    const wide = await play(levels, 10, 20, { workers: 2, concurrency: 8 });
    expect(wide.outcome).toEqual(serial.outcome);
    expect(wide.arrivals.length).toBe(serial.arrivals.length);
    expect(wide.maxInFlight).toBeGreaterThan(2);
  }, 180_000);
});
