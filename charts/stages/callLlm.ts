// CallLLM: mints the model receipt (hashes of what the model is handed) and emits it BEFORE calling
// the provider, so a failed call still leaves one; then calls the provider under the per-call deadline
// and the run's abort signal. timeout and provider_error become reply statuses; a cancelled run throws.
// The answer is this attempt's artifact; scope holds its ref.
// Reads: prompt, options, request, attempt, candidates. Writes: reply. Emits: model receipt + result.
import { isProviderFailure } from '../../src/llm/provider.js';
import { mintModelReceipt } from '../../recorders/modelReceipt.js';
import { replySummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import { PlanningCancelledError } from '../errors.js';
import type { ModelReplyArtifact, PlanningScope } from '../planningState.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';

export async function callLlmStage(scope: PlanningScope): Promise<void> {
  const context = runContextOf(scope);
  const { provider, signal } = context;
  const prompt = artifactOf(context, read(scope, 'prompt')!);
  const { temperature, deadlineMs } = read(scope, 'options');
  const { traceId, stepIndex } = read(scope, 'request');
  const attempt = read(scope, 'attempt');
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];

  const receipt = mintModelReceipt({
    traceId,
    stepIndex,
    attempt,
    model: { profile: provider.profile, provider: provider.provider, model: provider.model, modelSource: provider.modelSource },
    params: { temperature, deadlineMs },
    system: prompt.system,
    user: prompt.user,
    pieces: prompt.pieces,
  });
  scope.$emit(EVENTS.modelReceipt, receipt);

  let reply: ModelReplyArtifact;
  try {
    const answer = await provider.complete({
      system: prompt.system,
      user: prompt.user,
      temperature,
      deadlineMs,
      signal,
      candidates,
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
    });
    reply = { status: error.status, text: null, reasoning: null, failureReason: error.reason, failureMessage: error.message };
  }
  scope.reply = putArtifact(context, ARTIFACT_IDS.reply(attempt), reply, replySummary(attempt, reply));
}
