// The point of no return for eval (`npm run eval -- ... --cause`): plays a failed level's episode
// again with the same seed, profile and variants (the local policy replays a run exactly), traced into
// stores in a temporary data dir with its recording linked, and asks findCause where it was lost.
// `causesForFailedLevels` does it for every failed level of an eval on the worker pool. Writes only
// the temporary dir it removes; reads the agent config and dotenv like the eval task does.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAgentConfig } from '../config/agentConfig.js';
import { createLogger } from '../config/logger.js';
import { readEnv } from '../llm/dotenv.js';
import { resolveProfile } from '../llm/profiles.js';
import { evalStepCap, evalTickBudget } from '../runner/budget.js';
import { chartPlanner } from '../runner/chartPlanner.js';
import { runEpisode } from '../runner/episode.js';
import type { EvalResult, EvalTask } from '../runner/evalTask.js';
import { runPool } from '../runner/pool.js';
import { RecordingStore, TraceStore, saveRecordingAndLink } from '../stores/index.js';
import { findCause, type CauseOptions } from './cause.js';

/** What eval reports per failed level. */
export interface EpisodeCause {
  level: number;
  seed: number;
  reason: string;
  /** How long the re-played episode ran (the eval's own episode, when the re-play plays alike). */
  ticks?: number;
  pointOfNoReturn: { stepIndex: number; tick: number } | null;
  /** `lost` when a point of no return was named, `unknown` when the search gave no verdict, `not_a_death` otherwise. */
  verdict: 'lost' | 'unknown' | 'not_a_death';
  chosen: string | null;
  note: string;
  elapsedMs: number;
}

export type CauseEpisodeTask = Pick<EvalTask, 'playData' | 'level' | 'seed' | 'profile' | 'slots'> & {
  reason: string;
  /** The point-of-no-return search's own options (findCause). */
  search?: Omit<CauseOptions, 'now' | 'onChecked'>;
  /** The plan search options the episode was played with (`eval --budget-ticks`, `--search`), so the re-play plays alike. */
  planSearch?: EvalTask['search'];
};

const DEATHS = new Set(['killed_by_guard', 'killed_by_hole']);

export async function causeForEpisode(task: CauseEpisodeTask): Promise<EpisodeCause> {
  const base = { level: task.level, seed: task.seed, reason: task.reason };
  if (!DEATHS.has(task.reason)) {
    return { ...base, pointOfNoReturn: null, verdict: 'not_a_death', chosen: null, note: 'the runner did not die', elapsedMs: 0 };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'fr-cause-'));
  const logger = createLogger({ level: 'error', destination: { write: () => {} } });
  const traceStore = await TraceStore.open(dataDir, { coalesceMs: 5, logger });
  const recordingStore = await RecordingStore.open(dataDir, { coalesceMs: 5, logger });
  try {
    const config = await loadAgentConfig();
    const env = readEnv();
    const profile = resolveProfile({ modelProfile: task.profile, configProfile: config.agent.modelProfile }, env);
    const maxTicks = evalTickBudget(task.playData, task.level);
    const traceId = `cause-${task.playData}-${task.level}-${task.seed}`;
    const episode = await runEpisode({
      playData: task.playData,
      level: task.level,
      seed: task.seed,
      maxTicks,
      maxSteps: evalStepCap(maxTicks),
      historyLimit: 24,
      traceId,
      planner: chartPlanner({ config, profile, env, slots: task.slots ?? {}, traceStore, planSearch: task.planSearch }),
      yieldEachStep: true,
    });
    await saveRecordingAndLink(recordingStore, traceStore, task.playData, task.level, {
      source: 'agent',
      result: episode.cleared ? 'success' : 'failure',
      traceId,
      solver: { modelProfile: profile.profile, provider: profile.provider, model: profile.model },
      demo: episode.demo,
      finalSnapshot: episode.finalSnapshot,
    });
    // the eval names points of no return only: the clear search (up to 30 s a level) is the lens's
    const cause = findCause((await traceStore.getRun(traceId))!, await recordingStore.get(traceId), {
      clearTimeLimitMs: 0,
      ...task.search,
    });
    return {
      ...base,
      reason: episode.reason,
      ticks: episode.ticks,
      pointOfNoReturn: cause.pointOfNoReturn,
      verdict: cause.pointOfNoReturn ? 'lost' : DEATHS.has(episode.reason) ? 'unknown' : 'not_a_death',
      chosen: cause.decisive?.chosen.summary ?? null,
      note: cause.note,
      elapsedMs: cause.elapsedMs,
    };
  } finally {
    await Promise.allSettled([traceStore.close(), recordingStore.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The cause of every failed level of an eval (its first failed episode), on the worker pool; keyed by level. */
export async function causesForFailedLevels(
  results: readonly EvalResult[],
  options: Pick<EvalTask, 'playData' | 'profile' | 'slots'> & {
    workers?: number;
    search?: CauseEpisodeTask['search'];
    planSearch?: CauseEpisodeTask['planSearch'];
  },
): Promise<Map<number, EpisodeCause>> {
  const failedByLevel = new Map<number, EvalResult>();
  for (const r of results)
    if (!results.some((q) => q.level === r.level && q.cleared) && !failedByLevel.has(r.level)) failedByLevel.set(r.level, r);
  const tasks: CauseEpisodeTask[] = [...failedByLevel.values()].map((r) => ({
    playData: options.playData,
    level: r.level,
    seed: r.seed,
    profile: options.profile,
    slots: options.slots,
    reason: r.reason,
    search: options.search,
    planSearch: options.planSearch,
  }));
  const causes = new Map<number, EpisodeCause>();
  await runPool<CauseEpisodeTask, EpisodeCause>(
    tasks,
    { module: new URL('./causeEpisodeWorker.ts', import.meta.url), workers: options.workers },
    (c) => causes.set(c.level, c),
  );
  return causes;
}
