// One planning step: resolves the slot variants and options, runs the cached planning chart once
// with a fresh FlowChartExecutor and the stage-receipt recorder attached, and turns the finished run
// into the step's action, its candidates, its validation and its §8 trace step. The one function
// the server, the headless runner, eval and experiments call. Throws the typed errors of errors.ts.
import type { PlanSearchOptions } from '../src/agent/search/planSearch.js';
import { FlowChartExecutor, type CombinedRecorder } from 'footprintjs';
import { profileSettings, type AgentConfig } from '../src/config/agentConfig.js';
import type { Candidate, HistoryEntry, Snapshot } from '../src/agent/schemas.js';
import type { DebugLog } from '../src/llm/debugLog.js';
import type { ModelProvider } from '../src/llm/provider.js';
import { StageReceiptRecorder } from '../recorders/stageReceipts.js';
import {
  assembleTraceStep,
  randomStateOf,
  type CandidateSummary,
  type TraceStepRecord,
  type TraceValidation,
} from '../recorders/traceStep.js';
import { runnablePlanningChart } from './buildPlanningChart.js';
import { QUIET_NARRATIVE, executorOptions } from './runOptions.js';
import type { SlotId } from './conventions.js';
import { NoValidCandidateError, PlanningCancelledError } from './errors.js';
import type { ActionState, PlanningArgs, PlanningOptions, PlanningState } from './planningState.js';
import { artifactOf, createRunContext, expandArtifactRef, planningEnv } from './runContext.js';
import { candidatesSettings, resolveSlotVariants, type SlotVariants, type VariantSource } from './slots/registry.js';

/** The per-call model deadline when the caller names none. */
export const DEFAULT_MODEL_DEADLINE_MS = 30_000;

export interface PlanningRequest {
  playData: number;
  level: number;
  snapshot: Snapshot;
  /** Newest last; the caller keeps at most config.agent.historyLimit entries. */
  history: HistoryEntry[];
  traceId: string;
  stepIndex: number;
  /** Slot id -> variant for this run (wins over config.slots). */
  slots?: Readonly<Record<string, string>>;
  config: AgentConfig;
  /** Aborting it cancels the run and the model call in flight (PlanningCancelledError). */
  signal?: AbortSignal;
  /** Per-run override of config.backend.recovery (false: no retry, the first failure falls back). */
  recovery?: boolean;
  /** Per-run override of the plan search's options (e.g. the eval's ceiling run with a larger budget). */
  planSearch?: Partial<PlanSearchOptions>;
}

export interface PlanningDeps {
  provider: ModelProvider;
  /** Per-call model deadline (default DEFAULT_MODEL_DEADLINE_MS). */
  deadlineMs?: number;
  now?: () => Date;
  /** Keep full read/write values in the stage receipts (for the lens). */
  captureValues?: boolean;
  /** The raw model I/O debug log; when enabled, each model call's prompt and answer go there (never to the trace). */
  debugLog?: DebugLog;
  /** Extra recorders to attach to this run (observers only). */
  recorders?: readonly CombinedRecorder[];
}

export interface PlannerInfo {
  model: { profile: string; provider: string; model: string; modelSource: string };
  plannedRoute: TraceStepRecord['planner']['plannedRoute'];
  /** Model calls made this step (2 when the retry ran). */
  modelCalls: number;
  slotSources: Record<SlotId, VariantSource>;
  durationMs: number;
}

export interface PlanningResult {
  action: ActionState;
  candidate: Candidate;
  candidates: CandidateSummary[];
  validation: TraceValidation;
  traceStep: TraceStepRecord;
  slots: SlotVariants;
  planner: PlannerInfo;
}

/** The run's options: config, the candidates variant's analysis settings, per-run overrides. */
export function planningOptions(
  config: AgentConfig,
  variants: SlotVariants,
  request: PlanningRequest,
  deps: PlanningDeps,
): PlanningOptions {
  const settings = candidatesSettings(variants.candidates);
  const profile = profileSettings(config, deps.provider.profile);
  return {
    candidateLimit: config.backend.candidateLimit,
    maxActionTicks: config.backend.maxActionTicks,
    showCandidateScores: config.prompt.showCandidateScores,
    temperature: config.backend.temperature,
    recovery: request.recovery ?? config.backend.recovery,
    deadlineMs: deps.deadlineMs ?? DEFAULT_MODEL_DEADLINE_MS,
    simulate: settings.simulate,
    planSearch: settings.planSearch,
    showSimulatedOutcomes: settings.showOutcomes ?? true,
    showRanking: settings.ranked ?? true,
    constrainedReplies: profile.constrainedReplies,
    promptBudgetChars: profile.promptBudgetChars,
  };
}

export async function planNextAction(request: PlanningRequest, deps: PlanningDeps): Promise<PlanningResult> {
  const started = performance.now();
  const { variants, sources } = resolveSlotVariants(request.slots, request.config.slots);
  const options = planningOptions(request.config, variants, request, deps);
  const context = createRunContext({
    snapshot: request.snapshot,
    // A copy: the caller may append to its history while the run's artifacts are still read.
    history: [...request.history],
    provider: deps.provider,
    signal: request.signal,
    debugLog: deps.debugLog,
    planSearch: request.planSearch,
  });
  const args: PlanningArgs = {
    run: {
      traceId: request.traceId,
      stepIndex: request.stepIndex,
      playData: request.playData,
      level: request.level,
      options,
      slotVariants: variants,
    },
  };

  // Receipts come from the recorder's events: footprintjs' read/write views and its own narrative
  // are switched off (runOptions.ts); the lens mode (captureValues) keeps the views.
  const executor = new FlowChartExecutor(runnablePlanningChart(variants), executorOptions(deps.captureValues ?? false));
  executor.enableNarrative(QUIET_NARRATIVE);
  const receipts = new StageReceiptRecorder({
    captureValues: deps.captureValues,
    expandValue: (value) => expandArtifactRef(context, value),
  });
  executor.attachCombinedRecorder(receipts);
  for (const recorder of deps.recorders ?? []) executor.attachCombinedRecorder(recorder);

  if (request.signal?.aborted) throw new PlanningCancelledError();
  try {
    await executor.run({ input: args, env: planningEnv(context, request.traceId), signal: request.signal });
  } catch (error) {
    if (error instanceof PlanningCancelledError) throw error;
    if (request.signal?.aborted) throw new PlanningCancelledError();
    throw error;
  } finally {
    await Promise.all(context.debugWrites);
  }

  const state = executor.getSnapshot().sharedState as unknown as PlanningState;
  const candidates = state.candidates ? artifactOf(context, state.candidates) : [];
  const traceStep = assembleTraceStep({
    stepIndex: request.stepIndex,
    createdAt: deps.now?.() ?? new Date(),
    state,
    facts: artifactOf(context, state.facts),
    stall: artifactOf(context, state.stall),
    candidates,
    history: context.history,
    receipts: receipts.receipts(),
    events: receipts.events(),
  });
  // The engine's random state at this step (the generator's uint32 and the respawn column order it
  // shuffled): a demo keeps the draws' results but not the seed, and the lens needs both to re-run
  // the step's simulations exactly (a guard reborn inside the plan search's look-ahead).
  const engine = request.snapshot.engineState;
  if (engine) Object.assign(traceStep.state, randomStateOf(engine));
  const candidate = candidates.find((c) => c.id === state.selection?.candidateId);
  if (!candidate || !state.action) {
    throw new NoValidCandidateError(
      `no valid candidate: ${state.selection?.fallbackReason ?? 'the planning run ended without a selection'}`,
      traceStep,
    );
  }
  const { profile, provider, model, modelSource } = deps.provider;
  return {
    action: state.action,
    candidate,
    candidates: traceStep.candidates,
    validation: traceStep.validation,
    traceStep,
    slots: variants,
    planner: {
      model: { profile, provider, model, modelSource },
      plannedRoute: traceStep.planner.plannedRoute,
      modelCalls: traceStep.earlierModelCalls.length + (traceStep.modelCall ? 1 : 0),
      slotSources: sources,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    },
  };
}
