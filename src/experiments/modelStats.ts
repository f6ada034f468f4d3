// What an episode's model calls cost: a ModelProvider decorator counting every call that reached the
// provider (answered or failed) with its latency, tokens and status, and the per-arm arithmetic over
// those counts (latency percentiles, cost from the experiment's prices per million tokens). Pure apart
// from the counting; the worker sends the counts back with the episode's result.
import { z } from 'zod';
import { isProviderFailure, wrapProvider, type ModelProvider, type ModelRequest } from '../llm/provider.js';

export const modelCallStatsSchema = z.object({
  /** `provider:model` of the provider that answered. */
  model: z.string(),
  calls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  /** Calls whose reply carried no usage. */
  callsWithoutUsage: z.number().int(),
  /** Each call's duration in ms (one decimal), in call order. */
  latencyMs: z.array(z.number()),
  /** ok, or the failure's reason (timeout, rate_limited, server_error, ...), per call. */
  outcomes: z.record(z.string(), z.number()),
  constrainedCalls: z.number().int(),
  throttleWaits: z.number().int(),
});
export type ModelCallStats = z.infer<typeof modelCallStatsSchema>;

export function emptyModelStats(model: string): ModelCallStats {
  return {
    model,
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    callsWithoutUsage: 0,
    latencyMs: [],
    outcomes: {},
    constrainedCalls: 0,
    throttleWaits: 0,
  };
}

const tenth = (ms: number) => Math.round(ms * 10) / 10;

/** Counts every call into `stats` (the provider's answers and failures pass through untouched). */
export function countingProvider(base: ModelProvider, stats: ModelCallStats): ModelProvider {
  stats.model = `${base.provider}:${base.model}`;
  const outcome = (key: string) => (stats.outcomes[key] = (stats.outcomes[key] ?? 0) + 1);
  return wrapProvider(base, async (req: ModelRequest) => {
    stats.calls += 1;
    try {
      const reply = await base.complete(req);
      stats.latencyMs.push(tenth(reply.durationMs));
      if (reply.usage) {
        stats.promptTokens += reply.usage.promptTokens;
        stats.completionTokens += reply.usage.completionTokens;
      } else stats.callsWithoutUsage += 1;
      if (reply.constrained) stats.constrainedCalls += 1;
      stats.throttleWaits += reply.throttle?.waits ?? 0;
      outcome('ok');
      return reply;
    } catch (err) {
      if (isProviderFailure(err)) {
        stats.latencyMs.push(tenth(err.durationMs));
        stats.throttleWaits += err.throttle.waits;
        outcome(err.reason);
      } else outcome('unexpected');
      throw err;
    }
  });
}

/** The q-quantile (0..1) of the values, nearest rank; null when there are none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** USD for the tokens at the price per million (null without a price). */
export function costUsd(promptTokens: number, completionTokens: number, price: { prompt: number; completion: number } | undefined) {
  if (!price) return null;
  return Math.round(((promptTokens * price.prompt + completionTokens * price.completion) / 1e6) * 1e6) / 1e6;
}
