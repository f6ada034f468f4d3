// The planning service every client goes through (the HTTP route and the in-process runner):
// builds the model provider for the resolved profile, runs the planning chart once, appends the
// step to the trace store and answers the 200 shape of POST /api/agent/next-action. A step that
// found no valid candidate is still traced before the 502 error is rethrown.
import { NoValidCandidateError } from '../../charts/errors.js';
import { planNextAction, type PlanningResult } from '../../charts/planNextAction.js';
import { planningChart } from '../../charts/buildPlanningChart.js';
import { resolveSlotVariants } from '../../charts/slots/registry.js';
import { createProvider } from '../llm/createProvider.js';
import { localPolicy } from '../llm/localPolicy.js';
import type { ModelProvider } from '../llm/provider.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import { answersFromTrace } from '../llm/replayProvider.js';
import { TracePersistenceError } from '../server/errors.js';
import type { NextActionResponse, PlanningRequest } from '../server/planningContract.js';
import { StoreInputError, type RunMeta, type TraceStore } from '../stores/index.js';

export interface PlanningServiceOptions {
  traceStore: TraceStore;
  /** Per-call model deadline in ms (the chart's default when absent). */
  deadlineMs?: number;
  /** Wraps the provider (experiments inject failures this way). */
  wrapProvider?: (provider: ModelProvider) => ModelProvider;
  /** Per-run override of config.backend.recovery. */
  recovery?: boolean;
  /** Plan search options for every step (an eval's `--budget-ticks`/`--search`, re-played by `--cause`); the server uses the defaults. */
  planSearch?: Partial<PlanSearchOptions>;
}

async function providerFor(request: PlanningRequest, traceStore: TraceStore): Promise<ModelProvider> {
  const resolved = request.resolvedProfile;
  let replay: ReturnType<typeof answersFromTrace> | null = null;
  if (resolved.profile === 'replay') {
    const run = await traceStore.getRun(resolved.model);
    replay = run ? answersFromTrace(run) : null;
  }
  return createProvider(resolved, request.env, { localPolicy, replayAnswers: () => replay });
}

async function appendOrFail(traceStore: TraceStore, request: PlanningRequest, step: unknown, runMeta: RunMeta): Promise<number> {
  try {
    return await traceStore.appendStep(request.traceId, step, runMeta);
  } catch (error) {
    if (error instanceof StoreInputError) throw error;
    throw new TracePersistenceError(
      `trace step ${request.stepIndex} of run ${request.traceId} was not written: ${(error as Error).message}`,
    );
  }
}

export function toResponse(request: PlanningRequest, result: PlanningResult, stepCount: number): NextActionResponse {
  const m = result.planner.model;
  return {
    action: { ...result.action },
    planner: {
      modelProfile: m.profile,
      provider: m.provider,
      model: m.model,
      modelSource: m.modelSource,
      mode: 'candidate-selection',
      fallbackUsed: result.validation.fallbackUsed,
      fallbackReason: result.validation.fallbackReason,
      candidateCount: result.candidates.length,
      config: request.config,
      slots: result.slots,
      modelCalls: result.planner.modelCalls,
      durationMs: Math.round(result.planner.durationMs * 100) / 100,
    },
    traceId: request.traceId,
    stepCount,
    candidateId: result.candidate.id,
    candidate: result.candidate,
    candidates: result.candidates,
    validation: result.validation,
  };
}

export function createPlanningService(options: PlanningServiceOptions) {
  const { traceStore } = options;
  return async (request: PlanningRequest): Promise<NextActionResponse & { result: PlanningResult }> => {
    const base = await providerFor(request, traceStore);
    const provider = options.wrapProvider ? options.wrapProvider(base) : base;
    const { variants } = resolveSlotVariants(request.slots, request.config.slots);
    const runMeta: RunMeta = {
      playData: request.playData,
      level: request.level,
      model: { modelProfile: provider.profile, provider: provider.provider, model: provider.model, modelSource: provider.modelSource },
      config: request.config as unknown as Record<string, unknown>,
      slots: { ...variants },
    };
    let result: PlanningResult;
    try {
      result = await planNextAction(
        {
          playData: request.playData,
          level: request.level,
          snapshot: request.snapshot,
          history: request.history,
          traceId: request.traceId,
          stepIndex: request.stepIndex,
          slots: request.slots,
          config: request.config,
          signal: request.signal,
          recovery: options.recovery,
          planSearch: options.planSearch,
        },
        { provider, deadlineMs: options.deadlineMs, debugLog: request.debugLog },
      );
    } catch (error) {
      if (error instanceof NoValidCandidateError) await appendOrFail(traceStore, request, error.traceStep, runMeta);
      throw error;
    }
    const stepCount = await appendOrFail(traceStore, request, result.traceStep, runMeta);
    return { ...toResponse(request, result, stepCount), result };
  };
}

/** The planning chart's structure for drawing (GET /api/agent/chart), with the default variants. */
export function chartStructure(): unknown {
  const { variants } = resolveSlotVariants({}, {});
  return { variants, structure: (planningChart(variants) as unknown as { buildTimeStructure: unknown }).buildTimeStructure };
}
