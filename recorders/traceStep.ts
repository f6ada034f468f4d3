// The trace-step assembler: turns a finished planning run — its final scope state, the run's
// artifacts it needs (facts, stall report, candidates, history), the stage receipts and the emitted
// events — into the compact step of agent-planner §8 that the trace store keeps (a run keeps
// hundreds of steps, so nothing is repeated: one modelCall plus only the calls before it, a history
// tail of positions rather than whole entries). No raw snapshot and no prompt text (the model
// receipt carries hashes only). Pure.
import { z } from 'zod';
import {
  commitmentSchema,
  type Candidate,
  type Commitment,
  type Facts,
  type HistoryEntry,
  type HistoryPoint,
  type StallReport,
} from '../src/agent/schemas.js';
import type { EngineState } from '../src/game/schemas.js';
import { EVENTS } from '../charts/conventions.js';
import type { CandidatesBuiltPayload, PlanningState } from '../charts/planningState.js';
import { modelReceiptSchema, type ModelReceipt } from './modelReceipt.js';
import { compactReceipts, stageReceiptSchema, type RecordedEvent, type StageReceipt } from './stageReceipts.js';

const cell = z.object({ x: z.number().int(), y: z.number().int() });

export const candidateSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  lane: z.string(),
  score: z.number(),
  target: cell.nullable(),
  firstAction: z.object({ keyCode: z.number().int(), ticks: z.number().int(), reason: z.string() }),
  stallBlocked: z.boolean(),
  stallRecovery: z.boolean(),
});
export type CandidateSummary = z.infer<typeof candidateSummarySchema>;

export const modelCallSchema = z.object({
  receipt: modelReceiptSchema,
  status: z.string(),
  durationMs: z.number().nullable(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number(), totalTokens: z.number() }).nullable(),
  responseId: z.string().nullable(),
  /** Finer cause of a failed call (timeout, server_error, ...), else null. */
  reason: z.string().nullable(),
  /** Waits on the server's Retry-After (429/503) inside the call's deadline. */
  throttle: z.object({ waits: z.number(), waitedMs: z.number() }).default({ waits: 0, waitedMs: 0 }),
});
export type ModelCall = z.infer<typeof modelCallSchema>;

export const traceValidationSchema = z.object({
  requestedCandidateId: z.string().nullable(),
  knownCandidate: z.boolean(),
  fallbackUsed: z.boolean(),
  fallbackReason: z.string().nullable(),
  actionValid: z.boolean().nullable(),
  actionGuardSafe: z.boolean().nullable(),
  stallBlocked: z.boolean(),
  statuses: z.array(z.string()),
});
export type TraceValidation = z.infer<typeof traceValidationSchema>;

const tailPoint = z.object({ tick: z.number().int(), x: z.number().int(), y: z.number().int(), gold: z.number().int() });

/** One history entry in the tail: what was played and where the runner went (the full entry was that step's own trace). */
export const historyTailEntrySchema = z.object({
  candidateId: z.string(),
  keyCode: z.number().int(),
  ticks: z.number().int(),
  /** The reason, cut to HISTORY_REASON_CHARS (the full one is in that step's action). */
  reason: z.string(),
  /** Tick, runner tile and gold left before the move. */
  before: tailPoint,
  /** The same after the move, with the game state. */
  after: tailPoint.extend({ state: z.string() }),
});
export type HistoryTailEntry = z.infer<typeof historyTailEntrySchema>;

export const traceStepRecordSchema = z.object({
  stepIndex: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  state: z.record(z.string(), z.unknown()),
  candidates: z.array(candidateSummarySchema),
  selectedCandidateId: z.string().nullable(),
  selectedCandidateKind: z.string().nullable(),
  validation: traceValidationSchema,
  action: z.object({ keyCode: z.number().int(), ticks: z.number().int(), reason: z.string() }).nullable(),
  stallSupervisor: z.object({
    severity: z.string(),
    type: z.string(),
    reason: z.string(),
    blockedCandidateIds: z.array(z.string()),
    blockedCandidateKinds: z.array(z.string()),
    blockedDirections: z.array(z.string()),
    preferredCandidateKinds: z.array(z.string()),
    retryAttempted: z.boolean(),
    fallbackAfterRetry: z.boolean(),
  }),
  /** The last HISTORY_TAIL history entries, oldest first. */
  historyTail: z.array(historyTailEntrySchema),
  slots: z.record(z.string(), z.string()),
  attempts: z.array(
    z.object({ attempt: z.number().int(), status: z.string(), requestedCandidateId: z.string().nullable(), message: z.string() }),
  ),
  planner: z.object({
    plannedRoute: z.record(z.string(), z.unknown()).nullable(),
    dispositions: z.array(z.object({ id: z.string(), kind: z.string(), disposition: z.string(), why: z.string() })),
  }),
  receipts: z.array(stageReceiptSchema),
  /** The chosen candidate's commitment (the rest of its plan): the next step's history carries it. */
  commitment: commitmentSchema.optional(),
  /** The step's last model call (the one whose answer counted); null when no call was made. */
  modelCall: modelCallSchema.nullable(),
  /** The calls before modelCall, first first: empty unless the retry ran. */
  earlierModelCalls: z.array(modelCallSchema),
  /** The last attempt's prompt budget fitting (what messageAPI dropped), null when the prompt was within budget. */
  promptBudget: z
    .object({
      budgetChars: z.number(),
      charsBefore: z.number(),
      chars: z.number(),
      fits: z.boolean(),
      droppedCandidateIds: z.array(z.string()),
      dropped: z.array(z.object({ section: z.string(), count: z.number(), chars: z.number(), whole: z.boolean() })),
    })
    .nullable()
    .default(null),
});
export type TraceStepRecord = z.infer<typeof traceStepRecordSchema>;

export const HISTORY_TAIL = 8;
/** A history entry's reason in the tail is cut to this many characters. */
export const HISTORY_REASON_CHARS = 60;

// ---------------------------------------------------------------- pieces of the step
/** The prompt-parity state summary: what the model was told about the state, as data. */
export function stateSummary(facts: Facts): Record<string, unknown> {
  return {
    gameState: facts.gameState,
    tick: facts.tick,
    godMode: facts.godMode,
    runner: facts.runner,
    gold: {
      remaining: facts.gold.remaining,
      complete: facts.goldComplete,
      visible: facts.gold.visible.length,
      carried: facts.gold.carried.length,
    },
    primaryProgressTarget: facts.primaryProgressTarget,
    guardRisk: {
      level: facts.risk.level,
      pressureGuardId: facts.risk.pressureGuardId,
      ticksToContact: facts.risk.ticksToContact,
      guards: facts.guards.map((g) => ({
        id: g.id,
        x: g.x,
        y: g.y,
        distance: g.distance,
        risk: g.risk,
        closing: g.closing,
        trapped: g.trapped,
      })),
    },
    movement: {
      left: facts.movement.left.ok,
      right: facts.movement.right.ok,
      up: facts.movement.up.ok,
      down: facts.movement.down.ok,
      digLeft: facts.dig.left.ok,
      digRight: facts.dig.right.ok,
    },
    ladder: facts.ladder,
    routeAccess: {
      goldBelowNeedsDig: facts.routeAccess.goldBelowNeedsDig,
      digSide: facts.routeAccess.digSide,
      target: facts.routeAccess.target,
      guardBelowUnsafe: facts.routeAccess.guardBelowUnsafe,
    },
    activeDig: facts.activeDig,
  };
}

export function candidateSummary(candidate: Candidate): CandidateSummary {
  return {
    id: candidate.id,
    kind: candidate.kind,
    lane: candidate.lane,
    score: candidate.score,
    target: candidate.target,
    firstAction: { ...candidate.firstAction },
    stallBlocked: candidate.stallBlocked,
    stallRecovery: candidate.stallRecovery,
  };
}

function tailPointOf(point: HistoryPoint) {
  return { tick: point.tick, x: point.runner.x, y: point.runner.y, gold: point.goldCount };
}

export function historyTailEntry(entry: HistoryEntry): HistoryTailEntry {
  const reason = entry.reason.length > HISTORY_REASON_CHARS ? `${entry.reason.slice(0, HISTORY_REASON_CHARS - 1)}…` : entry.reason;
  return {
    candidateId: entry.candidateId,
    keyCode: entry.keyCode,
    ticks: entry.ticks,
    reason,
    before: tailPointOf(entry.before),
    after: { ...tailPointOf(entry.after), state: entry.after.state },
  };
}

function historyTail(history: readonly HistoryEntry[]): HistoryTailEntry[] {
  return history.slice(-HISTORY_TAIL).map(historyTailEntry);
}

interface ModelResultPayload {
  attempt: number;
  status: string;
  durationMs: number | null;
  usage: ModelCall['usage'];
  responseId: string | null;
  reason: string | null;
  /** Whether the answer came to a request with the reply schema (false after a rejected schema). */
  constrained?: boolean;
  throttle?: { waits: number; waitedMs: number };
}

/** Pairs each emitted model receipt with the result emitted after its call (by attempt). */
export function modelCalls(events: readonly RecordedEvent[]): ModelCall[] {
  const receipts = events.filter((e) => e.name === EVENTS.modelReceipt).map((e) => e.payload as ModelReceipt);
  const results = events.filter((e) => e.name === EVENTS.modelResult).map((e) => e.payload as ModelResultPayload);
  return receipts.map((receipt) => {
    const result = results.find((r) => r.attempt === receipt.attempt);
    // The receipt is minted before the call; a server that rejected the schema was asked again without it.
    const constrained = result?.constrained ?? receipt.constrained;
    return {
      receipt: constrained === receipt.constrained ? receipt : { ...receipt, constrained },
      status: result?.status ?? 'no_result',
      durationMs: result?.durationMs ?? null,
      usage: result?.usage ?? null,
      responseId: result?.responseId ?? null,
      reason: result?.reason ?? null,
      throttle: result?.throttle ?? { waits: 0, waitedMs: 0 },
    };
  });
}

/** The candidates slot's evidence (dispositions, plan), from its app.candidates.built emit. */
export function candidatesEvidence(events: readonly RecordedEvent[]): TraceStepRecord['planner'] {
  const payload = events.find((e) => e.name === EVENTS.candidatesBuilt)?.payload as CandidatesBuiltPayload | undefined;
  return {
    plannedRoute: payload?.plannedRoute ? { ...payload.plannedRoute } : null,
    dispositions: (payload?.dispositions ?? []).map((d) => ({ ...d })),
  };
}

/** The stall diagnosis as data (its recovery hint is prompt text: the stall-report piece's hash stands for it). */
function stallSupervisor(stall: StallReport, state: PlanningState): TraceStepRecord['stallSupervisor'] {
  const retryAttempted = state.attempt > 0;
  return {
    severity: stall.severity,
    type: stall.type,
    reason: stall.reason,
    blockedCandidateIds: [...stall.blockedCandidateIds],
    blockedCandidateKinds: [...stall.blockedCandidateKinds],
    blockedDirections: [...stall.blockedDirections],
    preferredCandidateKinds: [...stall.preferredCandidateKinds],
    retryAttempted,
    fallbackAfterRetry: retryAttempted && (state.selection?.fallbackUsed ?? false),
  };
}

/** The chosen candidate's commitment, as the optional field of the step. */
function committed(candidates: readonly Candidate[], chosenId: string | null | undefined): { commitment?: Commitment } {
  const commitment = candidates.find((c) => c.id === chosenId)?.commitment;
  return commitment ? { commitment } : {};
}

/** What a trace step keeps of the engine's random machinery: the generator and the respawn column order it shuffled. */
export type RandomState = Pick<EngineState, 'rng' | 'bornColumns' | 'bornCursor'>;

/** The engine's random state at a step (the step's `state.rng`, `state.bornColumns`, `state.bornCursor`). */
export function randomStateOf(engine: Pick<EngineState, 'rng' | 'bornColumns' | 'bornCursor'>): RandomState {
  return { rng: engine.rng, bornColumns: [...engine.bornColumns], bornCursor: engine.bornCursor };
}

// ---------------------------------------------------------------- the assembler
export interface TraceStepInput {
  stepIndex: number;
  createdAt: Date;
  /** The run's final scope state. */
  state: PlanningState;
  /** The run's artifacts behind state.facts, state.stall, state.candidates and state.history. */
  facts: Facts;
  stall: StallReport;
  candidates: readonly Candidate[];
  history: readonly HistoryEntry[];
  receipts: readonly StageReceipt[];
  events: readonly RecordedEvent[];
}

export function assembleTraceStep(input: TraceStepInput): TraceStepRecord {
  const { state } = input;
  const validation = state.validation;
  const selection = state.selection;
  const calls = modelCalls(input.events);
  return {
    stepIndex: input.stepIndex,
    createdAt: input.createdAt.toISOString(),
    state: stateSummary(input.facts),
    candidates: input.candidates.map(candidateSummary),
    selectedCandidateId: selection?.candidateId ?? null,
    selectedCandidateKind: selection?.candidateKind ?? null,
    validation: {
      requestedCandidateId: validation?.requestedCandidateId ?? null,
      knownCandidate: validation?.knownCandidate ?? false,
      fallbackUsed: selection?.fallbackUsed ?? false,
      fallbackReason: selection?.fallbackReason ?? null,
      actionValid: validation?.actionValid ?? null,
      actionGuardSafe: validation?.actionGuardSafe ?? null,
      stallBlocked: validation?.stallBlocked ?? false,
      statuses: [...state.statuses],
    },
    action: state.action ?? null,
    stallSupervisor: stallSupervisor(input.stall, state),
    historyTail: historyTail(input.history),
    slots: { ...state.slotVariants },
    attempts: state.attempts.map((a) => ({ ...a })),
    planner: candidatesEvidence(input.events),
    receipts: compactReceipts(input.receipts),
    ...committed(input.candidates, selection?.candidateId),
    modelCall: calls.at(-1) ?? null,
    earlierModelCalls: calls.slice(0, -1),
    promptBudget: state.promptBudget ?? null,
  };
}
