// The per-run context: what a planning run needs that must not (or need not) live in scope state —
// the raw snapshot with its engine state, the Analysis (typed arrays, the live GameState), the plan
// search's full plan and the model provider. It rides in the run's env (footprintjs passes env by
// reference, inherited by subflows) so one built chart serves concurrent runs. Stages read it via
// runContextOf(scope); Analyze and the candidates slot fill in what they compute.
import type { ExecutionEnv } from 'footprintjs';
import type { Analysis } from '../src/agent/analysis.js';
import type { Plan } from '../src/agent/planSearch.js';
import type { Snapshot } from '../src/agent/schemas.js';
import type { DebugLog } from '../src/llm/debugLog.js';
import type { ModelProvider } from '../src/llm/provider.js';
import { RUN_CONTEXT_ENV_KEY } from './conventions.js';

export interface RunContext {
  snapshot: Snapshot;
  provider: ModelProvider;
  /** The run's abort signal, handed to the provider (footprintjs does not pass it to stages itself). */
  signal?: AbortSignal;
  /** Set by Analyze. */
  analysis: Analysis | null;
  /** Set by the candidates slot when the plan search ran. */
  plan: Plan | null;
  /** The raw model I/O debug log (the only place raw prompts go), when debugging is on. */
  debugLog?: DebugLog;
  /** Debug-log writes started by this run; planNextAction awaits them (appends never reject). */
  debugWrites: Promise<void>[];
}

export type PlanningEnv = ExecutionEnv & { readonly [RUN_CONTEXT_ENV_KEY]: RunContext };

export function planningEnv(context: RunContext, traceId: string): PlanningEnv {
  return { traceId, signal: context.signal, [RUN_CONTEXT_ENV_KEY]: context };
}

/** The run context of the run this scope belongs to (throws if the chart was run without one). */
export function runContextOf(scope: { $getEnv(): ExecutionEnv }): RunContext {
  const context = (scope.$getEnv() as Partial<PlanningEnv>)[RUN_CONTEXT_ENV_KEY];
  if (!context) throw new Error(`planning chart run without env.${RUN_CONTEXT_ENV_KEY} (use planNextAction)`);
  return context;
}

/** The Analysis Analyze stored for this run. */
export function analysisOf(scope: { $getEnv(): ExecutionEnv }): Analysis {
  const { analysis } = runContextOf(scope);
  if (!analysis) throw new Error('the Analysis is not available yet (Analyze has not run)');
  return analysis;
}
