// The queue's acceptance, on a real redis-server: 40 cheap episodes (2 arms x 4 Classic levels x 5
// seeds) played by worker processes through BullMQ give the same results.json as the local pool
// (tick for tick; only clock fields differ) when one worker is SIGKILLed mid-episode, and when the
// coordinator is SIGKILLed half-way and started again; no finished cell is ever played twice.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { loadExperiment, type Experiment } from '../../src/experiments/schema.js';
import { EPISODES_FILE, listRunDirs, RESULTS_FILE } from '../../src/experiments/store.js';
import { EXPERIMENT_QUEUE } from '../../src/queue/names.js';
import { startRedisServer, type RedisServer } from '../../src/queue/redisServer.js';
import { jobsIn, spawnCli, until, withoutClock, type Spawned } from './helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'queue-faults-'));
const file = join(tmp, 'queue-cells.json');
writeFileSync(
  file,
  JSON.stringify({
    levels: { pack: 'classic', ranges: '3,5,6,11' },
    runs: 5,
    seed: 1,
    profile: 'local',
    arms: [
      { id: 'geometric', slots: { candidates: 'geometric' } },
      { id: 'no-search', slots: { candidates: 'simulated-no-search' } },
    ],
  }),
);
const CELLS = 40;
const LOCK_MS = '2000';

let redis: RedisServer;
let experiment: Experiment;
let localResults: unknown;
const workers: Spawned[] = [];
const startWorker = (): Spawned => {
  const w = spawnCli('worker', ['--queue', redis.url, '--lock-ms', LOCK_MS]);
  workers.push(w);
  return w;
};
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
// the run folder appears before its first episode line: no file yet is no cell yet (a loaded
// machine polls in between)
const jsonlCells = (dir: string): string[] =>
  !existsSync(join(dir, EPISODES_FILE))
    ? []
    : readFileSync(join(dir, EPISODES_FILE), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => (JSON.parse(l) as { cell: string }).cell);

beforeAll(async () => {
  redis = await startRedisServer();
  experiment = await loadExperiment(file);
  expect(experiment.levels.length * experiment.seeds.length * experiment.arms.length).toBe(CELLS);
  const local = await runExperiment({ experiment, source: file, dataDir: join(tmp, 'local'), workers: 2, folder: { mode: 'fresh' } });
  localResults = readJson(local.resultsPath);
}, 240_000);

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await redis?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('experiments through the queue', () => {
  it('loses nothing when a worker is SIGKILLed mid-episode: its job runs again on the other worker, every cell has one result', async () => {
    const [a, b] = [startWorker(), startWorker()];
    let recorded = 0;
    let killedIn: string | null = null;
    const killer = setInterval(() => {
      const last = a.lines.at(-1) ?? '';
      // a's stderr is written synchronously: a "start" as its last line is an episode still running
      if (killedIn === null && recorded >= 10 && last.startsWith('worker: start ') && last.includes('|no-search|')) {
        killedIn = last.split(' ')[2];
        a.child.kill('SIGKILL');
      }
    }, 5);
    const out = await runExperiment({
      experiment,
      source: file,
      dataDir: join(tmp, 'killed'),
      queue: { url: redis.url },
      folder: { mode: 'fresh' },
      onEpisode: () => recorded++,
    }).finally(() => clearInterval(killer));

    expect(killedIn).not.toBeNull();
    expect(await a.exited).toBeNull(); // killed by the signal
    expect(jobsIn(a.lines, 'done')).not.toContain(killedIn);
    expect(jobsIn(b.lines, 'start')).toContain(killedIn);
    expect(jobsIn(b.lines, 'done')).toContain(killedIn);

    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(EXPERIMENT_QUEUE, { connection });
    const job = await Job.fromId(queue, killedIn!);
    expect(await job!.getState()).toBe('completed');
    expect(job!.stalledCounter).toBe(1);
    expect(job!.processedBy).toMatch(new RegExp(`/${b.child.pid}$`));
    await queue.close();
    connection.disconnect();

    expect(out.failed).toEqual([]);
    const cells = jsonlCells(out.dir);
    expect(cells).toHaveLength(CELLS);
    expect(new Set(cells).size).toBe(CELLS);
    expect(withoutClock(readJson(out.resultsPath))).toEqual(withoutClock(localResults));
  }, 240_000);

  it('resumes after the coordinator is SIGKILLed half-way: the same results, and no finished cell played again', async () => {
    const workerB = workers[1];
    const workerC = startWorker();
    const dataDir = join(tmp, 'restarted');
    const env = { DATA_DIR: dataDir };
    const first = spawnCli('experiment', [file, '--queue', redis.url], env);
    await until(() => listRunDirs(join(dataDir, 'experiments'), experiment.name).length === 1, 60_000, 'the run folder');
    const dir = listRunDirs(join(dataDir, 'experiments'), experiment.name)[0];
    const runId = dir.split('/').at(-1)!;
    const doneOfRun = () => [...jobsIn(workerB.lines, 'done'), ...jobsIn(workerC.lines, 'done')].filter((id) => id.startsWith(`${runId}|`));
    await until(() => jsonlCells(dir).length >= CELLS / 2, 60_000, 'half of the cells');
    first.child.kill('SIGKILL');
    await first.exited;
    const recordedBeforeStop = jsonlCells(dir).length;
    expect(recordedBeforeStop).toBeLessThan(CELLS);
    // the workers carry on meanwhile: these results wait in the queue for the next coordinator
    await until(() => doneOfRun().length >= recordedBeforeStop + 2, 60_000, 'episodes finished while no coordinator runs');

    const second = spawnCli('experiment', [file, '--queue', redis.url], env);
    expect(await second.exited).toBe(0);
    expect(second.lines.join('\n')).toContain(`resuming the unfinished run ${dir}`);
    expect(second.lines.filter((l) => l.startsWith('failed: '))).toEqual([]);
    expect(second.lines.join('\n')).toContain(`${recordedBeforeStop} already done, ${CELLS - recordedBeforeStop} to run`);

    const cells = jsonlCells(dir);
    expect(cells).toHaveLength(CELLS);
    expect(new Set(cells).size).toBe(CELLS);
    const started = [...jobsIn(workerB.lines, 'start'), ...jobsIn(workerC.lines, 'start')].filter((id) => id.startsWith(`${runId}|`));
    expect(started).toHaveLength(CELLS); // each cell played once, across both coordinators
    expect(new Set(started).size).toBe(CELLS);
    expect(withoutClock(readJson(join(dir, RESULTS_FILE)))).toEqual(withoutClock(localResults));
  }, 240_000);
});
