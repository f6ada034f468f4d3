// The numbers of an experiment: per arm the clear rate with its 95% Wilson interval, the median
// ticks of cleared episodes relative to the world record, fallbacks and stalls per 100 steps, wall
// time per step, end reasons, the model calls (tokens, latency p50/p95, outcomes, cost), and the
// paired comparison against the first arm (same cells).
// Pure: episode records in, summary out.
import { median } from '../cli/args.js';
import type { EpisodeRecord } from './episodes.js';
import { costUsd, quantile } from './modelStats.js';
import type { Price } from './schema.js';

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval of k successes in n trials; [0, 1] when n is 0. */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

export interface ArmSummary {
  id: string;
  episodes: number;
  cleared: number;
  clearRate: number;
  clearRateCi: [number, number];
  /** Median of ticks / world-record ticks over cleared episodes (null when none cleared). */
  medianTicksRatio: number | null;
  fallbacksPer100Steps: number;
  stallsPer100Steps: number;
  msPerStep: number;
  /** The arm's model calls (episodes recorded before calls were counted add nothing). */
  model: ArmModelSummary;
}

export interface ArmModelSummary {
  /** `provider:model` of the episodes (several when they differ), or null when none was counted. */
  model: string | null;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  /** ok or the failure reason per call. */
  outcomes: Record<string, number>;
  constrainedCalls: number;
  throttleWaits: number;
  /** USD at the experiment's price for the model per million tokens; null without one. */
  costUsd: number | null;
}

export interface ArmDetail extends ArmSummary {
  steps: number;
  reasons: Record<string, number>;
  stalls: Record<string, number>;
  statuses: Record<string, number>;
  /** Against the first arm on the cells both ran: cleared here but not there, and the reverse. */
  paired: { baseline: string; cells: number; gained: number; lost: number } | null;
}

function tally(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

export function modelSummary(records: readonly EpisodeRecord[], prices: Readonly<Record<string, Price>> = {}): ArmModelSummary {
  const stats = records.flatMap((r) => (r.model ? [r.model] : []));
  const names = [...new Set(stats.map((s) => s.model))];
  const latencies = stats.flatMap((s) => s.latencyMs);
  const outcomes: Record<string, number> = {};
  for (const s of stats) tally(outcomes, s.outcomes);
  const promptTokens = sum(stats.map((s) => s.promptTokens));
  const completionTokens = sum(stats.map((s) => s.completionTokens));
  const p50 = quantile(latencies, 0.5);
  const p95 = quantile(latencies, 0.95);
  return {
    model: names.length === 0 ? null : names.join(', '),
    calls: sum(stats.map((s) => s.calls)),
    promptTokens,
    completionTokens,
    latencyP50Ms: p50 === null ? null : round(p50, 1),
    latencyP95Ms: p95 === null ? null : round(p95, 1),
    outcomes,
    constrainedCalls: sum(stats.map((s) => s.constrainedCalls)),
    throttleWaits: sum(stats.map((s) => s.throttleWaits)),
    costUsd: names.length === 1 ? costUsd(promptTokens, completionTokens, prices[names[0]!]) : null,
  };
}

export function summarizeArm(
  id: string,
  records: EpisodeRecord[],
  baseline: { id: string; records: EpisodeRecord[] } | null,
  prices: Readonly<Record<string, Price>> = {},
): ArmDetail {
  const mine = records.filter((r) => r.arm === id);
  const cleared = mine.filter((r) => r.cleared).length;
  const steps = sum(mine.map((r) => r.steps));
  const ratios = mine.filter((r) => r.cleared && r.worldRecordTicks).map((r) => r.ticks / r.worldRecordTicks!);
  const stalls: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  for (const r of mine) {
    tally(stalls, r.stalls);
    tally(statuses, r.statuses);
    reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
  }
  const per100 = (x: number) => (steps === 0 ? 0 : round((100 * x) / steps, 2));
  const [lo, hi] = wilson(cleared, mine.length);
  const medianRatio = median(ratios);
  let paired: ArmDetail['paired'] = null;
  if (baseline && baseline.id !== id) {
    const base = new Map(baseline.records.filter((r) => r.arm === baseline.id).map((r) => [`${r.level}|${r.seed}`, r.cleared]));
    let cells = 0;
    let gained = 0;
    let lost = 0;
    for (const r of mine) {
      const b = base.get(`${r.level}|${r.seed}`);
      if (b === undefined) continue;
      cells++;
      if (r.cleared && !b) gained++;
      if (!r.cleared && b) lost++;
    }
    paired = { baseline: baseline.id, cells, gained, lost };
  }
  return {
    id,
    episodes: mine.length,
    cleared,
    clearRate: mine.length === 0 ? 0 : round(cleared / mine.length, 3),
    clearRateCi: [round(lo, 3), round(hi, 3)],
    medianTicksRatio: medianRatio === null ? null : round(medianRatio, 3),
    fallbacksPer100Steps: per100(sum(mine.map((r) => r.fallbacks))),
    stallsPer100Steps: per100(sum(mine.flatMap((r) => Object.values(r.stalls)))),
    msPerStep: steps === 0 ? 0 : round(sum(mine.map((r) => r.durationMs)) / steps, 1),
    model: modelSummary(mine, prices),
    steps,
    reasons,
    stalls,
    statuses,
    paired,
  };
}

/** Every arm, in the experiment's order; the first arm is the paired baseline. */
export function summarizeArms(armIds: string[], records: EpisodeRecord[], prices: Readonly<Record<string, Price>> = {}): ArmDetail[] {
  const baseline = armIds.length > 1 ? { id: armIds[0], records } : null;
  return armIds.map((id) => summarizeArm(id, records, baseline, prices));
}

/** The compact per-arm object of `--json` (no details). */
export function armSummary(d: ArmDetail): ArmSummary {
  const { id, episodes, cleared, clearRate, clearRateCi, medianTicksRatio, fallbacksPer100Steps, stallsPer100Steps, msPerStep, model } = d;
  return { id, episodes, cleared, clearRate, clearRateCi, medianTicksRatio, fallbacksPer100Steps, stallsPer100Steps, msPerStep, model };
}
