// A small process pool: runs tasks on N forked worker processes (one per core by default) and
// streams results back in completion order. Processes, not threads, because the engine and the
// planner are CPU-bound TypeScript run through tsx; each worker loads them once.
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface PoolOptions {
  workers?: number;
  /** Worker module (a .ts file run with `--import tsx`). */
  module: URL;
}

interface Envelope<T> {
  id: number;
  task: T;
}

/** Runs every task; `onResult` sees each result as soon as it arrives. Rejects on a worker crash. */
export async function runPool<T, R>(tasks: T[], options: PoolOptions, onResult: (result: R, task: T) => void): Promise<void> {
  const size = Math.max(1, Math.min(options.workers ?? availableParallelism(), tasks.length));
  let next = 0;
  let done = 0;
  const children: ChildProcess[] = [];
  if (tasks.length === 0) return;
  await new Promise<void>((resolve, reject) => {
    const finish = (err?: Error) => {
      for (const c of children) c.kill();
      if (err) reject(err);
      else resolve();
    };
    const feed = (child: ChildProcess) => {
      if (next >= tasks.length) {
        child.kill();
        return;
      }
      const envelope: Envelope<T> = { id: next, task: tasks[next] };
      next++;
      child.send(envelope);
    };
    for (let i = 0; i < size; i++) {
      const child = fork(fileURLToPath(options.module), [], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      children.push(child);
      child.on('message', (msg: { id: number; result?: R; error?: string }) => {
        if (msg.error) return finish(new Error(`task ${msg.id} failed in a worker: ${msg.error}`));
        onResult(msg.result as R, tasks[msg.id]);
        done++;
        if (done === tasks.length) finish();
        else feed(child);
      });
      child.on('exit', (code) => {
        if (done < tasks.length && code !== 0 && code !== null) finish(new Error(`a worker exited with code ${code}`));
      });
      feed(child);
    }
  });
}

/** The worker side: answer each task message with `handler(task)`. */
export function serveTasks<T, R>(handler: (task: T) => Promise<R>): void {
  process.on('message', async (msg: Envelope<T>) => {
    try {
      const result = await handler(msg.task);
      process.send!({ id: msg.id, result });
    } catch (err) {
      process.send!({ id: msg.id, error: (err as Error).stack ?? String(err) });
    }
  });
}
