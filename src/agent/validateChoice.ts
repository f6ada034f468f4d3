// Judges the model's pick against the candidates it was shown (agent-planner §7): one
// ValidationStatus per attempt plus a retry instruction phrased for the model, the fallback
// choice when the model's pick cannot be used, and the recovery plan (accept / retry / fallback /
// fail) for a status. Pure: validity and guard safety come in as callbacks; nothing is mutated.
import type { ParsedModelOutput } from './parseModelOutput.js';
import { REPLY_CONTRACT } from './parseModelOutput.js';
import { KEY_CODES, type Candidate, type ValidationStatus } from './schemas.js';

export interface ChoiceChecks {
  /** The candidate's first action is still possible now (movement / dig affordances). */
  isPhysicallyValid(candidate: Candidate): boolean;
  /** The candidate's first action is still guard-safe (exact simulation or the geometric rules). */
  isGuardSafe(candidate: Candidate): boolean;
}

export interface PreviousAttempt {
  candidateId: string;
  status: ValidationStatus;
}

export interface ChoiceValidation {
  /** ok, parse_error, unknown_candidate, invalid_action, stall_blocked or repeat. */
  status: ValidationStatus;
  /** The chosen candidate, only when status is ok (null otherwise, even if the id was known). */
  candidate: Candidate | null;
  /** The id the model asked for (null when its reply did not parse). */
  requestedCandidateId: string | null;
  knownCandidate: boolean;
  /** null when not checked (unknown id, or physically invalid so guard safety was not asked). */
  actionValid: boolean | null;
  actionGuardSafe: boolean | null;
  stallBlocked: boolean;
  /** For status repeat: the failure that was repeated. */
  repeatOf: ValidationStatus | null;
  /** What happened, phrased for the model (also the fallback reason in the trace). */
  message: string;
  /** The message to send back on a retry; null when the status is ok or not recoverable. */
  retryInstruction: string | null;
  /** A retry may fix it: parse_error, unknown_candidate, invalid_action, stall_blocked. */
  recoverable: boolean;
}

/** Statuses a retry with an instruction can fix (§7). repeat is deliberately not one. */
export const RECOVERABLE_STATUSES: readonly ValidationStatus[] = ['parse_error', 'unknown_candidate', 'invalid_action', 'stall_blocked'];
/** Failures that name a candidate; the same one named again is a repeat. */
const CHOICE_FAILURES: readonly ValidationStatus[] = ['unknown_candidate', 'invalid_action', 'stall_blocked', 'repeat'];

const ASK = `Reply with exactly ${REPLY_CONTRACT}.`;

/**
 * Check order: parse -> known id (exact match) -> physically valid -> guard-safe -> not
 * stall-blocked -> ok. A failure naming the same id as a previous failed attempt becomes repeat
 * (not recoverable) with repeatOf set to the underlying failure.
 */
export function validateChoice(
  parsed: ParsedModelOutput,
  shown: readonly Candidate[],
  checks: ChoiceChecks,
  previousAttempt?: PreviousAttempt,
): ChoiceValidation {
  const base = {
    candidate: null,
    requestedCandidateId: null,
    knownCandidate: false,
    actionValid: null,
    actionGuardSafe: null,
    stallBlocked: false,
    repeatOf: null,
  } satisfies Partial<ChoiceValidation>;

  // The ids a retry may name: the shown ones not stall-blocked (the same verdict the candidate
  // lines, the stall report and the reply contract read); never a blocked id.
  const open = shown.filter((c) => !c.stallBlocked);
  if (!parsed.ok) {
    return withStatus({ ...base }, 'parse_error', `${parsed.error} The candidate ids you may answer with are: ${idList(open)}.`);
  }

  const id = parsed.candidateId;
  const chosen = shown.find((candidate) => candidate.id === id) ?? null;
  const known = { ...base, requestedCandidateId: id, knownCandidate: chosen !== null };
  /** `problem` says what is wrong (one sentence); `instruction` says what to do instead. */
  const failed = (status: ValidationStatus, fields: Partial<ChoiceValidation>, problem: string, instruction: string): ChoiceValidation => {
    const repeated =
      previousAttempt !== undefined && previousAttempt.candidateId === id && CHOICE_FAILURES.includes(previousAttempt.status);
    if (!repeated) return withStatus({ ...known, ...fields }, status, `${problem} ${instruction}`);
    return withStatus(
      { ...known, ...fields, repeatOf: status },
      'repeat',
      `You chose "${id}" again although it cannot be used: ${problem}`,
    );
  };

  if (chosen === null) {
    const suggestion = open.find((c) => c.id.toLowerCase() === id.trim().toLowerCase());
    const didYouMean = suggestion ? `Did you mean "${suggestion.id}"? ` : '';
    return failed(
      'unknown_candidate',
      {},
      `"${id}" is not one of the candidates shown.`,
      `${didYouMean}Choose exactly one of these ids, copied character for character: ${idList(open)}. ${ASK}`,
    );
  }

  const others = shown.filter((c) => c.id !== id && !c.stallBlocked);
  const chooseOther =
    others.length > 0
      ? `Choose a different id from: ${idList(others)}. ${ASK}`
      : 'No other listed candidate is open, so there is nothing else to choose; the planner falls back.';
  const action = `${keyName(chosen.firstAction.keyCode)} for ${chosen.firstAction.ticks} ticks`;

  if (!checks.isPhysicallyValid(chosen)) {
    return failed(
      'invalid_action',
      { actionValid: false },
      `"${id}" is no longer possible: its first action (${action}) is blocked right now.`,
      chooseOther,
    );
  }
  if (!checks.isGuardSafe(chosen)) {
    return failed(
      'invalid_action',
      { actionValid: true, actionGuardSafe: false },
      `"${id}" is no longer safe: its first action (${action}) would get you caught by a guard.`,
      chooseOther,
    );
  }
  const checked = { actionValid: true, actionGuardSafe: true };
  if (chosen.stallBlocked) {
    return failed(
      'stall_blocked',
      { ...checked, stallBlocked: true },
      `"${id}" is blocked by the stall report: choosing it repeats the loop you are stuck in.`,
      chooseOther,
    );
  }
  return withStatus({ ...known, ...checked, candidate: chosen }, 'ok', `Accepted "${id}".`);
}

export interface FallbackChoice {
  candidate: Candidate | null;
  reason: string;
}

/**
 * The candidate to use when the model's pick cannot be: the first (list order is rank order)
 * candidate that is not stall-blocked, physically valid and guard-safe; if every valid one is
 * stall-blocked, the first valid one; null only when no candidate is both physically valid and
 * guard-safe (the step then fails).
 */
export function chooseFallback(shown: readonly Candidate[], checks: ChoiceChecks): FallbackChoice {
  const valid = shown.filter((candidate) => checks.isPhysicallyValid(candidate) && checks.isGuardSafe(candidate));
  const open = valid.find((candidate) => !candidate.stallBlocked);
  if (open)
    return {
      candidate: open,
      reason: `took "${open.id}", the highest-ranked valid candidate that is not stall-blocked (rank ${rankOf(open, shown)})`,
    };
  if (valid.length > 0) {
    return {
      candidate: valid[0],
      reason: `every valid candidate is stall-blocked; took "${valid[0].id}", the highest-ranked valid one (rank ${rankOf(valid[0], shown)})`,
    };
  }
  return { candidate: null, reason: `none of the ${shown.length} shown candidates is physically valid and guard-safe` };
}

export type RecoveryStep = 'accept' | 'retry' | 'fallback' | 'fail';

export interface RecoveryOptions {
  /** Recovery switched on for this run (config). Off: no retry; the first failure goes to the fallback. */
  recovery: boolean;
  /** A retry has already been made in this step. */
  retried: boolean;
  /** chooseFallback found a candidate (default true); without one the plan is 'fail' (HTTP 502). */
  fallbackAvailable?: boolean;
}

/**
 * What the step does next after an attempt with this status (§7):
 * ok -> accept. Recoverable failures -> retry once (recovery on, not yet retried), else fallback.
 * repeat, timeout, provider_error -> fallback straight away. budget (the prompt could not be
 * fitted even after dropping candidates and history, so no call was made) -> fallback.
 * Recovery off means exactly: never 'retry'; the first failure ends the step with the fallback
 * choice, marked fallbackUsed, and the failure status stays recorded. Any fallback becomes 'fail'
 * when no valid candidate exists.
 */
export function recoveryPlan(status: ValidationStatus, options: RecoveryOptions): RecoveryStep {
  if (status === 'ok') return 'accept';
  if (RECOVERABLE_STATUSES.includes(status) && options.recovery && !options.retried) return 'retry';
  return options.fallbackAvailable === false ? 'fail' : 'fallback';
}

// ---------------------------------------------------------------- helpers

function withStatus(
  fields: Omit<ChoiceValidation, 'status' | 'message' | 'retryInstruction' | 'recoverable'>,
  status: ValidationStatus,
  message: string,
): ChoiceValidation {
  const recoverable = RECOVERABLE_STATUSES.includes(status);
  return { ...fields, status, message, retryInstruction: recoverable ? message : null, recoverable };
}

function idList(candidates: readonly Candidate[]): string {
  return candidates.map((candidate) => candidate.id).join(', ');
}

function rankOf(candidate: Candidate, shown: readonly Candidate[]): number {
  return shown.indexOf(candidate) + 1;
}

const KEY_NAMES: Record<number, string> = Object.fromEntries(Object.entries(KEY_CODES).map(([name, code]) => [code, name]));

function keyName(keyCode: number): string {
  return KEY_NAMES[keyCode] ?? `key ${keyCode}`;
}
