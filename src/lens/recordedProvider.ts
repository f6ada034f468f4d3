// The providers the lens re-plans with. `recordedProvider` replays one stored step: it wears the stored
// model identity (profile, provider, model: they are hashed into the request) and answers each attempt
// as the trace recorded it — the chosen id through the `replay` profile's provider, a recorded timeout
// or provider error as that failure, an unparseable reply as unparseable text. `forcedProvider` always
// answers one candidate id (the what-if). Reads only what it is constructed with; writes nothing.
import { createReplayProvider } from '../llm/replayProvider.js';
import { ProviderFailure, type ModelProvider, type ModelReply, type ModelRequest, type ProviderFailureReason } from '../llm/provider.js';
import { PROVIDER_FAILURE_REASONS } from '../llm/provider.js';
import type { ResolvedProfile } from '../llm/profiles.js';
import { storedModelCalls, type StoredStep } from './storedStep.js';

export interface ModelIdentity {
  profile: string;
  provider: string;
  model: string;
  modelSource: string;
}

/** One answer per attempt: a candidate id, a failure, or an unparseable reply. */
export type RecordedAnswer =
  | { kind: 'choice'; candidateId: string }
  | { kind: 'failure'; status: string; reason: ProviderFailureReason; message: string }
  | { kind: 'unparseable'; message: string };

export interface AnsweredCall {
  attempt: number;
  /** The text handed back to the planner (null for a failure). */
  text: string | null;
  answer: RecordedAnswer;
  system: string;
  user: string;
}

const UNPARSEABLE = '(the recorded reply did not parse as JSON; the trace keeps its status, not its text)';

function failureReason(value: string | null | undefined, status: string): ProviderFailureReason {
  if (status === 'timeout') return 'timeout';
  const known = (PROVIDER_FAILURE_REASONS as readonly string[]).includes(value ?? '');
  // A cancelled call would cancel the replay itself; replay it as an unexpected failure instead.
  return known && value !== 'cancelled' ? (value as ProviderFailureReason) : 'unexpected';
}

/** What the step's attempts answered, in order (the trace keeps the choice and the status, not the raw text). */
export function recordedAnswers(step: StoredStep): RecordedAnswer[] {
  const calls = storedModelCalls(step);
  const attempts = step.attempts ?? [];
  const count = Math.max(calls.length, attempts.length, 1);
  const answers: RecordedAnswer[] = [];
  for (let i = 0; i < count; i++) {
    const call = calls[i];
    const attempt = attempts[i];
    const status = call?.status ?? attempt?.status ?? 'ok';
    if (status === 'timeout' || status === 'provider_error') {
      answers.push({ kind: 'failure', status, reason: failureReason(call?.reason, status), message: attempt?.message ?? status });
    } else if (attempt?.requestedCandidateId) {
      answers.push({ kind: 'choice', candidateId: attempt.requestedCandidateId });
    } else if (attempt && attempt.status === 'parse_error') {
      answers.push({ kind: 'unparseable', message: attempt.message ?? 'parse_error' });
    } else if (step.selectedCandidateId) {
      answers.push({ kind: 'choice', candidateId: step.selectedCandidateId });
    } else {
      answers.push({ kind: 'unparseable', message: 'no recorded choice' });
    }
  }
  return answers;
}

/** The identity the step's first model call recorded (falls back to the run's model). */
export function recordedIdentity(step: StoredStep, runModel: Record<string, unknown> | undefined): ModelIdentity {
  const receipt = storedModelCalls(step)[0]?.receipt;
  const str = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  return {
    profile: str(receipt?.profile, str(runModel?.modelProfile, 'replay')),
    provider: str(receipt?.provider, str(runModel?.provider, 'replay')),
    model: str(receipt?.model, str(runModel?.model, 'unknown')),
    modelSource: str(receipt?.modelSource, str(runModel?.modelSource, 'default')),
  };
}

/** A provider that answers every call with the next recorded answer (the last one repeats). */
export function recordedProvider(
  identity: ModelIdentity,
  traceId: string,
  answers: readonly RecordedAnswer[],
  calls: AnsweredCall[] = [],
): ModelProvider {
  let next = 0;
  async function complete(req: ModelRequest): Promise<ModelReply> {
    const attempt = next++;
    const answer = answers[Math.min(attempt, answers.length - 1)] ?? { kind: 'unparseable', message: 'no recorded answer' };
    const call: AnsweredCall = { attempt, text: null, answer, system: req.system, user: req.user };
    calls.push(call);
    if (answer.kind === 'failure') {
      throw new ProviderFailure({ reason: answer.reason, message: `recorded ${answer.status}: ${answer.message}` });
    }
    if (answer.kind === 'unparseable') {
      call.text = UNPARSEABLE;
      return { text: UNPARSEABLE, durationMs: 0, usage: null, responseId: null, reasoning: null };
    }
    // The chosen id goes through the `replay` profile's provider, as the replay of a whole run would.
    const resolved: ResolvedProfile = { profile: 'replay', provider: 'replay', model: traceId, modelSource: 'request.model' };
    const replay = createReplayProvider({ resolved, answers: [{ stepIndex: req.meta.stepIndex, candidateId: answer.candidateId }] });
    const reply = await replay.complete(req);
    call.text = reply.text;
    return reply;
  }
  return { ...identity, complete };
}

/** The what-if provider: always answers `candidateId`. */
export function forcedProvider(identity: ModelIdentity, candidateId: string, calls: AnsweredCall[] = []): ModelProvider {
  async function complete(req: ModelRequest): Promise<ModelReply> {
    const text = JSON.stringify({ candidateId, reason: 'forced by the lens (what-if)' });
    calls.push({ attempt: calls.length, text, answer: { kind: 'choice', candidateId }, system: req.system, user: req.user });
    return { text, durationMs: 0, usage: null, responseId: null, reasoning: null };
  }
  return { ...identity, complete };
}
