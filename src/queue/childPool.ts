// The episode processes of a queue worker: N long-lived children running src/experiments/worker.ts,
// the very module the local pool forks, so an episode is played by the same code either way. The
// worker's own event loop stays free to renew job locks while the children compute. An error the
// episode throws is deterministic (EpisodeError); a child that dies is not, and is replaced.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ExperimentTask } from '../experiments/episodes.js';
import type { ExperimentResult } from '../experiments/episodes.js';
import { workerExecArgv } from '../runner/nodeFlags.js';

const EPISODE_MODULE = new URL('../experiments/worker.ts', import.meta.url);

/** The episode itself threw (same task, same error): not worth a retry. */
export class EpisodeError extends Error {
  override readonly name = 'EpisodeError';
}

interface Running {
  resolve: (r: ExperimentResult) => void;
  reject: (e: Error) => void;
}

export interface ChildPool {
  run(task: ExperimentTask): Promise<ExperimentResult>;
  close(): void;
}

export function createChildPool(size: number): ChildPool {
  const idle: ChildProcess[] = [];
  const busy = new Map<ChildProcess, Running>();
  const waiting: Array<(child: ChildProcess) => void> = [];
  let nextId = 0;
  let closed = false;

  const release = (child: ChildProcess) => {
    const next = waiting.shift();
    if (next) next(child);
    else idle.push(child);
  };
  const spawn = (): ChildProcess => {
    const child = fork(fileURLToPath(EPISODE_MODULE), [], { execArgv: workerExecArgv(), stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.on('message', (msg: { result?: ExperimentResult; error?: string }) => {
      const running = busy.get(child);
      if (!running) return;
      busy.delete(child);
      if (msg.error) running.reject(new EpisodeError(msg.error.split('\n')[0]));
      else running.resolve(msg.result as ExperimentResult);
      release(child);
    });
    child.on('exit', (code, signal) => {
      const at = idle.indexOf(child);
      if (at >= 0) idle.splice(at, 1);
      const running = busy.get(child);
      busy.delete(child);
      running?.reject(new Error(`the episode process exited (${signal ?? `code ${code}`})`));
      if (!closed && (running || at >= 0)) release(spawn());
    });
    return child;
  };
  for (let i = 0; i < size; i++) idle.push(spawn());

  return {
    run(task) {
      return new Promise<ExperimentResult>((resolve, reject) => {
        const start = (child: ChildProcess) => {
          busy.set(child, { resolve, reject });
          child.send({ id: nextId++, task });
        };
        const child = idle.shift();
        if (child) start(child);
        else waiting.push(start);
      });
    },
    close() {
      closed = true;
      for (const c of [...idle, ...busy.keys()]) c.kill();
    },
  };
}
