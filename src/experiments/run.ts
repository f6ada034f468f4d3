// Runs an experiment: picks the run folder (new or resumed, see store.ts), serves the file's local
// models if it has any, runs every cell not yet in episodes.jsonl (on the worker pool, in-process
// with workers: 0, or as jobs of the Redis queue with `queue`; `concurrency` of them in flight, their
// model calls under one shared `rateLimit` per profile), appends each record as it
// finishes, then writes results.json and report.html. Reads the experiment, the agent config and
// the run folder; writes the run folder only. The CLI and the tests both drive this function.
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadAgentConfig } from '../config/agentConfig.js';
import { readEnv } from '../llm/dotenv.js';
import { isHostedProfile, resolveProfile, type ProfileName } from '../llm/profiles.js';
import { inProcessGate, runInFlight } from '../runner/inProcess.js';
import { defaultConcurrency, runPool, type ModelCallReport } from '../runner/pool.js';
import type { RateLimitSpec } from '../runner/requestRate.js';
import { assertReachable } from '../queue/connection.js';
import { runOnQueue } from '../queue/coordinator.js';
import { jobIdOf } from '../queue/names.js';
import { defaultDataDir } from '../stores/dataDir.js';
import { runExperimentTask, taskFor, toRecord, type EpisodeRecord, type ExperimentResult, type ExperimentTask } from './episodes.js';
import { resolveArmModel, startLocalModels } from './localModels.js';
import { renderReport } from './report.js';
import { experimentCells, type Experiment } from './schema.js';
import { armSummary, summarizeArms, type ArmDetail, type ArmSummary } from './stats.js';
import {
  appendEpisode,
  chooseRunDir,
  experimentsRoot,
  readDefinition,
  readEpisodes,
  REPORT_FILE,
  RESULTS_FILE,
  type FolderChoice,
} from './store.js';

export interface StartInfo {
  dir: string;
  resumed: boolean;
  note: string;
  total: number;
  done: number;
  toRun: number;
  dropped: number;
}

export interface RunExperimentOptions {
  experiment: Experiment;
  /** The experiment file (recorded in the folder). */
  source?: string | null;
  /** Default: DATA_DIR or <repo>/__data1. */
  dataDir?: string;
  folder?: FolderChoice;
  /** Worker processes (default: one per core); 0 runs the episodes in this process, one by one. */
  workers?: number;
  /** Episodes in flight in total (default: one per core, or HOSTED_CONCURRENCY when an arm plays a hosted profile). */
  concurrency?: number;
  /** Model calls per window shared by every episode, one limit per profile (pool and in-process only). */
  rateLimit?: RateLimitSpec;
  /** Each model call as it ends (pool and in-process only). */
  onModelCall?: (call: ModelCallReport) => void;
  /** Run the cells as jobs of the experiment queue on this Redis (workers: `npm run worker`); `workers` is then unused. */
  queue?: { url: string; unreachableMs?: number };
  onStart?: (info: StartInfo) => void;
  onEpisode?: (record: EpisodeRecord, progress: Progress) => void;
  /** A cell whose job failed for good (queue only; the local pool stops at the first failure). */
  onFailure?: (failure: CellFailure, progress: Progress) => void;
  now?: () => Date;
}

export interface Progress {
  done: number;
  total: number;
  cleared: number;
  failed: number;
}

/** A cell without a result: its job failed (in results.json and report.html as `failed`). */
export interface CellFailure {
  cell: string;
  arm: string;
  level: number;
  seed: number;
  reason: string;
}

export interface ExperimentOutcome {
  dir: string;
  resumed: boolean;
  /** Cell keys run by this call (the others were already in episodes.jsonl). */
  ran: string[];
  failed: CellFailure[];
  arms: ArmDetail[];
  summary: { arms: ArmSummary[]; dir: string };
  resultsPath: string;
  reportPath: string;
}

export async function runExperiment(o: RunExperimentOptions): Promise<ExperimentOutcome> {
  const exp = o.experiment;
  const now = o.now ?? (() => new Date());
  // Fail before any folder or worker exists when the profile cannot be used.
  const config = await loadAgentConfig();
  const env = readEnv();
  const resolved = resolveProfile({ modelProfile: exp.profile, configProfile: config.agent.modelProfile }, env);
  const armModels = Object.fromEntries(exp.arms.map((arm) => [arm.id, resolveArmModel(exp, arm, config.agent.modelProfile, env)]));
  if (o.queue) await assertReachable(o.queue.url);
  const hosted = Object.values(armModels).some((m) => isHostedProfile(m.profile as ProfileName));
  const concurrency = o.concurrency ?? defaultConcurrency(hosted);

  const chosen = chooseRunDir(experimentsRoot(o.dataDir ?? defaultDataDir()), exp, o.folder ?? { mode: 'auto' }, o.source ?? null, now());
  const { dir } = chosen;
  const cells = experimentCells(exp);
  const wanted = new Set(cells.map((c) => c.key));
  const { records: previous, dropped } = readEpisodes(dir);
  const byCell = new Map<string, EpisodeRecord>();
  for (const r of previous) if (wanted.has(r.cell)) byCell.set(r.cell, r);
  const todo = cells.filter((c) => !byCell.has(c.key));
  // The experiment's offline local models are served for this run only (none: no server).
  const localModels = exp.localModels && todo.length > 0 ? await startLocalModels(exp.localModels) : null;
  const tasks = todo.map((c) => taskFor(exp, c, localModels?.baseURL ?? null));
  o.onStart?.({ ...chosen, total: cells.length, done: byCell.size, toRun: tasks.length, dropped });

  let cleared = [...byCell.values()].filter((r) => r.cleared).length;
  const ran: string[] = [];
  const finish = (task: ExperimentTask, result: ExperimentResult) => {
    const record = toRecord(task, result, now());
    appendEpisode(dir, record);
    byCell.set(record.cell, record);
    ran.push(record.cell);
    if (record.cleared) cleared++;
    o.onEpisode?.(record, { done: byCell.size + failed.length, total: cells.length, cleared, failed: failed.length });
  };
  const failed: CellFailure[] = [];
  try {
    if (o.queue) {
      const runId = basename(dir);
      await runOnQueue(
        tasks.map((task) => ({ jobId: jobIdOf(runId, task.cell), task })),
        {
          url: o.queue.url,
          unreachableMs: o.queue.unreachableMs,
          onResult: (item, result) => finish(item.task, result),
          onFailure: ({ task }, reason) => {
            failed.push({ cell: task.cell, arm: task.arm, level: task.level, seed: task.seed, reason });
            o.onFailure?.(failed[failed.length - 1], {
              done: byCell.size + failed.length,
              total: cells.length,
              cleared,
              failed: failed.length,
            });
          },
        },
      );
    } else if (o.workers === 0) {
      const gate = inProcessGate(o.rateLimit, o.onModelCall);
      await runInFlight(tasks, concurrency, async (task) => finish(task, await runExperimentTask(task, gate)));
    } else {
      await runPool<ExperimentTask, ExperimentResult>(
        tasks,
        {
          module: new URL('./worker.ts', import.meta.url),
          workers: o.workers,
          concurrency,
          ...(o.rateLimit ? { rateLimit: o.rateLimit } : {}),
          ...(o.onModelCall ? { onModelCall: o.onModelCall } : {}),
        },
        (result, task) => finish(task, result),
      );
    }
  } finally {
    await localModels?.close();
  }

  const episodes = cells.map((c) => byCell.get(c.key)).filter((r): r is EpisodeRecord => r !== undefined);
  episodes.sort((a, b) => armIndex(exp, a.arm) - armIndex(exp, b.arm) || a.level - b.level || a.seed - b.seed);
  const arms = summarizeArms(
    exp.arms.map((a) => a.id),
    episodes,
    exp.prices,
  );
  const summary = { arms: arms.map(armSummary), dir };
  const startedAt = readDefinition(dir)?.createdAt ?? now().toISOString();
  const finishedAt = now().toISOString();
  const model = { profile: resolved.profile, provider: resolved.provider, model: resolved.model };
  const resultsPath = join(dir, RESULTS_FILE);
  writeFileSync(
    resultsPath,
    JSON.stringify(
      {
        experiment: exp,
        source: o.source ?? null,
        model,
        armModels,
        startedAt,
        finishedAt,
        cells: cells.length,
        summary,
        arms,
        episodes,
        failed,
      },
      null,
      2,
    ) + '\n',
  );
  const reportPath = join(dir, REPORT_FILE);
  writeFileSync(
    reportPath,
    renderReport({ experiment: exp, arms, episodes, failed, dir, model, armModels, startedAt, finishedAt, cellsTotal: cells.length }),
  );
  return { dir, resumed: chosen.resumed, ran, failed, arms, summary, resultsPath, reportPath };
}

const armIndex = (exp: Experiment, id: string): number => exp.arms.findIndex((a) => a.id === id);
