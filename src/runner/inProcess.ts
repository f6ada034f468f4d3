// The pool's in-process twin (play --runs, experiment --workers 0): runs tasks in this process with
// up to N in flight, their model calls through the same gate a pool worker gets (the shared rate
// limit, one per profile, and the call reports), so the flags mean the same with or without workers.
import type { ModelCallReport, TaskGate } from './pool.js';
import { keyedRequestRates, type RateLimitSpec } from './requestRate.js';

export function inProcessGate(rateLimit?: RateLimitSpec, onModelCall?: (call: ModelCallReport) => void): TaskGate {
  const rates = rateLimit ? keyedRequestRates(rateLimit) : null;
  return {
    // The call goes out as soon as the turn is granted here (the caller's next step is to send it).
    acquire: async (profile) =>
      rates?.(profile)
        .acquire()
        .then((sent) => sent()),
    report: (call) => onModelCall?.(call),
  };
}

/** Runs `run` over every item, at most `concurrency` at once, in order of start; the first rejection ends it. */
export async function runInFlight<T>(items: readonly T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}
