// GET /api/agent/traces/:traceId/cause behind the route: answers the cause cached with the run in the
// trace store, else computes it once (in a worker process, so the server keeps answering while the
// survival searches run; concurrent requests for one run share the computation) and caches it.
// Reads both stores through LensSources, writes the trace store's cause (setCause).
import type { TraceStore } from '../stores/index.js';
import { runPool } from '../runner/pool.js';
import { CAUSE_VERSION, findCause, type CauseAnswer, type CauseOptions } from './cause.js';
import type { CauseTask, CauseTaskResult } from './causeWorker.js';
import { LensError, lensNotFound } from './errors.js';
import type { LensSources } from './replayStep.js';

export interface CauseService {
  /** The run's cause: cached, or computed now (`cached` says which). */
  causeOf(traceId: string): Promise<CauseAnswer & { cached: boolean }>;
}

export interface CauseServiceOptions {
  /** Compute in this process instead of a worker (tests of the search itself). */
  inProcess?: boolean;
  search?: Omit<CauseOptions, 'now' | 'onChecked'>;
}

async function inWorker(task: CauseTask): Promise<CauseAnswer> {
  let result: CauseTaskResult | null = null;
  await runPool<CauseTask, CauseTaskResult>([task], { workers: 1, module: new URL('./causeWorker.ts', import.meta.url) }, (r) => {
    result = r;
  });
  const answer = result as CauseTaskResult | null;
  if (!answer) throw new Error('the cause worker gave no answer');
  if ('error' in answer) throw new LensError(answer.error.message, answer.error.status, answer.error.details);
  return answer.cause;
}

export function createCauseService(
  sources: LensSources,
  traceStore: Pick<TraceStore, 'setCause'>,
  options: CauseServiceOptions = {},
): CauseService {
  const running = new Map<string, Promise<CauseAnswer>>();
  return {
    async causeOf(traceId) {
      const run = await sources.getRun(traceId);
      if (!run)
        throw lensNotFound('there is no run with this trace id (it may have been pruned: the store keeps the 10 newest)', { traceId });
      const cached = run.cause as (CauseAnswer & { version?: number }) | undefined;
      if (cached && cached.version === CAUSE_VERSION) return { ...cached, cached: true };
      let pending = running.get(traceId);
      if (!pending) {
        const recording = await sources.getRecording(traceId);
        const task: CauseTask = { run, recording, options: options.search ?? {} };
        pending = (options.inProcess ? Promise.resolve().then(() => findCause(run, recording, task.options)) : inWorker(task)).then(
          async (cause) => {
            // Only a finished run's answer is kept: a run still playing would be answered for an end it has not reached.
            if (run.outcome) await traceStore.setCause(traceId, cause as unknown as Record<string, unknown>).catch(() => {});
            return cause;
          },
        );
        running.set(traceId, pending);
        void pending.finally(() => running.delete(traceId)).catch(() => {});
      }
      return { ...(await pending), cached: false };
    },
  };
}
