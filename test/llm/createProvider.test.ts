// createProvider for the offline profile: the default local policy, an injected policy, and the
// deadline/cancel/error guard around it; plus the 503 for a hosted profile without a key.
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/createProvider.js';
import { ModelNotConfiguredError, resolveProfile } from '../../src/llm/profiles.js';
import { ProviderFailure, type LocalPolicy, type ModelRequest } from '../../src/llm/provider.js';
import { candidatesPiece } from '../../src/agent/prompt/index.js';
import { candidate } from './helpers/candidates.js';

const local = resolveProfile({}, {});

function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: 's',
    user: candidatesPiece([candidate('blocked_one', { stallBlocked: true }), candidate('second_one'), candidate('third_one')]).text,
    temperature: 0.5,
    deadlineMs: 1000,
    reply: { candidateIds: ['second_one', 'third_one'], constrainedReplies: 'auto' },
    meta: { traceId: 't', stepIndex: 3, retry: false },
    ...overrides,
  };
}

describe('createProvider: local', () => {
  it('defaults to the local policy: reading the prompt, with no plan, the first safe candidate that is not stall-blocked, as model JSON', async () => {
    const provider = createProvider(local, {});
    expect(provider).toMatchObject({ profile: 'local', provider: 'local', model: 'local-policy', modelSource: 'default' });
    const reply = await provider.complete(request());
    expect(JSON.parse(reply.text)).toMatchObject({ candidateId: 'second_one' });
    expect(reply).toMatchObject({ usage: null, responseId: null, reasoning: null });
  });

  it('uses an injected policy and measures its duration', async () => {
    const policy: LocalPolicy = (req) => ({
      text: JSON.stringify({ candidateId: req.reply.candidateIds[1] }),
      durationMs: 0,
      usage: null,
      responseId: null,
      reasoning: 'picked the third',
    });
    const reply = await createProvider(local, {}, { localPolicy: policy }).complete(request());
    expect(JSON.parse(reply.text).candidateId).toBe('third_one');
    expect(reply.reasoning).toBe('picked the third');
    expect(reply.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('turns a throwing policy into provider_error', async () => {
    const provider = createProvider(
      local,
      {},
      {
        localPolicy: () => {
          throw new Error('no route');
        },
      },
    );
    await expect(provider.complete(request())).rejects.toMatchObject({ status: 'provider_error', reason: 'policy_error' });
  });

  it('turns a policy that returns garbage into provider_error', async () => {
    const provider = createProvider(local, {}, { localPolicy: () => ({ text: 42 }) as never });
    await expect(provider.complete(request())).rejects.toMatchObject({ reason: 'policy_error' });
  });

  it('times out a slow policy at the deadline', async () => {
    const provider = createProvider(local, {}, { localPolicy: () => new Promise(() => {}) });
    const err = await provider.complete(request({ deadlineMs: 50 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderFailure);
    expect(err).toMatchObject({ status: 'timeout', reason: 'timeout' });
  });

  it('is cancelled by the run signal', async () => {
    const run = new AbortController();
    const provider = createProvider(local, {}, { localPolicy: () => new Promise(() => {}) });
    const pending = provider.complete(request({ signal: run.signal, deadlineMs: 5000 }));
    run.abort();
    await expect(pending).rejects.toMatchObject({ status: 'provider_error', cancelled: true });
  });
});

describe('createProvider: hosted', () => {
  it('throws ModelNotConfiguredError when the key is missing from the env it is given', () => {
    const resolved = { profile: 'openai', provider: 'openai', model: 'gpt', modelSource: 'request.model' } as const;
    expect(() => createProvider(resolved, {})).toThrow(ModelNotConfiguredError);
  });
});
