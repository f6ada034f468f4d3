// A small process pool: runs tasks on N forked worker processes (one per core by default) with up
// to `concurrency` tasks in flight in total, several at once inside a worker (an episode of a hosted
// model mostly waits on the network), and streams results back in completion order. Processes, not
// threads, because the engine and the planner are CPU-bound TypeScript run through tsx; each worker
// loads them once. The parent also holds the shared request-rate limits (one per profile) and hands
// out turns over the IPC channel, and relays each model call a worker reports (progress bars).
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { keyedRequestRates, type RateLimitSpec } from './requestRate.js';
import { workerExecArgv } from './nodeFlags.js';

/** One model call as a worker reports it to the parent. */
export interface ModelCallReport {
  promptTokens: number;
  completionTokens: number;
}

export interface PoolOptions {
  /** Worker processes (default: one per core), never more than tasks in flight. */
  workers?: number;
  /** Tasks in flight in total, spread evenly over the workers (default: one per worker). */
  concurrency?: number;
  /** Worker module (a .ts file run with `--import tsx`). */
  module: URL;
  /** Model calls per window shared by every worker and task, one limit per profile (none: no limit). */
  rateLimit?: RateLimitSpec;
  /** Sees every model call of every worker as it ends (given: the workers report their calls). */
  onModelCall?: (call: ModelCallReport) => void;
}

/** What a task handler may ask of the pool while it runs (nothing is asked outside a pool). */
export interface TaskGate {
  /** Waits for the shared rate limit's turn for a call of this profile (at once when there is no limit). */
  acquire(profile: string): Promise<void>;
  /** Tells the parent that a model call ended. */
  report(call: ModelCallReport): void;
}

export const OPEN_GATE: TaskGate = { acquire: () => Promise.resolve(), report: () => {} };

interface Envelope<T> {
  id: number;
  task: T;
  /** What the parent serves for this task (absent: nothing, e.g. the queue's episode processes). */
  gate?: { rate: boolean; report: boolean };
}

type WorkerMessage<R> =
  | { id: number; result?: R; error?: string }
  | { kind: 'turn'; ask: number; profile: string }
  | { kind: 'sent'; ask: number }
  | { kind: 'call'; call: ModelCallReport };

/** Episodes in flight for a hosted profile unless told (its steps mostly wait on the network). */
export const HOSTED_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 256;

/** The default of --concurrency: one per core for CPU-bound `local` play, HOSTED_CONCURRENCY for hosted models. */
export const defaultConcurrency = (hosted: boolean): number => (hosted ? HOSTED_CONCURRENCY : availableParallelism());

/** How many workers a pool starts: never more than the tasks or the tasks in flight. */
export function poolSize(tasks: number, workers?: number, concurrency?: number): number {
  return Math.max(1, Math.min(workers ?? availableParallelism(), concurrency ?? Infinity, tasks));
}

/** Runs every task; `onResult` sees each result as soon as it arrives. Rejects on a worker crash. */
export async function runPool<T, R>(tasks: T[], options: PoolOptions, onResult: (result: R, task: T) => void): Promise<void> {
  if (tasks.length === 0) return;
  const size = poolSize(tasks.length, options.workers, options.concurrency);
  const inFlight = Math.max(size, Math.min(options.concurrency ?? size, tasks.length));
  // Each worker's share of the tasks in flight (the first ones take the remainder).
  const share = (i: number) => Math.floor(inFlight / size) + (i < inFlight % size ? 1 : 0);
  const rates = options.rateLimit ? keyedRequestRates(options.rateLimit) : null;
  const gate = { rate: rates !== null, report: options.onModelCall !== undefined };
  let next = 0;
  let done = 0;
  const children: ChildProcess[] = [];
  // Turns granted and not yet acknowledged as sent, by worker and ask.
  const holds = new Map<string, () => void>();
  await new Promise<void>((resolve, reject) => {
    let finished = false;
    const finish = (err?: Error) => {
      if (finished) return;
      finished = true;
      for (const c of children) c.kill();
      for (const sent of holds.values()) sent();
      if (err) reject(err);
      else resolve();
    };
    const feed = (child: ChildProcess) => {
      if (next >= tasks.length) return;
      const envelope: Envelope<T> = { id: next, task: tasks[next], gate };
      next++;
      child.send(envelope);
    };
    for (let i = 0; i < size; i++) {
      const child = fork(fileURLToPath(options.module), [], {
        execArgv: workerExecArgv(),
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      children.push(child);
      child.on('message', (msg: WorkerMessage<R>) => {
        if (finished) return;
        if ('kind' in msg) {
          if (msg.kind === 'call') {
            options.onModelCall?.(msg.call);
            return;
          }
          const key = `${i}:${msg.ask}`;
          if (msg.kind === 'sent') {
            holds.get(key)?.();
            holds.delete(key);
          } else if (rates)
            void rates(msg.profile)
              .acquire()
              .then((sent) => {
                if (finished || !child.connected) return sent();
                holds.set(key, sent);
                child.send({ kind: 'turn', ask: msg.ask });
              });
          return;
        }
        if (msg.error) return finish(new Error(`task ${msg.id} failed in a worker: ${msg.error}`));
        onResult(msg.result as R, tasks[msg.id]);
        done++;
        if (done === tasks.length) finish();
        else feed(child);
      });
      child.on('exit', (code) => {
        if (done < tasks.length && code !== 0 && code !== null) finish(new Error(`a worker exited with code ${code}`));
      });
      for (let k = 0; k < share(i); k++) feed(child);
    }
  });
}

/** The worker side: answer each task message with `handler(task, gate)`; tasks run concurrently. */
export function serveTasks<T, R>(handler: (task: T, gate: TaskGate) => Promise<R>): void {
  const turns = new Map<number, () => void>();
  let asks = 0;
  const served: TaskGate = {
    acquire: (profile) =>
      new Promise<void>((resolve) => {
        const ask = asks++;
        turns.set(ask, resolve);
        process.send!({ kind: 'turn', ask, profile });
      }),
    report: (call) => void process.send!({ kind: 'call', call }),
  };
  // The parent is gone (killed, or its channel closed): nobody will read what this worker computes,
  // so it stops instead of playing its episodes out as an orphan on the cores. Heard between the
  // steps of an episode, where the task yields to the event loop (episode.ts, yieldEachStep).
  process.on('disconnect', () => process.exit(0));
  process.on('message', async (msg: Envelope<T> | { kind: 'turn'; ask: number }) => {
    if ('kind' in msg) {
      // Acknowledge at once: the call goes out in this turn of the event loop, and the parent's next
      // spacing starts now rather than when the turn was granted.
      process.send!({ kind: 'sent', ask: msg.ask });
      turns.get(msg.ask)?.();
      turns.delete(msg.ask);
      return;
    }
    const gate: TaskGate = {
      acquire: msg.gate?.rate ? served.acquire : OPEN_GATE.acquire,
      report: msg.gate?.report ? served.report : OPEN_GATE.report,
    };
    try {
      const result = await handler(msg.task, gate);
      process.send!({ id: msg.id, result });
    } catch (err) {
      process.send!({ id: msg.id, error: (err as Error).stack ?? String(err) });
    }
  });
}
