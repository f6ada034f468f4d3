// The planning chart's shared scope state, key by key (keys: conventions.ts SCOPE_KEYS). Every
// value here is plain JSON, because footprintjs structuredClones what stages read and write; the
// heavy, non-serializable pieces (the snapshot's engine state, the Analysis) travel in the run
// context instead (runContext.ts). Types only.
import type { TypedScope } from 'footprintjs';
import type { Candidate, Disposition, Facts, HistoryEntry, StallReport, ValidationStatus } from '../src/agent/schemas.js';
import type { PromptPiece } from '../src/agent/prompt/index.js';
import type { RecoveryStep } from '../src/agent/validateChoice.js';
import type { SlotId } from './conventions.js';

/** One prompt section, tagged with the slot that produced it (src/agent/prompt). */
export type { PromptPiece };

/** The planner knobs of one run: config + the candidates variant's analysis options + per-run overrides. */
export interface PlanningOptions {
  candidateLimit: number;
  maxActionTicks: number;
  showCandidateScores: boolean;
  temperature: number;
  recovery: boolean;
  deadlineMs: number;
  /** Exact simulation when engineState is present (false: geometric rules). */
  simulate: boolean;
  /** Run the plan search for a planned_route candidate. */
  planSearch: boolean;
}

export interface RequestSummary {
  traceId: string;
  stepIndex: number;
  playData: number;
  level: number;
  tick: number;
  gameState: string;
  hasEngineState: boolean;
  historyLength: number;
}

export interface PlannedRouteSummary {
  macros: number;
  why: string;
  goldGained: number;
  simulatedTicks: number;
}

/** The app.candidates.built payload: how the list was built and what happened to every proposal. */
export interface CandidatesBuiltPayload {
  settings: { simulate: boolean; planSearch: boolean };
  shown: number;
  dispositions: Disposition[];
  plannedRoute: PlannedRouteSummary | null;
}

export interface ModelReplyState {
  status: Extract<ValidationStatus, 'ok' | 'timeout' | 'provider_error'>;
  /** The message text (reasoning stripped); null when the call failed. */
  text: string | null;
  /** Provider reasoning, kept apart from the text (for the debug log only). */
  reasoning: string | null;
  /** For a failed call: what happened (from ProviderFailure). */
  failureReason: string | null;
  failureMessage: string | null;
}

export interface AttemptRecord {
  attempt: number;
  status: ValidationStatus;
  requestedCandidateId: string | null;
  message: string;
}

/** validateChoice's result without the candidate object (its id is enough; the list is in scope). */
export interface ValidationState {
  status: ValidationStatus;
  requestedCandidateId: string | null;
  acceptedCandidateId: string | null;
  knownCandidate: boolean;
  actionValid: boolean | null;
  actionGuardSafe: boolean | null;
  stallBlocked: boolean;
  repeatOf: ValidationStatus | null;
  message: string;
  /** The failure phrased for the model, when a retry could fix it. */
  retryInstruction: string | null;
  /** The model's own reason (empty when its reply did not parse). */
  modelReason: string;
}

export interface SelectionState {
  candidateId: string | null;
  candidateKind: string | null;
  fallbackUsed: boolean;
  fallbackReason: string | null;
  /** True when no candidate is physically valid and guard-safe (the step fails: HTTP 502). */
  noValidCandidate: boolean;
}

export interface ActionState {
  keyCode: number;
  ticks: number;
  reason: string;
}

export interface PlanningState {
  request: RequestSummary;
  history: HistoryEntry[];
  options: PlanningOptions;
  slotVariants: Record<SlotId, string>;
  /** The act-layer grid (16 rows of 28 chars), for slot variants that show the board. */
  board: string[];

  facts: Facts;
  stall: StallReport;
  stallSeverity: StallReport['severity'];

  stateSummaryPieces?: PromptPiece[];
  candidatePieces?: PromptPiece[];
  candidates?: Candidate[];
  stallReportPieces?: PromptPiece[];

  attempt: number;
  retryInstruction: string | null;
  prompt?: { system: string; user: string; pieces: PromptPiece[] };
  reply?: ModelReplyState;
  attempts: AttemptRecord[];
  statuses: ValidationStatus[];
  validation?: ValidationState;
  recoveryStep?: RecoveryStep;

  selection?: SelectionState;
  action?: ActionState | null;
}

export type PlanningScope = TypedScope<PlanningState>;

/** The run input (`$getArgs()`): one key the chart never writes (input keys are read-only in scope). */
export interface PlanningArgs {
  run: {
    traceId: string;
    stepIndex: number;
    playData: number;
    level: number;
    history: HistoryEntry[];
    options: PlanningOptions;
    slotVariants: Record<SlotId, string>;
  };
}
