// The replay profile: recorded answers come back in the model's JSON format per step; a step without a
// recording is a provider_error that names the trace and the step.
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/createProvider.js';
import { ModelNotConfiguredError, resolveProfile } from '../../src/llm/profiles.js';
import { ProviderFailure, type ModelRequest } from '../../src/llm/provider.js';
import { answersFromTrace, createReplayProvider } from '../../src/llm/replayProvider.js';

const trace = {
  id: 'run-7',
  createdAt: '2025-01-01T00:00:00Z',
  steps: [
    { stepIndex: 0, selectedCandidateId: 'collect_gold_3_4_right', extra: true },
    { stepIndex: 1, selectedCandidateId: 'climb_ladder_5_4_up' },
    { stepIndex: 2, selectedCandidateId: null },
  ],
};

function request(stepIndex: number, signal?: AbortSignal): ModelRequest {
  return {
    system: 's',
    user: 'u',
    temperature: 0,
    deadlineMs: 1000,
    signal,
    reply: { candidateIds: [], constrainedReplies: 'auto' },
    meta: { traceId: 'new-run', stepIndex, retry: false },
  };
}

describe('replay provider', () => {
  const resolved = resolveProfile({ model: 'replay:run-7' }, {});
  const provider = createReplayProvider({ resolved, answers: answersFromTrace(trace) });

  it('reads the selected candidate of each recorded step', () => {
    expect(answersFromTrace(trace)).toEqual([
      { stepIndex: 0, candidateId: 'collect_gold_3_4_right' },
      { stepIndex: 1, candidateId: 'climb_ladder_5_4_up' },
    ]);
  });

  it('answers with the recorded id in the model JSON format', async () => {
    const reply = await provider.complete(request(1));
    expect(JSON.parse(reply.text)).toEqual({ candidateId: 'climb_ladder_5_4_up', reason: 'replayed from trace run-7 step 1' });
    expect(reply).toMatchObject({ usage: null, responseId: null, reasoning: null });
    expect(provider).toMatchObject({ profile: 'replay', provider: 'replay', model: 'run-7', modelSource: 'request.model' });
  });

  it('fails with provider_error for a step without a recorded answer', async () => {
    const err = await provider.complete(request(2)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect(err).toMatchObject({ status: 'provider_error', reason: 'no_recorded_answer', cancelled: false });
    expect((err as Error).message).toMatch(/trace "run-7" has no recorded answer for step 2 .*steps 0\.\.1/);
  });

  it('is cancelled like any provider', async () => {
    const run = new AbortController();
    run.abort();
    await expect(provider.complete(request(0, run.signal))).rejects.toMatchObject({ reason: 'cancelled', cancelled: true });
  });

  it('is built by createProvider from injected recordings, and 503s for an unknown trace', async () => {
    const made = createProvider(resolved, {}, { replayAnswers: (id) => (id === 'run-7' ? answersFromTrace(trace) : null) });
    expect(JSON.parse((await made.complete(request(0))).text).candidateId).toBe('collect_gold_3_4_right');
    expect(() => createProvider(resolveProfile({ model: 'replay:run-404' }, {}), {}, { replayAnswers: () => null })).toThrow(
      ModelNotConfiguredError,
    );
  });
});
