// Validate (a decider): judges this attempt — the provider's status, else parse + validateChoice
// against the shown candidates — records it, and with recoveryPlan chooses one retry through
// messageAPI (recoverable, recovery on, no retry yet) or Fallback; decide() carries the evidence.
// Reads: reply, candidates, facts, attempt, attempts, statuses, options (prompt, request for the debug
// log). Writes: validation, attempts, statuses, recoveryStep. Emits: app.validation.
import { decide, type DecisionResult } from 'footprintjs';
import { parseModelOutput } from '../../src/agent/parseModelOutput.js';
import type { Candidate } from '../../src/agent/schemas.js';
import { chooseFallback, recoveryPlan, validateChoice, type ChoiceChecks, type PreviousAttempt } from '../../src/agent/validateChoice.js';
import { choiceChecks } from '../choiceChecks.js';
import { EVENTS, VALIDATE_BRANCHES } from '../conventions.js';
import type { ModelReplyArtifact, PlanningScope, ValidationState } from '../planningState.js';
import { artifactOf, runContextOf, type RunContext } from '../runContext.js';
import { read } from '../scopeRead.js';

export const VALIDATE_RULES = {
  retry: 'a recoverable failure, recovery on, no retry yet',
  fallback: 'accepted, or nothing left to retry: Fallback keeps the pick or falls back, then Action',
} as const;

function judge(
  reply: ModelReplyArtifact,
  candidates: readonly Candidate[],
  checks: ChoiceChecks,
  previous: PreviousAttempt | undefined,
): ValidationState {
  if (reply.status !== 'ok') {
    return {
      status: reply.status,
      requestedCandidateId: null,
      acceptedCandidateId: null,
      knownCandidate: false,
      actionValid: null,
      actionGuardSafe: null,
      stallBlocked: false,
      repeatOf: null,
      message: reply.failureMessage ?? reply.status,
      retryInstruction: null,
      modelReason: '',
    };
  }
  const parsed = parseModelOutput(reply.text ?? '');
  const result = validateChoice(parsed, candidates, checks, previous);
  return {
    status: result.status,
    requestedCandidateId: result.requestedCandidateId,
    acceptedCandidateId: result.candidate?.id ?? null,
    knownCandidate: result.knownCandidate,
    actionValid: result.actionValid,
    actionGuardSafe: result.actionGuardSafe,
    stallBlocked: result.stallBlocked,
    repeatOf: result.repeatOf,
    message: result.message,
    retryInstruction: result.retryInstruction,
    modelReason: parsed.ok ? parsed.reason : '',
  };
}

/** The raw exchange of this attempt to the debug log, when it is on (the only place raw prompts go). */
function logRawExchange(scope: PlanningScope, context: RunContext, reply: ModelReplyArtifact, validation: ValidationState): void {
  if (!context.debugLog?.enabled) return;
  const prompt = artifactOf(context, read(scope, 'prompt')!);
  const { traceId, stepIndex } = read(scope, 'request');
  context.debugWrites.push(
    context.debugLog.append({
      traceId,
      stepIndex,
      profile: context.provider.profile,
      model: context.provider.model,
      retry: read(scope, 'attempt') > 0,
      prompt: { system: prompt.system, user: prompt.user },
      message: reply.text,
      reasoning: reply.reasoning,
      parseError: validation.status === 'parse_error' ? validation.message : null,
      selectedCandidateId: validation.acceptedCandidateId,
      status: validation.status,
      error: reply.failureMessage,
    }),
  );
}

export function validateStage(scope: PlanningScope): DecisionResult {
  const context = runContextOf(scope);
  const attempt = read(scope, 'attempt');
  const attempts = read(scope, 'attempts');
  const last = attempts.at(-1);
  const previous = last?.requestedCandidateId ? { candidateId: last.requestedCandidateId, status: last.status } : undefined;
  const reply = artifactOf(context, read(scope, 'reply')!);
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];
  const checks = choiceChecks(artifactOf(context, read(scope, 'facts')));
  const validation = judge(reply, candidates, checks, previous);
  logRawExchange(scope, context, reply, validation);
  const fallbackAvailable = chooseFallback(candidates, checks).candidate !== null;
  const step = recoveryPlan(validation.status, { recovery: read(scope, 'options').recovery, retried: attempt > 0, fallbackAvailable });

  scope.validation = validation;
  scope.attempts = [
    ...attempts,
    { attempt, status: validation.status, requestedCandidateId: validation.requestedCandidateId, message: validation.message },
  ];
  scope.statuses = [...read(scope, 'statuses'), validation.status];
  scope.recoveryStep = step;
  scope.$emit(EVENTS.validation, {
    attempt,
    status: validation.status,
    requestedCandidateId: validation.requestedCandidateId,
    recoveryStep: step,
    message: validation.message,
  });

  return decide(scope, [{ when: { recoveryStep: { eq: 'retry' } }, then: VALIDATE_BRANCHES.retry, label: VALIDATE_RULES.retry }], {
    branch: VALIDATE_BRANCHES.fallback,
    label: VALIDATE_RULES.fallback,
  });
}
