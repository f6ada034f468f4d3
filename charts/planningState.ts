// The planning chart's shared scope state, key by key (keys: conventions.ts SCOPE_KEYS). Every
// value here is small plain JSON: footprintjs structuredClones the whole shared state several times
// per writing stage (buffer base + working copy at the first write, the merge at commit), so the
// cost of every stage grows with this state. Heavy values (history, facts, stall report,
// candidates, prompt pieces, prompts, replies) live in the run context's artifact store
// (runContext.ts) and scope holds their ArtifactRef: the artifact id and a one-line summary, which
// is what the stage receipts show. Types only.
import type { TypedScope } from 'footprintjs';
import type { Candidate, Disposition, Facts, HistoryEntry, StallReport, ValidationStatus } from '../src/agent/schemas.js';
import type { AssembledPrompt, PromptBudgetRecord, PromptPiece } from '../src/agent/prompt/index.js';
import type { ChoiceValidation, RecoveryStep } from '../src/agent/validateChoice.js';
import type { SlotId } from './conventions.js';

/** One prompt section, tagged with the slot that produced it (src/agent/prompt). */
export type { PromptPiece };

/**
 * A heavy value of this run as scope holds it: `ref` is its id in the run context's artifact store
 * (conventions.ts ARTIFACT_IDS), `summary` a one-line description for the receipts. Read the value
 * with `artifactOf` (runContext.ts). `T` is a phantom: it only types what the id resolves to.
 */
export interface ArtifactRef<T> {
  ref: string;
  summary: string;
  /** Never set: carries T so `artifactOf(ref)` is typed. */
  readonly __value?: T;
}

/** What the provider answered (or how the call failed): the artifact behind `reply`. */
export interface ModelReplyArtifact {
  /** `budget`: no call was made, the prompt did not fit the profile's budget even cut down. */
  status: Extract<ValidationStatus, 'ok' | 'timeout' | 'provider_error' | 'budget'>;
  /** The message text (reasoning stripped); null when the call failed. */
  text: string | null;
  /** Provider reasoning, kept apart from the text (for the debug log only). */
  reasoning: string | null;
  /** For a failed call: what happened (from ProviderFailure). */
  failureReason: string | null;
  failureMessage: string | null;
}

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
  /** Show each candidate's simulated outcome line in the prompt (the candidates variant's). */
  showSimulatedOutcomes: boolean;
  /** Show the planner's ranking in the prompt: best first, with scores (the candidates variant's; false: by id, no scores). */
  showRanking: boolean;
  /** Send the reply's JSON schema where the profile supports it (config, per profile). */
  constrainedReplies: 'auto' | 'off';
  /** The profile's prompt budget in characters, or null for none (config, per profile). */
  promptBudgetChars: number | null;
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
  /** goal, partial or escape (see src/agent/search/types.ts). */
  mode: string;
  reachesGoal: boolean;
  /** True when the plan is an earlier step's, followed because the world went as it predicted. */
  followed: boolean;
  searchedAtTick: number;
  /** True when the plan comes from a deep search (src/agent/search/effort.ts, ahead.ts). */
  deepened: boolean;
  /** A deep search ahead under way (src/agent/search/ahead.ts): slices searched so far, of how many. */
  ahead?: { slices: number; of: number };
  /** The next goal's search run ahead while this goal plan is followed (src/agent/search/nextSearch.ts): slices searched so far. */
  next?: { slices: number };
  /** Goal states the search turned down, by reason. */
  rejected?: { pocket: number; survival: number; onward: number };
  /** The search ran out of states before its budget without a goal: nothing in reach leads on. */
  exhausted?: boolean;
}

/** The app.candidates.built payload: how the list was built and what happened to every proposal. */
export interface CandidatesBuiltPayload {
  settings: { simulate: boolean; planSearch: boolean };
  shown: number;
  dispositions: Disposition[];
  plannedRoute: PlannedRouteSummary | null;
}

export interface AttemptRecord {
  attempt: number;
  status: ValidationStatus;
  requestedCandidateId: string | null;
  message: string;
}

/** validateChoice's result without the candidate object (its id is enough; the list is in scope). */
export type ValidationState = Omit<ChoiceValidation, 'candidate' | 'recoverable'> & {
  acceptedCandidateId: string | null;
  /** The model's own reason (empty when its reply did not parse). */
  modelReason: string;
};

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
  /** The request's history (newest last). */
  history: ArtifactRef<readonly HistoryEntry[]>;
  options: PlanningOptions;
  slotVariants: Record<SlotId, string>;
  /** The act-layer grid (16 rows of 28 chars), for slot variants that show the board. */
  board: ArtifactRef<readonly string[]>;

  facts: ArtifactRef<Facts>;
  stall: ArtifactRef<StallReport>;
  stallSeverity: StallReport['severity'];

  stateSummaryPieces?: ArtifactRef<PromptPiece[]>;
  candidatePieces?: ArtifactRef<PromptPiece[]>;
  candidates?: ArtifactRef<Candidate[]>;
  stallReportPieces?: ArtifactRef<PromptPiece[]>;

  attempt: number;
  retryInstruction: string | null;
  /** This attempt's assembled request (one artifact per attempt). */
  prompt?: ArtifactRef<AssembledPrompt>;
  /** This attempt's budget fitting: null when no budget applies or the prompt was within it. */
  promptBudget?: PromptBudgetRecord | null;
  /** This attempt's answer (one artifact per attempt). */
  reply?: ArtifactRef<ModelReplyArtifact>;
  attempts: AttemptRecord[];
  statuses: ValidationStatus[];
  validation?: ValidationState;
  recoveryStep?: RecoveryStep;

  selection?: SelectionState;
  action?: ActionState | null;
}

export type PlanningScope = TypedScope<PlanningState>;

/**
 * The run input (`$getArgs()`): one key the chart never writes (input keys are read-only in scope).
 * Small on purpose: footprintjs deep-freezes it; the history rides in the run context.
 */
export interface PlanningArgs {
  run: {
    traceId: string;
    stepIndex: number;
    playData: number;
    level: number;
    options: PlanningOptions;
    slotVariants: Record<SlotId, string>;
  };
}
