// One evaluation episode as a serializable task and a compact result (what crosses the process
// boundary of the pool): level, seed, profile, slot variants and recovery in; outcome, diagnosis
// and counters out. Plans through the chart (the product's path) unless `direct` is asked for.
import { randomUUID } from 'node:crypto';
import { candidatesSettings } from '../../charts/slots/registry.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import { loadAgentConfig } from '../config/agentConfig.js';
import { readEnv } from '../llm/dotenv.js';
import { resolveProfile } from '../llm/profiles.js';
import type { ModelProvider } from '../llm/provider.js';
import { evalStepCap, evalTickBudget } from './budget.js';
import { chartPlanner } from './chartPlanner.js';
import { directPlanner } from './directPlanner.js';
import { runEpisode, type EpisodeResult } from './episode.js';
import { meteredProvider } from './meteredProvider.js';
import { OPEN_GATE, type TaskGate } from './pool.js';

export interface EvalTask {
  playData: number;
  level: number;
  seed: number;
  godMode?: boolean;
  /** Model profile (default: the resolution order of http-api.md, i.e. `local` with no config). */
  profile?: string;
  /** `provider:model`, wins over `profile` (an experiment arm's model). */
  model?: string;
  /** Env values laid over the process env and dotenv files for this episode (an experiment's local models). */
  env?: Record<string, string>;
  slots?: Record<string, string>;
  recovery?: boolean;
  /** Plain-function planner instead of the chart (for comparisons; no prompt, no model). */
  direct?: boolean;
  /** Optional chaos: wraps the provider (set by experiments in the worker). */
  chaos?: { rate: number; seed: number };
  /** Plan search options (default: DEFAULT_PLAN_SEARCH), e.g. a larger budgetTicks for the ceiling run. */
  search?: Partial<PlanSearchOptions>;
  /** Step cap instead of the level's (evalStepCap), e.g. a fixed number of model calls for a benchmark. */
  maxSteps?: number;
}

export type EvalResult = Omit<EpisodeResult, 'demo' | 'finalSnapshot'>;

/**
 * `gate`: the pool's shared rate limit and call reports (default: none); every model call passes it
 * before `wrapProvider`'s wrappers see it.
 */
export async function runEvalTask(
  task: EvalTask,
  wrapProvider?: (p: ModelProvider, task: EvalTask) => ModelProvider,
  gate: TaskGate = OPEN_GATE,
): Promise<EvalResult> {
  const maxTicks = evalTickBudget(task.playData, task.level);
  const slots = task.slots ?? {};
  const candidatesVariant = slots.candidates ?? 'simulated';
  const search = task.search;
  let planner;
  if (task.direct) {
    // The direct planner reads no prompt: a variant that only changes what the prompt shows plays as its list.
    const settings = candidatesSettings(candidatesVariant);
    planner = directPlanner({ planSearch: settings.planSearch, simulate: settings.simulate, search });
  } else {
    const config = await loadAgentConfig();
    const env = { ...readEnv(), ...task.env };
    const profile = resolveProfile({ model: task.model, modelProfile: task.profile, configProfile: config.agent.modelProfile }, env);
    planner = chartPlanner({
      config,
      profile,
      env,
      slots,
      recovery: task.recovery,
      planSearch: search,
      wrapProvider: (p) => (wrapProvider ? wrapProvider(meteredProvider(p, gate), task) : meteredProvider(p, gate)),
    });
  }
  const result = await runEpisode({
    playData: task.playData,
    level: task.level,
    seed: task.seed,
    godMode: task.godMode,
    maxTicks,
    maxSteps: task.maxSteps ?? evalStepCap(maxTicks),
    historyLimit: 24,
    traceId: randomUUID(),
    planner,
    // run in pool workers: they hear their parent go away (pool.ts) between steps
    yieldEachStep: true,
  });
  const { demo: _demo, finalSnapshot: _snapshot, ...rest } = result;
  return rest;
}
