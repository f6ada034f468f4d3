// CallLLM: mints the model receipt (hashes of what the model is handed) and emits it BEFORE calling
// the provider, so a failed call still leaves one; then calls the provider under the per-call deadline
// and the run's abort signal, with the reply contract (the ids it may answer with, sent as a JSON
// schema where the profile takes it). timeout and provider_error become reply statuses; a cancelled run throws.
// The answer is this attempt's artifact; scope holds its ref.
// A prompt over the profile's budget even cut down is not sent (status budget).
// Reads: prompt, promptBudget, options, request, attempt, candidates. Writes: reply. Emits: model receipt + result.
import { listedOrder } from '../../src/agent/prompt/index.js';
import { isProviderFailure } from '../../src/llm/provider.js';
import { replySchemaSha256, type ReplyContract } from '../../src/llm/replyContract.js';
import type { Candidate } from '../../src/agent/schemas.js';
import { mintModelReceipt } from '../../recorders/modelReceipt.js';
import { replySummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import { PlanningCancelledError } from '../errors.js';
import type { ModelReplyArtifact, PlanningScope } from '../planningState.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';

/**
 * The ids the model may answer with: the listed candidates that are not stall-blocked (all of them
 * if every one is), in the order the prompt lists them, so a schema's enum tells no more than the list.
 */
export function replyContractFor(candidates: readonly Candidate[], constrainedReplies: ReplyContract['constrainedReplies']): ReplyContract {
  const open = candidates.filter((c) => !c.stallBlocked);
  return { candidateIds: (open.length > 0 ? open : candidates).map((c) => c.id), constrainedReplies };
}

export async function callLlmStage(scope: PlanningScope): Promise<void> {
  const context = runContextOf(scope);
  const { provider, signal } = context;
  const prompt = artifactOf(context, read(scope, 'prompt')!);
  const { temperature, deadlineMs, constrainedReplies, showRanking } = read(scope, 'options');
  const { traceId, stepIndex } = read(scope, 'request');
  const attempt = read(scope, 'attempt');
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];
  const budget = read(scope, 'promptBudget') ?? null;
  const dropped = new Set(budget?.droppedCandidateIds ?? []);
  const contract = replyContractFor(
    listedOrder(
      candidates.filter((c) => !dropped.has(c.id)),
      { ranked: showRanking },
    ),
    constrainedReplies,
  );
  const constrained = provider.willConstrain?.(contract) ?? false;

  const receipt = mintModelReceipt({
    traceId,
    stepIndex,
    attempt,
    model: { profile: provider.profile, provider: provider.provider, model: provider.model, modelSource: provider.modelSource },
    params: { temperature, deadlineMs },
    system: prompt.system,
    user: prompt.user,
    pieces: prompt.pieces,
    replySchemaSha256: constrained ? replySchemaSha256(contract.candidateIds) : null,
  });
  scope.$emit(EVENTS.modelReceipt, receipt);

  let reply: ModelReplyArtifact;
  if (budget && !budget.fits) {
    // Not even the required pieces fit the profile's budget: no call is made.
    const message = `the prompt needs ${budget.chars} characters with one candidate and no history, over the profile's budget of ${budget.budgetChars}; raise promptBudget in the config or use a model with a larger context`;
    scope.$emit(EVENTS.modelResult, { attempt, status: 'budget', durationMs: 0, usage: null, responseId: null, reason: 'budget', message });
    reply = { status: 'budget', text: null, reasoning: null, failureReason: 'budget', failureMessage: message };
    scope.reply = putArtifact(context, ARTIFACT_IDS.reply(attempt), reply, replySummary(attempt, reply));
    return;
  }
  try {
    const answer = await provider.complete({
      system: prompt.system,
      user: prompt.user,
      temperature,
      deadlineMs,
      signal,
      reply: contract,
      meta: { traceId, stepIndex, retry: attempt > 0 },
    });
    scope.$emit(EVENTS.modelResult, {
      attempt,
      status: 'ok',
      durationMs: answer.durationMs,
      usage: answer.usage,
      responseId: answer.responseId,
      reason: null,
      message: null,
      constrained: answer.constrained ?? false,
      throttle: answer.throttle ?? { waits: 0, waitedMs: 0 },
    });
    reply = { status: 'ok', text: answer.text, reasoning: answer.reasoning, failureReason: null, failureMessage: null };
  } catch (error) {
    if (!isProviderFailure(error)) throw error;
    if (error.cancelled) throw new PlanningCancelledError(error.message);
    scope.$emit(EVENTS.modelResult, {
      attempt,
      status: error.status,
      durationMs: error.durationMs,
      usage: null,
      responseId: null,
      reason: error.reason,
      message: error.message,
      constrained: error.constrained,
      throttle: error.throttle,
    });
    reply = { status: error.status, text: null, reasoning: null, failureReason: error.reason, failureMessage: error.message };
  }
  scope.reply = putArtifact(context, ARTIFACT_IDS.reply(attempt), reply, replySummary(attempt, reply));
}
