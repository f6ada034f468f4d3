// A queue worker: takes episode jobs from the experiment queue, checks each task against this
// checkout, plays it in one of `concurrency` episode processes and returns the EvalResult as the
// job's value. A task it cannot run, or an episode that throws, fails the job for good
// (UnrecoverableError: no retry loop); a worker killed mid-episode leaves its job to BullMQ's
// stalled-job check, which hands it to another worker once the lock (`lockMs`) runs out.
import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { ExperimentTask } from '../experiments/episodes.js';
import type { EvalResult } from '../runner/evalTask.js';
import { createChildPool, EpisodeError } from './childPool.js';
import { connectRedis, displayUrl, watchConnection, type QueueUnreachableError } from './connection.js';
import { describeProblems, queuedTaskSchema } from './messages.js';
import { EXPERIMENT_QUEUE } from './names.js';

export interface QueueWorkerOptions {
  url: string;
  concurrency?: number;
  /** Job lock: a dead worker's job runs again elsewhere this long after it stopped renewing (default 30 s). */
  lockMs?: number;
  /** Redis down this long in a row ends the worker with QueueUnreachableError (default 15 s). */
  unreachableMs?: number;
  /** One line per job event (start, done, failed). */
  log?: (line: string) => void;
  /** Called when the worker gives up (Redis lost). */
  onFatal?: (err: QueueUnreachableError) => void;
}

export interface QueueWorker {
  name: string;
  close(): Promise<void>;
}

export async function startQueueWorker(o: QueueWorkerOptions): Promise<QueueWorker> {
  const concurrency = o.concurrency ?? 1;
  const lockMs = o.lockMs ?? 30_000;
  const log = o.log ?? (() => {});
  const connection = await connectRedis(o.url);
  const pool = createChildPool(concurrency);
  const name = `${hostname()}/${process.pid}`;

  const processor = async (job: Job<unknown, EvalResult>): Promise<EvalResult> => {
    const parsed = queuedTaskSchema.safeParse(job.data);
    if (!parsed.success) {
      const reason = `this worker cannot run the task: ${describeProblems(parsed.error)}`;
      log(`failed ${job.id} ${reason}`);
      throw new UnrecoverableError(reason);
    }
    const task: ExperimentTask = parsed.data;
    log(`start ${job.id}`);
    try {
      const result = await pool.run(task);
      log(`done ${job.id} ${result.reason} ${result.ticks}`);
      return result;
    } catch (e) {
      log(`failed ${job.id} ${(e as Error).message}`);
      if (e instanceof EpisodeError) throw new UnrecoverableError(`the episode failed: ${e.message}`);
      throw e;
    }
  };

  const worker = new Worker<unknown, EvalResult>(EXPERIMENT_QUEUE, processor, {
    connection,
    concurrency,
    name,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: 2,
  });
  worker.on('error', (err) => log(`queue error at ${displayUrl(o.url)}: ${err.message}`));
  const unwatch = watchConnection(connection, o.url, o.unreachableMs ?? 15_000, (err) => o.onFatal?.(err));
  await worker.waitUntilReady();
  return {
    name,
    async close() {
      unwatch();
      await worker.close();
      pool.close();
      connection.disconnect();
    },
  };
}
