// The episode of one cell: the eval task an arm makes of it (profile or model, slots, recovery,
// chaos, the env of a local model), how it runs in-process (the pool's worker runs the same
// function) with its model calls counted, and the record kept for it (one JSON line in
// episodes.jsonl, one entry of results.json). Pure apart from running the episode.
import { z } from 'zod';
import { evalTickBudget } from '../runner/budget.js';
import { runEvalTask, type EvalResult, type EvalTask } from '../runner/evalTask.js';
import { episodeSummarySchema } from '../runner/episodeSummary.js';
import type { TaskGate } from '../runner/pool.js';
import { worldRecordTicks } from '../game/levels.js';
import { wrapForTask } from './chaosProvider.js';
import { localModelEnv, localModelOf } from './localModels.js';
import { countingProvider, emptyModelStats, modelCallStatsSchema, type ModelCallStats } from './modelStats.js';
import type { Cell, Experiment } from './schema.js';

/** What crosses to a worker: an eval task plus the cell it belongs to. */
export type ExperimentTask = EvalTask & { cell: string; arm: string };

/** What comes back: the episode's result and its model calls' counts. */
export type ExperimentResult = EvalResult & { model: ModelCallStats };

/** `localModelsURL`: where the run serves the experiment's localModels (an arm naming one is sent there). */
export function taskFor(exp: Experiment, cell: Cell, localModelsURL: string | null = null): ExperimentTask {
  const arm = exp.arms.find((a) => a.id === cell.arm);
  if (!arm) throw new Error(`cell ${cell.key} names an arm that the experiment does not have`);
  const profile = arm.profile ?? exp.profile;
  const local = localModelOf(exp, arm);
  if (local && !localModelsURL) throw new Error(`arm ${arm.id} names local model "${local}" but the run serves no local models`);
  return {
    cell: cell.key,
    arm: arm.id,
    playData: exp.playData,
    level: cell.level,
    seed: cell.seed,
    ...(profile !== undefined ? { profile } : {}),
    ...(arm.model !== undefined ? { model: arm.model } : {}),
    ...(local && localModelsURL ? { env: localModelEnv(localModelsURL) } : {}),
    slots: { ...arm.slots },
    ...(arm.options.recovery !== undefined ? { recovery: arm.options.recovery } : {}),
    ...(arm.options.chaos ? { chaos: { ...arm.options.chaos } } : {}),
  };
}

/** Runs one task (in the worker, or in-process for tests and --workers 0), counting its model calls (not the chaos). */
export async function runExperimentTask(task: ExperimentTask, gate?: TaskGate): Promise<ExperimentResult> {
  const model = emptyModelStats('');
  const result = await runEvalTask(task, (provider, t) => wrapForTask(countingProvider(provider, model), t), gate);
  return { ...result, model };
}

export const episodeRecordSchema = episodeSummarySchema.omit({ mechanism: true }).extend({
  cell: z.string(),
  arm: z.string(),
  /** Any end reason (records written by an older checkout may name one this one no longer has). */
  reason: z.string(),
  worldRecordTicks: z.number().nullable(),
  tickBudget: z.number(),
  finishedAt: z.string(),
  /** The episode's model calls (absent in records written before they were counted). */
  model: modelCallStatsSchema.optional(),
});
export type EpisodeRecord = z.infer<typeof episodeRecordSchema>;

export function toRecord(task: ExperimentTask, r: EvalResult & { model?: ModelCallStats }, finishedAt = new Date()): EpisodeRecord {
  return {
    cell: task.cell,
    arm: task.arm,
    playData: task.playData,
    level: task.level,
    seed: task.seed,
    cleared: r.cleared,
    reason: r.reason,
    ticks: r.ticks,
    steps: r.steps,
    goldLeft: r.goldLeft,
    fallbacks: r.fallbacks,
    retries: r.retries,
    stalls: r.stalls,
    statuses: r.statuses,
    traceId: r.traceId,
    durationMs: Math.round(r.durationMs * 10) / 10,
    worldRecordTicks: worldRecordTicks(task.playData, task.level),
    tickBudget: evalTickBudget(task.playData, task.level),
    failureDetail: r.failureDetail,
    end: r.end,
    finishedAt: finishedAt.toISOString(),
    ...(r.model ? { model: r.model } : {}),
  };
}
