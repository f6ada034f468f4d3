// STAND-IN PLANNER, replaced by the chart-backed planning service when it lands: plans with plain
// calls (src/agent/planStep.ts candidates, src/llm/localPolicy.ts localChoice; no model is called,
// whatever profile was resolved), appends a minimal step to the TraceStore and answers the full 200
// shape of POST /api/agent/next-action, so the route, the browser and the tests work meanwhile.
// Writes the trace store and, when debugging, one debug-log entry per step.
import { planStep } from '../agent/planStep.js';
import type { Candidate } from '../agent/schemas.js';
import { localChoice, LOCAL_POLICY_NAME } from '../llm/localPolicy.js';
import { StoreInputError, type RunMeta, type TraceStore } from '../stores/index.js';
import { NoValidCandidateError, PlanningCancelledError, TracePersistenceError, UnknownSlotVariantError } from './errors.js';
import type { NextActionResponse, Planner, PlanningRequest } from './planningContract.js';

/**
 * The slot variants the chart's registry (charts/slots/registry.ts) names, mirrored so the stub
 * rejects the same unknown slots and variants (HTTP 400). The chart-backed planner uses the registry.
 */
export const STUB_SLOT_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  'state-summary': ['compact', 'json', 'with-board'],
  candidates: ['simulated', 'simulated-no-search', 'geometric'],
  'stall-report': ['default', 'off'],
};
const DEFAULT_VARIANTS: Readonly<Record<string, string>> = {
  'state-summary': 'compact',
  candidates: 'simulated',
  'stall-report': 'default',
};
const CANDIDATE_SETTINGS: Readonly<Record<string, { simulate: boolean; planSearch: boolean }>> = {
  simulated: { simulate: true, planSearch: true },
  'simulated-no-search': { simulate: true, planSearch: false },
  geometric: { simulate: false, planSearch: false },
};

function checkSlots(slots: Readonly<Record<string, string>>, source: 'request' | 'config'): void {
  const knownSlots = Object.keys(STUB_SLOT_VARIANTS);
  for (const [slot, variant] of Object.entries(slots)) {
    const variants = STUB_SLOT_VARIANTS[slot];
    if (!variants) {
      throw new UnknownSlotVariantError(
        `unknown slot "${slot}" in ${source} slots; known slots: ${knownSlots.join(', ')}`,
        slot,
        null,
        knownSlots,
      );
    }
    if (!variants.includes(variant)) {
      throw new UnknownSlotVariantError(
        `unknown variant "${variant}" for slot "${slot}" in ${source} slots; known variants: ${variants.join(', ')}`,
        slot,
        variant,
        variants,
      );
    }
  }
}

/** The variant of every slot: the request's, else the config's, else the default. */
export function resolveStubSlots(
  requestSlots: Readonly<Record<string, string>>,
  configSlots: Readonly<Record<string, string>>,
): Record<string, string> {
  checkSlots(requestSlots, 'request');
  checkSlots(configSlots, 'config');
  return Object.fromEntries(
    Object.keys(STUB_SLOT_VARIANTS).map((slot) => [slot, requestSlots[slot] ?? configSlots[slot] ?? DEFAULT_VARIANTS[slot]]),
  );
}

/** The trace's and the response's compact view of a candidate (agent-planner §8). */
function candidateSummary(candidate: Candidate) {
  const { id, kind, lane, score, target, firstAction, stallBlocked, stallRecovery } = candidate;
  return { id, kind, lane, score, target, firstAction, stallBlocked, stallRecovery };
}

export interface StubPlannerOptions {
  traceStore: TraceStore;
  /** The step's createdAt clock; the wall clock by default. */
  now?: () => Date;
}

export function createStubPlanner(options: StubPlannerOptions): Planner {
  const { traceStore } = options;
  const now = options.now ?? (() => new Date());

  return async (request: PlanningRequest): Promise<NextActionResponse> => {
    const { config, resolvedProfile, traceId, stepIndex } = request;
    const slots = resolveStubSlots(request.slots, config.slots);
    if (request.signal.aborted) throw new PlanningCancelledError('the client closed the request before planning started');

    const plan = planStep(request.snapshot, request.history, {
      candidateLimit: config.backend.candidateLimit,
      maxActionTicks: config.backend.maxActionTicks,
      showCandidateScores: config.prompt.showCandidateScores,
      ...CANDIDATE_SETTINGS[slots.candidates],
    });
    const { candidate, why } = localChoice(plan.candidates);
    if (!candidate) throw new NoValidCandidateError(`no candidate was proposed for this snapshot (${why})`);

    const action = { ...candidate.firstAction };
    const candidates = plan.candidates.map(candidateSummary);
    const validation = {
      requestedCandidateId: candidate.id,
      knownCandidate: true,
      fallbackUsed: false,
      fallbackReason: null,
      actionValid: true,
      actionGuardSafe: candidate.outcome ? !candidate.outcome.died : null,
      stallBlocked: candidate.stallBlocked,
      statuses: ['ok'],
    };
    const model = {
      modelProfile: resolvedProfile.profile,
      provider: resolvedProfile.provider,
      model: resolvedProfile.model,
      modelSource: resolvedProfile.modelSource,
    };
    const runMeta: RunMeta = { playData: request.playData, level: request.level, model, config, slots };
    const step = {
      stepIndex,
      createdAt: now().toISOString(),
      planner: 'stub',
      selectedCandidateId: candidate.id,
      selectedCandidateKind: candidate.kind,
      action,
      candidates,
      validation,
    };

    let stepCount: number;
    try {
      stepCount = await traceStore.appendStep(traceId, step, runMeta);
    } catch (error) {
      if (error instanceof StoreInputError) throw error;
      throw new TracePersistenceError(`trace step ${stepIndex} of run ${traceId} was not written: ${(error as Error).message}`);
    }

    await request.debugLog.append({
      traceId,
      stepIndex,
      profile: resolvedProfile.profile,
      model: LOCAL_POLICY_NAME,
      retry: false,
      prompt: { system: '', user: '(stub planner: no prompt was built; the local policy chose from the candidates)' },
      message: JSON.stringify({ candidateId: candidate.id, reason: why }),
      selectedCandidateId: candidate.id,
      status: 'ok',
    });

    return {
      action,
      planner: {
        ...model,
        mode: 'candidate-selection',
        fallbackUsed: false,
        fallbackReason: null,
        candidateCount: plan.candidates.length,
        config,
        stub: true,
        decidedBy: `${LOCAL_POLICY_NAME} (stub planner: no model was called)`,
      },
      traceId,
      stepCount,
      candidateId: candidate.id,
      candidate,
      candidates,
      validation,
    };
  };
}
