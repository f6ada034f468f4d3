// The lens's answer shapes: what GET .../steps/:n/replay, POST .../steps/:n/counterfactual and
// GET .../timeline return (GET .../cause answers src/lens/cause.ts's CauseAnswer). Types only, shared by the server (src/lens, routes/lens.ts) and the page
// (src/web/lens), so the two cannot drift; no runtime code, no I/O.
import type { CombinedNarrativeEntry } from 'footprintjs';
import type { Candidate, Facts, HistoryEntry, Outcome, Snapshot } from '../agent/schemas.js';
import type { RuleOutcome, StageReceipt } from '../../recorders/stageReceipts.js';
import type { Mismatch } from './verify.js';

export interface Cell {
  x: number;
  y: number;
}

/** Cells the runner passes through while holding an action's key (exact engine playout). */
export interface ActionPath {
  cells: Cell[];
  end: Cell;
  ticks: number;
  died: boolean;
}

/** A candidate as the lens shows it: the full candidate plus the cells its first action walks. */
export type LensCandidate = Candidate & { path: ActionPath | null; chosen: boolean; requested: boolean };

export interface LensPromptPiece {
  index: number;
  slot: string;
  section: string;
  text: string;
  hash: string;
  /** The stored receipt's hash of this piece (null when the stored receipt has no such piece). */
  storedHash: string | null;
  matches: boolean;
}

export interface LensPrompt {
  attempt: number;
  system: string;
  systemHash: string;
  user: string;
  userHash: string;
  requestHash: string;
  pieces: LensPromptPiece[];
}

export interface LensModelAnswer {
  /** The reply the replay handed back for the attempt that counted (the trace keeps the choice, not the raw text). */
  text: string | null;
  candidateId: string | null;
  attempts: { attempt: number; text: string | null; kind: string; status: string }[];
  note: string;
}

export interface ChartStage {
  runtimeStageId: string;
  stageId: string;
  kind: string;
  status: string;
  durationMs: number | null;
}

/** The planning chart at this step: its build-time structure for the step's variants and what ran. */
export interface ChartSnapshot {
  variants: Record<string, string>;
  /** Every slot's variants (for the what-if picker). */
  available: Record<string, string[]>;
  structure: unknown;
  executed: ChartStage[];
  /** Selector branches (slots) that did not run, with the rule and its evidence. */
  skipped: RuleOutcome[];
  selected: RuleOutcome[];
}

export type HopId = 'action' | 'candidate' | 'choice' | 'prompt' | 'slot' | 'facts';

export interface BoardMark extends Cell {
  role: 'runner' | 'target' | 'route' | 'outcome' | 'guard' | 'gold' | 'requested';
}

/** One hop of the backtrack chain: from the action back to the facts it rests on. */
export interface Hop {
  id: HopId;
  title: string;
  summary: string;
  details: [string, string][];
  /** Runtime stage ids of the stages (receipts) this hop points at. */
  stages: string[];
  marks: BoardMark[];
  /** The prompt lines this hop points at (piece index and line range within that piece). */
  prompt?: { pieceIndex: number; fromLine: number; toLine: number };
}

export interface ConsistencyCheck {
  name: string;
  stored: string;
  recomputed: string;
  ok: boolean;
}

export interface ReplayAnswer {
  traceId: string;
  stepIndex: number;
  playData: number;
  level: number;
  verified: boolean;
  mismatches: Mismatch[];
  /** How many stored hashes were compared. */
  compared: number;
  /** Re-materialisation sanity checks (runner position, choice, action): informative, not part of `verified`. */
  checks: ConsistencyCheck[];
  snapshot: Omit<Snapshot, 'engineState'>;
  prompt: LensPrompt | null;
  prompts: LensPrompt[];
  modelAnswer: LensModelAnswer;
  validation: Record<string, unknown>;
  stages: StageReceipt[];
  narrative: Pick<CombinedNarrativeEntry, 'type' | 'text' | 'runtimeStageId'>[];
  chartSnapshot: ChartSnapshot;
  candidates: LensCandidate[];
  chosen: { candidateId: string | null; kind: string | null; action: { keyCode: number; ticks: number; reason: string } | null };
  dispositions: { id: string; kind: string; disposition: string; why: string }[];
  facts: Facts | null;
  history: HistoryEntry[];
  backtrack: Hop[];
  durationMs: number;
}

export interface OutcomeSummary {
  /** Planning steps played within the horizon (each forced key counts as one). */
  steps: number;
  tick: number;
  ticks: number;
  runner: Cell;
  goldRemaining: number;
  goldComplete: boolean;
  state: string;
  alive: boolean;
  /** The level was cleared. */
  cleared: boolean;
  /** Runner cell every SAMPLE_TICKS ticks from the step and at the end: the same ticks on both sides. */
  path: (Cell & { tick: number })[];
  /** The tick the runner died at within the horizon, or null. */
  diedAtTick: number | null;
}

export interface CounterfactualAnswer {
  traceId: string;
  stepIndex: number;
  /** Ticks played from the step (the what-if stops sooner at a death or a cleared level). */
  horizonTicks: number;
  request: {
    slots: Record<string, string>;
    forceCandidateId: string | null;
    forceKeys: { keyCode: number; ticks: number }[] | null;
  };
  /** What the chart chose for the step under the what-if. */
  choice: {
    candidateId: string | null;
    kind: string | null;
    action: { keyCode: number; ticks: number; reason: string } | null;
    statuses: string[];
    fallbackUsed: boolean;
    fallbackReason: string | null;
    /** True when a forced candidate was played although the chart would not have accepted it. */
    forcedPastValidation: boolean;
    /** The forced candidate's disposition in the step (exposed, safety_rejection, ...), when forced. */
    forcedDisposition: string | null;
    forcedWhy: string | null;
    outcome: Outcome | null;
  };
  original: { candidateId: string | null; action: { keyCode: number; ticks: number; reason: string } | null };
  whatIf: OutcomeSummary;
  actual: OutcomeSummary;
  candidates: LensCandidate[];
  /** How the later steps of the what-if were planned. */
  policy: string;
  durationMs: number;
}

export interface TimelineCell {
  stepIndex: number;
  tick: number;
  candidateId: string | null;
  kind: string | null;
  lane: string | null;
  keyCode: number | null;
  ticks: number | null;
  runner: Cell | null;
  fallback: boolean;
  retry: boolean;
  stall: string | null;
  death: boolean;
  statuses: string[];
}

export interface TimelineAnswer {
  traceId: string;
  playData: number;
  level: number;
  model: Record<string, unknown>;
  slots: Record<string, string>;
  outcome: Record<string, unknown> | null;
  hasRecording: boolean;
  stepCount: number;
  cells: TimelineCell[];
}
