// The `replay` profile: answers each step with the candidate an earlier run chose at the same step
// index, in the model's JSON format, so a recorded run can be re-driven through the real planner.
// Reads the recorded answers it was constructed with (e.g. from a stored trace); writes nothing.
// A step with no recorded answer is a provider_error that names the trace and the step.
import { z } from 'zod';
import type { ResolvedProfile } from './profiles.js';
import { abortFailure, ProviderFailure, type ModelProvider, type ModelReply, type ModelRequest } from './provider.js';

export const recordedAnswerSchema = z.object({
  stepIndex: z.number().int().nonnegative(),
  candidateId: z.string().min(1),
});
export type RecordedAnswer = z.infer<typeof recordedAnswerSchema>;

/** The part of a stored trace run (http-api.md "Traces") that a replay needs. */
export const replayableTraceSchema = z
  .object({
    id: z.string().min(1),
    steps: z.array(z.object({ stepIndex: z.number().int().nonnegative(), selectedCandidateId: z.string().nullish() }).loose()),
  })
  .loose();
export type ReplayableTrace = z.infer<typeof replayableTraceSchema>;

/** The recorded answers of a stored run: each step's selectedCandidateId (steps without one are skipped). */
export function answersFromTrace(trace: unknown): RecordedAnswer[] {
  const run = replayableTraceSchema.parse(trace);
  return run.steps.flatMap((s) => (s.selectedCandidateId ? [{ stepIndex: s.stepIndex, candidateId: s.selectedCandidateId }] : []));
}

export interface ReplayProviderOptions {
  /** A resolved `replay` profile; its `model` is the trace id being replayed. */
  resolved: ResolvedProfile;
  answers: readonly RecordedAnswer[];
}

export function createReplayProvider(options: ReplayProviderOptions): ModelProvider {
  const { resolved } = options;
  const traceId = resolved.model;
  const byStep = new Map<number, string>();
  for (const answer of z.array(recordedAnswerSchema).parse(options.answers)) byStep.set(answer.stepIndex, answer.candidateId);
  const recorded = [...byStep.keys()].sort((a, b) => a - b);
  const span = recorded.length === 0 ? 'no steps' : `steps ${recorded[0]}..${recorded[recorded.length - 1]} (${recorded.length} answers)`;

  async function complete(req: ModelRequest): Promise<ModelReply> {
    const started = performance.now();
    if (req.signal?.aborted) throw abortFailure('cancelled', `replay of trace "${traceId}"`, req.deadlineMs, 0);
    const step = req.meta.stepIndex;
    const candidateId = byStep.get(step);
    if (candidateId === undefined) {
      throw new ProviderFailure({
        reason: 'no_recorded_answer',
        durationMs: performance.now() - started,
        message: `trace "${traceId}" has no recorded answer for step ${step} (it recorded ${span}); the replay cannot go on past its recording`,
      });
    }
    const text = JSON.stringify({ candidateId, reason: `replayed from trace ${traceId} step ${step}` });
    return { text, durationMs: performance.now() - started, usage: null, responseId: null, reasoning: null };
  }

  return { profile: resolved.profile, provider: resolved.provider, model: resolved.model, modelSource: resolved.modelSource, complete };
}
