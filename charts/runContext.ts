// The per-run context: what a planning run needs that must not (or need not) live in scope state —
// the raw snapshot with its engine state, the request's history, the Analysis (typed arrays, the
// live GameState), the plan search's full plan, the model provider — and the run's artifact store:
// the heavy plain values stages produce (facts, stall report, candidates, prompt pieces, prompts,
// replies), keyed by ARTIFACT_IDS, while scope holds their small ArtifactRefs. footprintjs clones
// the whole shared state several times per writing stage, so keeping these out of scope is what
// keeps a step cheap. The context rides in the run's env (passed by reference, inherited by
// subflows), so one built chart serves concurrent runs. Stages reach it via runContextOf(scope).
import type { ExecutionEnv } from 'footprintjs';
import type { Analysis } from '../src/agent/analysis.js';
import type { Plan, PlanSearchOptions } from '../src/agent/search/planSearch.js';
import type { HistoryEntry, Snapshot } from '../src/agent/schemas.js';
import type { DebugLog } from '../src/llm/debugLog.js';
import type { ModelProvider } from '../src/llm/provider.js';
import { RUN_CONTEXT_ENV_KEY } from './conventions.js';
import type { ArtifactRef } from './planningState.js';

export interface RunContext {
  snapshot: Snapshot;
  /** The request's history, newest last (scope holds its ref). */
  history: readonly HistoryEntry[];
  provider: ModelProvider;
  /** The run's abort signal, handed to the provider (footprintjs does not pass it to stages itself). */
  signal?: AbortSignal;
  /** Set by Analyze. */
  analysis: Analysis | null;
  /** Set by the candidates slot when the plan search ran. */
  plan: Plan | null;
  /** The run's artifacts by id (ARTIFACT_IDS); written once each by the stage that makes it. */
  artifacts: Map<string, unknown>;
  /** The raw model I/O debug log (the only place raw prompts go), when debugging is on. */
  debugLog?: DebugLog;
  /** Debug-log writes started by this run; planNextAction awaits them (appends never reject). */
  debugWrites: Promise<void>[];
  /** Per-run override of the plan search's options (none: its defaults). */
  planSearch?: Partial<PlanSearchOptions>;
}

export interface RunContextInit {
  snapshot: Snapshot;
  history: readonly HistoryEntry[];
  provider: ModelProvider;
  signal?: AbortSignal;
  debugLog?: DebugLog;
  planSearch?: Partial<PlanSearchOptions>;
}

export function createRunContext(init: RunContextInit): RunContext {
  return { ...init, analysis: null, plan: null, artifacts: new Map(), debugWrites: [] };
}

export type PlanningEnv = ExecutionEnv & { readonly [RUN_CONTEXT_ENV_KEY]: RunContext };

export function planningEnv(context: RunContext, traceId: string): PlanningEnv {
  return { traceId, signal: context.signal, [RUN_CONTEXT_ENV_KEY]: context };
}

type HasEnv = { $getEnv(): ExecutionEnv };

/** The run context of the run this scope belongs to (throws if the chart was run without one). */
export function runContextOf(scope: HasEnv): RunContext {
  const context = (scope.$getEnv() as Partial<PlanningEnv>)[RUN_CONTEXT_ENV_KEY];
  if (!context) throw new Error(`planning chart run without env.${RUN_CONTEXT_ENV_KEY} (use planNextAction)`);
  return context;
}

/** The Analysis Analyze stored for this run. */
export function analysisOf(scope: HasEnv): Analysis {
  const { analysis } = runContextOf(scope);
  if (!analysis) throw new Error('the Analysis is not available yet (Analyze has not run)');
  return analysis;
}

/** Stores a heavy value under its artifact id and returns the ref scope keeps. */
export function putArtifact<T>(context: RunContext, id: string, value: T, summary: string): ArtifactRef<T> {
  context.artifacts.set(id, value);
  return { ref: id, summary };
}

/** The value behind a ref (throws when this run has no such artifact). */
export function artifactOf<T>(context: RunContext, ref: ArtifactRef<T>): T {
  const id = ref.ref;
  if (!context.artifacts.has(id)) throw new Error(`no artifact "${id}" in this planning run`);
  return context.artifacts.get(id) as T;
}

/** The value behind `value` when it is an artifact ref of this run, else `value` itself (the lens mode's receipts). */
export function expandArtifactRef(context: RunContext, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const id = (value as { ref?: unknown }).ref;
  return typeof id === 'string' && context.artifacts.has(id) ? context.artifacts.get(id) : value;
}
