// The coordinator side: enqueues one job per task (job id from names.ts, so a task already queued,
// running or finished is not added again), collects each job's result or failure exactly once and
// resolves when every task has one. Picks up what finished while no coordinator was listening
// (the queue's completed and failed jobs), then follows the queue's event stream from the moment
// before it enqueued, with a look at the pending jobs' states whenever none of them has had an
// event for a while (a safety net: the stream is capped, and a connection can drop).
import { Job, Queue, QueueEvents } from 'bullmq';
import type { ExperimentTask } from '../experiments/episodes.js';
import type { ExperimentResult } from '../experiments/episodes.js';
import { connectRedis, watchConnection } from './connection.js';
import { describeProblems, evalResultSchema } from './messages.js';
import { EPISODE_JOB, EXPERIMENT_QUEUE } from './names.js';

export interface QueuedTask {
  jobId: string;
  task: ExperimentTask;
}

export interface CoordinateOptions {
  url: string;
  onResult: (item: QueuedTask, result: ExperimentResult) => void;
  onFailure: (item: QueuedTask, reason: string) => void;
  /** Redis down this long in a row rejects with QueueUnreachableError (default 15 s). */
  unreachableMs?: number;
  /** A quiet event stream triggers a look at the pending jobs' states this often (default 5 s). */
  reconcileMs?: number;
}

const TWO_WEEKS_S = 14 * 24 * 3600;
const CHUNK = 200;

export async function runOnQueue(items: QueuedTask[], o: CoordinateOptions): Promise<void> {
  if (items.length === 0) return;
  const connection = await connectRedis(o.url);
  const queue = new Queue(EXPERIMENT_QUEUE, { connection });
  let queueEvents: QueueEvents | null = null;
  const pending = new Map(items.map((i) => [i.jobId, i]));
  let stopWatch = () => {};
  let timer: NodeJS.Timeout | null = null;
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        reject(err);
      };
      const checkDone = () => {
        if (pending.size > 0 || settled) return;
        settled = true;
        resolve();
      };
      queue.on('error', () => {});
      stopWatch = watchConnection(connection, o.url, o.unreachableMs ?? 15_000, fail);

      const deliver = (jobId: string, outcome: { result: unknown } | { reason: string }) => {
        const item = pending.get(jobId);
        if (!item) return;
        pending.delete(jobId);
        try {
          if ('reason' in outcome) o.onFailure(item, outcome.reason);
          else {
            const parsed = evalResultSchema.safeParse(outcome.result);
            if (parsed.success) o.onResult(item, parsed.data);
            else o.onFailure(item, `the worker's result is not readable here: ${describeProblems(parsed.error)}`);
          }
        } catch (e) {
          return fail(e as Error);
        }
        checkDone();
      };
      const settle = (job: Job | undefined, state: string) => {
        if (!job?.id) return;
        if (state === 'completed') deliver(job.id, { result: job.returnvalue });
        else if (state === 'failed') deliver(job.id, { reason: job.failedReason || 'failed without a reason' });
      };
      /** A finished job's state, then its hash: read the other way round, a job that finishes in
       *  between reads as completed with the return value it had while still running (null). */
      const settleById = async (id: string): Promise<'missing' | 'seen'> => {
        const state = await queue.getJobState(id);
        if (state === 'unknown') return 'missing';
        if (state === 'completed' || state === 'failed') settle(await Job.fromId(queue, id), state);
        return 'seen';
      };
      /** Looks up the pending jobs' states; returns the ids that are not in the queue at all. */
      const reconcile = async (): Promise<string[]> => {
        const missing: string[] = [];
        const ids = [...pending.keys()];
        for (let i = 0; i < ids.length; i += CHUNK) {
          const chunk = ids.slice(i, i + CHUNK);
          const seen = await Promise.all(chunk.map(settleById));
          seen.forEach((s, k) => s === 'missing' && missing.push(chunk[k]));
        }
        return missing;
      };

      void (async () => {
        // The stream position before anything is added: every later event is read, none raced.
        const last = (await connection.xrevrange(queue.keys.events, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0';
        const missing = new Set(await reconcile());
        await queue.addBulk(
          items
            .filter((i) => missing.has(i.jobId))
            .map((i) => ({
              name: EPISODE_JOB,
              data: i.task,
              opts: { jobId: i.jobId, attempts: 2, removeOnComplete: { age: TWO_WEEKS_S }, removeOnFail: { age: TWO_WEEKS_S } },
            })),
        );
        checkDone();
        if (settled) return;
        queueEvents = new QueueEvents(EXPERIMENT_QUEUE, { connection, lastEventId: last }); // BullMQ duplicates it
        queueEvents.on('error', () => {});
        let lastEvent = Date.now();
        queueEvents.on('completed', ({ jobId, returnvalue }) => {
          if (pending.has(jobId)) lastEvent = Date.now();
          deliver(jobId, { result: returnvalue });
        });
        queueEvents.on('failed', ({ jobId }) => {
          if (!pending.has(jobId)) return;
          lastEvent = Date.now();
          // 'failed' is final in BullMQ, but the state says so for certain.
          void settleById(jobId).catch(fail);
        });
        const every = o.reconcileMs ?? 5000;
        timer = setInterval(() => {
          if (Date.now() - lastEvent >= every && !settled) void reconcile().catch(fail);
        }, every);
      })().catch(fail);
    });
  } finally {
    if (timer) clearInterval(timer);
    stopWatch();
    await (queueEvents as QueueEvents | null)?.close();
    await queue.close();
    connection.disconnect();
  }
}
