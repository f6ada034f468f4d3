// The model receipt: minted and emitted before the provider is called (so a failed call has one),
// hashes instead of text, one hash per piece with its slot, stable for the same request.
import { describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import { mintModelReceipt, modelReceiptSchema, sha256 } from '../../recorders/modelReceipt.js';
import type { ModelProvider } from '../../src/llm/provider.js';
import { ProviderFailure } from '../../src/llm/provider.js';
import { level1Snapshot, localProvider, orderRecorder, planningRequest } from '../charts/helpers.js';

const snapshot = level1Snapshot();

describe('mintModelReceipt', () => {
  const input = {
    traceId: 't',
    stepIndex: 3,
    attempt: 1,
    model: { profile: 'openai', provider: 'openai', model: 'm', modelSource: 'config' },
    params: { temperature: 0.2, deadlineMs: 1000 },
    system: 'SYSTEM TEXT',
    user: 'Task:\nsecret plan\n\nCandidates:\n- id=a',
    pieces: [
      { slot: 'task', section: 'Task', text: 'Task:\nsecret plan' },
      { slot: 'candidates', section: 'Candidates', text: 'Candidates:\n- id=a' },
    ],
    now: () => new Date('2026-01-02T03:04:05.000Z'),
  };

  it('hashes the system text, each piece with its slot and the whole request; keeps no text', () => {
    const receipt = modelReceiptSchema.parse(mintModelReceipt(input));
    expect(receipt.systemSha256).toBe(sha256('SYSTEM TEXT'));
    expect(receipt.pieces).toEqual([
      { slot: 'task', section: 'Task', sha256: sha256('Task:\nsecret plan'), chars: 17 },
      { slot: 'candidates', section: 'Candidates', sha256: sha256('Candidates:\n- id=a'), chars: 18 },
    ]);
    expect(receipt).toMatchObject({ attempt: 1, retry: true, mintedAt: '2026-01-02T03:04:05.000Z', params: { temperature: 0.2 } });
    expect(JSON.stringify(receipt)).not.toContain('secret plan');
    expect(JSON.stringify(receipt)).not.toContain('SYSTEM TEXT');
  });

  it('is stable for the same request and changes when anything sent changes', () => {
    expect(mintModelReceipt(input).requestSha256).toBe(mintModelReceipt(input).requestSha256);
    expect(mintModelReceipt({ ...input, params: { ...input.params, temperature: 0.3 } }).requestSha256).not.toBe(
      mintModelReceipt(input).requestSha256,
    );
    expect(mintModelReceipt({ ...input, user: `${input.user}!` }).requestSha256).not.toBe(mintModelReceipt(input).requestSha256);
  });

  it('hashes a text sent again once, and a changed text anew', () => {
    const first = mintModelReceipt(input);
    expect(mintModelReceipt(input).pieces).toEqual(first.pieces);
    const changed = mintModelReceipt({
      ...input,
      system: 'OTHER SYSTEM TEXT',
      pieces: [input.pieces[0]!, { ...input.pieces[1]!, text: 'Candidates:\n- id=b' }],
    });
    expect(changed.systemSha256).toBe(sha256('OTHER SYSTEM TEXT'));
    expect(changed.pieces.map((p) => p.sha256)).toEqual([first.pieces[0]!.sha256, sha256('Candidates:\n- id=b')]);
    expect(mintModelReceipt(input).systemSha256).toBe(sha256('SYSTEM TEXT'));
  });
});

describe('the model receipt in a planning run', () => {
  it('is emitted before the provider is called', async () => {
    const order = orderRecorder();
    const inner = localProvider();
    const provider: ModelProvider = { ...inner, complete: (req) => (order.log.push('provider called'), inner.complete(req)) };
    await planNextAction(planningRequest(snapshot), { provider, recorders: [order] });
    const receiptAt = order.log.indexOf('emit app.model.receipt');
    expect(receiptAt).toBeGreaterThanOrEqual(0);
    expect(receiptAt).toBeLessThan(order.log.indexOf('provider called'));
  });

  it('exists for a call that failed', async () => {
    const inner = localProvider();
    const provider: ModelProvider = {
      ...inner,
      complete: async () => {
        throw new ProviderFailure({ reason: 'unreachable', message: 'cannot reach the model' });
      },
    };
    const result = await planNextAction(planningRequest(snapshot), { provider });
    expect(result.traceStep.modelCall).toMatchObject({ status: 'provider_error', reason: 'unreachable', durationMs: 0 });
    expect(result.traceStep.modelCall!.receipt.userSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.validation).toMatchObject({ statuses: ['provider_error'], fallbackUsed: true });
  });
});
