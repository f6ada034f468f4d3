// CallLLM: mints the model receipt (hashes of what the model is handed) and emits it BEFORE calling
// the provider, so a failed call still leaves one; then calls the provider under the per-call deadline
// and the run's abort signal. timeout and provider_error become reply statuses; a cancelled run throws.
// Reads: prompt, candidates, options, request, attempt. Writes: reply. Emits: model receipt + result.
import { isProviderFailure } from '../../src/llm/provider.js';
import { mintModelReceipt } from '../../recorders/modelReceipt.js';
import { EVENTS } from '../conventions.js';
import { PlanningCancelledError } from '../errors.js';
import type { PlanningScope } from '../planningState.js';
import { runContextOf } from '../runContext.js';

export async function callLlmStage(scope: PlanningScope): Promise<void> {
  const { provider, signal } = runContextOf(scope);
  const prompt = scope.prompt!;
  const { temperature, deadlineMs } = scope.options;
  const { traceId, stepIndex } = scope.request;
  const attempt = scope.attempt;
  const candidates = scope.candidates ?? [];

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

  try {
    const reply = await provider.complete({
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
      durationMs: reply.durationMs,
      usage: reply.usage,
      responseId: reply.responseId,
      reason: null,
      message: null,
    });
    scope.reply = { status: 'ok', text: reply.text, reasoning: reply.reasoning, failureReason: null, failureMessage: null };
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
    scope.reply = { status: error.status, text: null, reasoning: null, failureReason: error.reason, failureMessage: error.message };
  }
}
