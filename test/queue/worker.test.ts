// Jobs a worker cannot run fail once, with the reason, and never loop: a cell naming a slot
// variant or a level this checkout does not have (as from a coordinator on another version), and
// an episode that throws although the job would allow a retry. Real redis-server, real worker.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { parseExperiment, type Experiment } from '../../src/experiments/schema.js';
import { EPISODES_FILE } from '../../src/experiments/store.js';
import { EPISODE_JOB, EXPERIMENT_QUEUE, jobIdOf } from '../../src/queue/names.js';
import { startRedisServer, type RedisServer } from '../../src/queue/redisServer.js';
import { startQueueWorker, type QueueWorker } from '../../src/queue/worker.js';

const dataDir = mkdtempSync(join(tmpdir(), 'queue-worker-'));
let redis: RedisServer;
let worker: QueueWorker;
let connection: Redis;
let queue: Queue;
const log: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  worker = await startQueueWorker({ url: redis.url, concurrency: 2, lockMs: 5000, log: (l) => log.push(l) });
  connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  queue = new Queue(EXPERIMENT_QUEUE, { connection });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  connection?.disconnect();
  await worker?.close();
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('queue worker', () => {
  it('fails a cell it cannot run once, and the report names the reason; the other cells run', async () => {
    const valid = parseExperiment(
      {
        levels: { pack: 'classic', ranges: '5' },
        runs: 1,
        profile: 'local',
        arms: [{ id: 'ok', slots: { candidates: 'geometric' } }, { id: 'newer' }],
      },
      'mixed.json',
    );
    // What a coordinator on a newer checkout could send: a variant and a level this worker lacks.
    const experiment: Experiment = {
      ...valid,
      levels: [5, 151],
      arms: [valid.arms[0], { ...valid.arms[1], slots: { candidates: 'telepathy' } }],
    };
    const out = await runExperiment({ experiment, dataDir, queue: { url: redis.url }, folder: { mode: 'fresh' } });

    expect(out.ran).toEqual(['ok|5|1']);
    expect(out.failed.map((f) => f.cell).sort()).toEqual(['newer|151|1', 'newer|5|1', 'ok|151|1']);
    const reasonOf = (cell: string) => out.failed.find((f) => f.cell === cell)!.reason;
    expect(reasonOf('newer|5|1')).toMatch(/slots\.candidates: unknown variant "telepathy" \(variants: .*geometric/);
    expect(reasonOf('ok|151|1')).toMatch(/level: classic has levels 1\.\.150; got 151/);

    const runId = out.dir.split('/').at(-1)!;
    for (const f of out.failed) {
      const job = await Job.fromId(queue, jobIdOf(runId, f.cell));
      expect(await job!.getState()).toBe('failed');
      expect(job!.attemptsMade).toBe(1); // not retried although the job allows 2 attempts
      expect(job!.failedReason).toBe(f.reason);
    }
    expect(log.filter((l) => l.startsWith('start '))).toHaveLength(1); // only the runnable cell reached an episode

    const results = JSON.parse(readFileSync(out.resultsPath, 'utf8'));
    expect(results.failed).toEqual(out.failed);
    expect(results.episodes.map((e: { cell: string }) => e.cell)).toEqual(['ok|5|1']);
    expect(readFileSync(join(out.dir, EPISODES_FILE), 'utf8').trim().split('\n')).toHaveLength(1);
    const html = readFileSync(out.reportPath, 'utf8');
    expect(html).toContain('<h2>Cells that failed</h2>');
    expect(html).toContain('1 of 4 episodes (incomplete), 3 failed');
    expect(html).toContain('unknown variant &quot;telepathy&quot;');
  }, 60_000);

  it('fails an episode that throws once, without using the retry the job allows', async () => {
    const events = new QueueEvents(EXPERIMENT_QUEUE, { connection });
    await events.waitUntilReady();
    const task = { cell: 'x|5|1', arm: 'x', playData: 1, level: 5, seed: 1, profile: 'no-such-profile', slots: {} };
    const job = await queue.add(EPISODE_JOB, task, { jobId: 'throws|x|5|1', attempts: 2 });
    await expect(job.waitUntilFinished(events)).rejects.toThrow(/the episode failed: .*no-such-profile/);
    const after = await Job.fromId(queue, job.id!);
    expect(after!.attemptsMade).toBe(1);
    expect(await after!.getState()).toBe('failed');
    await events.close();
  }, 60_000);
});
