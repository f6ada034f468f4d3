// Redis that is not there, or goes away, is a clear error naming the URL, never a hang: the
// experiment refuses to start (and writes no run folder), a worker refuses to start, and a
// coordinator waiting for results gives up once Redis has been gone for the grace period.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { parseExperiment } from '../../src/experiments/schema.js';
import { displayUrl, parseRedisUrl } from '../../src/queue/connection.js';
import { runOnQueue } from '../../src/queue/coordinator.js';
import { startRedisServer } from '../../src/queue/redisServer.js';
import { startQueueWorker } from '../../src/queue/worker.js';

const dataDir = mkdtempSync(join(tmpdir(), 'queue-conn-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const experiment = parseExperiment(
  { levels: { pack: 'classic', ranges: '5' }, runs: 1, profile: 'local', arms: [{ id: 'a' }] },
  'conn.json',
);

/** A port nothing listens on: a Redis started and stopped again. */
async function deadUrl(): Promise<string> {
  const r = await startRedisServer();
  await r.stop();
  return r.url;
}

describe('the queue connection', () => {
  it('rejects a --queue value that is not a Redis URL, naming the flag', () => {
    expect(() => parseRedisUrl('localhost:6379')).toThrow('--queue localhost:6379: a Redis URL looks like redis://host:6379');
    expect(parseRedisUrl(' redis://10.0.0.5:6379 ')).toBe('redis://10.0.0.5:6379');
  });

  it('never prints a password', () => {
    expect(displayUrl('redis://user:s3cret@h:6379')).toBe('redis://user:***@h:6379');
    expect(displayUrl('redis://:s3cret@h:6379')).toBe('redis://:***@h:6379');
  });

  it('an experiment with an unreachable Redis fails at once naming the URL, before any run folder exists', async () => {
    const url = await deadUrl();
    await expect(runExperiment({ experiment, dataDir, queue: { url } })).rejects.toMatchObject({
      name: 'QueueUnreachableError',
      message: expect.stringContaining(`cannot reach Redis at ${url} (ECONNREFUSED)`),
    });
    expect(existsSync(join(dataDir, 'experiments'))).toBe(false);
  }, 20_000); // ioredis alone would retry for ever: a hang fails here

  it('a worker with an unreachable Redis fails naming the URL', async () => {
    const url = await deadUrl();
    await expect(startQueueWorker({ url })).rejects.toThrow(`cannot reach Redis at ${url}`);
  }, 20_000);

  it('a coordinator waiting for results gives up when Redis goes away, naming the URL', async () => {
    const redis = await startRedisServer();
    const waiting = runOnQueue([{ jobId: 'gone|a|5|1', task: { cell: 'a|5|1', arm: 'a', playData: 1, level: 5, seed: 1 } }], {
      url: redis.url,
      unreachableMs: 1000,
      onResult: () => {},
      onFailure: () => {},
    });
    const outcome = waiting.then(
      () => 'resolved',
      (e: Error) => e,
    );
    await new Promise((r) => setTimeout(r, 300)); // the job is queued, no worker takes it
    await redis.stop();
    const err = await outcome;
    expect(err).toMatchObject({
      name: 'QueueUnreachableError',
      message: `lost Redis at ${redis.url} for 1 s; is redis-server still running?`,
    });
  }, 30_000);
});
