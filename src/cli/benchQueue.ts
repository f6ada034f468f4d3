// `npm run bench:queue [-- --reps n]`: episodes per second through the Redis queue with 1, 2 and 4
// worker processes, against the local pool with 1 and 2, on a throwaway redis-server. Each setting
// plays a batch of n cheap episodes and one of 2n (the same cells twice); the difference is the
// marginal cost of an episode, free of process start-up. Prints medians over the repetitions and
// the queue's own overhead per episode (queue minus local pool, one worker each).
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

const seconds = async (run: () => Promise<void>): Promise<number> => {
  const t = performance.now();
  await run();
  return (performance.now() - t) / 1000;
};

const localBatch = (batch: ExperimentTask[], workers: number) => () =>
  runPool<ExperimentTask, EvalResult>(batch, { module: EPISODE_MODULE, workers }, () => {});

let batchNo = 0;
const queueBatch = (url: string, batch: ExperimentTask[]) => () => {
  const id = `bench-${process.pid}-${batchNo++}`;
  return runOnQueue(
    batch.map((task, i) => ({ jobId: `${id}|${i}`, task })),
    {
      url,
      onResult: () => {},
      onFailure: (_item, reason) => {
        throw new Error(`a bench episode failed: ${reason}`);
      },
    },
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
  single: number;
  double: number;
}

async function measure(backend: string, workers: number, single: () => Promise<void>, double: () => Promise<void>): Promise<Row> {
  const s: number[] = [];
  const d: number[] = [];
  for (let r = 0; r < reps; r++) {
    s.push(await seconds(single));
    d.push(await seconds(double));
  }
  return { backend, workers, single: median(s)!, double: median(d)! };
}

const redis = await startRedisServer();
const rows: Row[] = [];
try {
  const twice = [...tasks, ...tasks];
  for (const w of [1, 2]) rows.push(await measure('local pool', w, localBatch(tasks, w), localBatch(twice, w)));
  for (const w of [1, 2, 4]) {
    const children = await startWorkers(redis.url, w);
    try {
      await queueBatch(redis.url, tasks.slice(0, w))(); // warm: each worker has loaded the planner
      rows.push(await measure('queue', w, queueBatch(redis.url, tasks), queueBatch(redis.url, twice)));
    } finally {
      for (const c of children) c.kill('SIGTERM');
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    }
  }
} finally {
  await redis.stop();
}

const marginalMs = (r: Row): number => ((r.double - r.single) / n) * 1000;
const base = rows.find((r) => r.backend === 'local pool' && r.workers === 1)!;
console.log(
  `bench:queue: ${n} and ${2 * n} episodes per batch (geometric candidates, Classic 5-7 and 10-12, 8 seeds), median of ${reps}; ` +
    `${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)} at the end`,
);
console.log('backend     workers  episodes/s (2n batch)  marginal ms/episode  vs local pool x1');
for (const r of rows)
  console.log(
    `${r.backend.padEnd(11)} ${String(r.workers).padStart(7)}  ${((2 * n) / r.double).toFixed(1).padStart(21)}  ${marginalMs(r).toFixed(1).padStart(19)}  ${(marginalMs(base) / marginalMs(r)).toFixed(2).padStart(15)}x`,
  );
const q1 = rows.find((r) => r.backend === 'queue' && r.workers === 1)!;
console.log(`queue overhead per episode (queue x1 minus local pool x1, marginal): ${(marginalMs(q1) - marginalMs(base)).toFixed(1)} ms`);
