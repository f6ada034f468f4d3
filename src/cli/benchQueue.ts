// `npm run bench:queue [-- --reps n]`: episodes per second through the Redis queue with 1, 2 and 4
// worker processes against the local pool with 1 and 2, on a throwaway redis-server. Each setting
// plays a batch of n cheap episodes and one of 2n; the difference is the cost of n episodes with
// process start-up cancelled (the local pool forks per run, queue workers stay). With one worker,
// the part of it spent outside the episodes is each backend's overhead. Medians over repetitions.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { taskFor, type ExperimentTask } from '../experiments/episodes.js';
import { experimentCells, parseExperiment } from '../experiments/schema.js';
import { runOnQueue } from '../queue/coordinator.js';
import { startRedisServer } from '../queue/redisServer.js';
import type { EvalResult } from '../runner/evalTask.js';
import { runPool } from '../runner/pool.js';
import { median } from './args.js';

const { values } = parseArgs({ options: { reps: { type: 'string', default: '3' } } });
const reps = Math.max(1, Number(values.reps) || 3);

// Short episodes (tens of ms each), so that what the backend adds per episode shows.
const experiment = parseExperiment(
  {
    levels: { pack: 'classic', ranges: '5,6,7,10,11,12' },
    runs: 8,
    profile: 'local',
    arms: [{ id: 'geometric', slots: { candidates: 'geometric' } }],
  },
  'bench-queue.json',
);
const tasks = experimentCells(experiment).map((c) => taskFor(experiment, c));
const n = tasks.length;
const EPISODE_MODULE = new URL('../experiments/worker.ts', import.meta.url);

/** One batch: wall seconds and the seconds spent inside the episodes (their own durationMs). */
interface Timing {
  wall: number;
  inside: number;
}

type Batch = (batch: ExperimentTask[]) => Promise<Timing>;

const timed = async (run: (onResult: (r: EvalResult) => void) => Promise<void>): Promise<Timing> => {
  let inside = 0;
  const t = performance.now();
  await run((r) => (inside += r.durationMs / 1000));
  return { wall: (performance.now() - t) / 1000, inside };
};

const localPool =
  (workers: number): Batch =>
  (batch) =>
    timed((onResult) => runPool<ExperimentTask, EvalResult>(batch, { module: EPISODE_MODULE, workers }, onResult));

let batchNo = 0;
const queue =
  (url: string): Batch =>
  (batch) => {
    const id = `bench-${process.pid}-${batchNo++}`;
    return timed((onResult) =>
      runOnQueue(
        batch.map((task, i) => ({ jobId: `${id}|${i}`, task })),
        {
          url,
          onResult: (_item, r) => onResult(r),
          onFailure: (_item, reason) => {
            throw new Error(`a bench episode failed: ${reason}`);
          },
        },
      ),
    );
  };

function startWorkers(url: string, count: number): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/worker.ts', '--queue', url], {
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let text = '';
          child.stderr!.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('takes episodes')) resolve(child);
          });
          child.once('exit', (code) => reject(new Error(`a worker exited (${code}): ${text}`)));
        }),
    ),
  );
}

interface Row {
  backend: string;
  workers: number;
  /** Median episodes per second in steady state: n / (wall of the 2n batch - wall of the n batch). */
  rate: number;
  /** One worker: median over repetitions of the marginal time per episode outside the episode itself (ms). */
  overheadMs: number | null;
}

const twice = [...tasks, ...tasks];

async function measure(backend: string, workers: number, run: Batch): Promise<Row> {
  const rates: number[] = [];
  const overheads: number[] = [];
  for (let r = 0; r < reps; r++) {
    const single = await run(tasks);
    const double = await run(twice);
    // 2n batch minus n batch: the cost of n more episodes, with process start-up cancelled
    rates.push(n / (double.wall - single.wall));
    // ... and of it, what was spent outside the episodes themselves (dispatch, IPC, Redis)
    if (workers === 1) overheads.push(((double.wall - double.inside - (single.wall - single.inside)) / n) * 1000);
  }
  return { backend, workers, rate: median(rates)!, overheadMs: median(overheads) };
}

const redis = await startRedisServer();
const rows: Row[] = [];
try {
  for (const w of [1, 2]) rows.push(await measure('local pool', w, localPool(w)));
  for (const w of [1, 2, 4]) {
    const children = await startWorkers(redis.url, w);
    try {
      await queue(redis.url)(tasks.slice(0, w)); // every worker has loaded the planner
      rows.push(await measure('queue', w, queue(redis.url)));
    } finally {
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    }
  }
} finally {
  await redis.stop();
}

const local1 = rows.find((r) => r.backend === 'local pool' && r.workers === 1)!;
const queue1 = rows.find((r) => r.backend === 'queue' && r.workers === 1)!;
console.log(
  `bench:queue: batches of ${n} and ${2 * n} episodes (geometric candidates, Classic 5-7 and 10-12, 8 seeds), median of ${reps}; ` +
    `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at the end`,
);
console.log('backend     workers  episodes/s  vs local pool x1  overhead ms/episode');
for (const r of rows)
  console.log(
    `${r.backend.padEnd(11)} ${String(r.workers).padStart(7)}  ${r.rate.toFixed(1).padStart(10)}  ${(r.rate / local1.rate).toFixed(2).padStart(15)}x  ${r.overheadMs === null ? '-' : r.overheadMs.toFixed(1).padStart(19)}`,
  );
console.log(`the queue's own overhead per episode: ${(queue1.overheadMs! - local1.overheadMs!).toFixed(1)} ms more than the local pool's`);
