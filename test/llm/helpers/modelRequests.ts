// Test helper for the provider specs: a model request listing the given candidate ids (as the
// messageAPI stage would hand it, reply contract included) and a catcher that expects a call to
// end in a ProviderFailure, so each spec states only what differs.
import { expect } from 'vitest';
import { ProviderFailure, type ModelRequest } from '../../../src/llm/provider.js';

/** A request whose prompt lists `ids` (one `- id=` line each) and whose reply contract allows them. */
export function modelRequest(ids: readonly string[], overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    system: 'You choose one candidate id. Return JSON only.',
    user: ids.map((id) => `- id=${id}`).join('\n'),
    temperature: 0.5,
    deadlineMs: 5000,
    reply: { candidateIds: [...ids], constrainedReplies: 'auto' },
    meta: { traceId: 'trace-1', stepIndex: 0, retry: false },
    ...overrides,
  };
}

/** The ProviderFailure a call ends in (the spec fails when it succeeds or throws anything else). */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderFailure);
    return err as ProviderFailure;
  }
  throw new Error('expected the call to fail');
}
