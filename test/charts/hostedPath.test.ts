// The hosted path end to end: the planning chart calling the real `openai` SDK provider (createProvider
// with OPENAI_API_KEY / OPENAI_MODEL / OPENAI_BASE_URL) against a local OpenAI-compatible server, the
// only fake being the network edge. Covers ok, a retry that recovers, a retry that falls back, a
// timeout, a 500, and recovery switched off — each as the trace step records it.
import { describe, expect, it } from 'vitest';
import { STAGE_IDS } from '../../charts/conventions.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { behaviours } from '../llm/helpers/fakeOpenAIServer.js';
import { config, level1Snapshot, planningRequest, shownCandidateIds } from './helpers.js';
import { useFakeOpenAI } from '../llm/helpers/fakeOpenAIFixture.js';

const snapshot = level1Snapshot();
const ids = shownCandidateIds(snapshot);
const best = ids[0]!;
const second = ids[1]!;
const fake = useFakeOpenAI();

function userMessage(index: number): string {
  const body = fake.server.requests[index]!.body as { messages: { role: string; content: string }[] };
  return body.messages.find((m) => m.role === 'user')!.content;
}

const stagesRun = (result: Awaited<ReturnType<typeof planNextAction>>) =>
  result.traceStep.receipts.filter((r) => r.subflowPath.length === 0).map((r) => r.runtimeStageId.replace(/#\d+$/, ''));

describe('planNextAction through the openai SDK provider', () => {
  it('a valid answer: status ok, the model’s pick and reason are used', async () => {
    fake.server.enqueue(behaviours.json(second, 'grab the gold'));
    const result = await planNextAction(planningRequest(snapshot), { provider: fake.provider });
    expect(result.validation).toMatchObject({ statuses: ['ok'], requestedCandidateId: second, fallbackUsed: false, knownCandidate: true });
    expect(result.candidate.id).toBe(second);
    expect(result.action.reason).toBe('grab the gold');
    expect(fake.server.requests).toHaveLength(1);
    expect(result.traceStep.modelCall).toMatchObject({
      status: 'ok',
      usage: { promptTokens: 120, completionTokens: 18, totalTokens: 138 },
      receipt: { profile: 'openai', provider: 'openai', model: 'test-model', attempt: 0 },
    });
    expect(result.traceStep.modelCall!.responseId).toMatch(/^chatcmpl-fake-/);
  });

  it('prose, then a valid id on the retry: statuses [parse_error, ok], the retry instruction sent back', async () => {
    fake.server.enqueue(behaviours.prose(), behaviours.json(best, 'ok now'));
    const result = await planNextAction(planningRequest(snapshot), { provider: fake.provider });
    expect(result.validation).toMatchObject({ statuses: ['parse_error', 'ok'], fallbackUsed: false, requestedCandidateId: best });
    expect(result.planner.modelCalls).toBe(2);
    expect(fake.server.requests).toHaveLength(2);
    expect(userMessage(0)).not.toContain('Retry instruction:');
    expect(userMessage(1)).toContain('Retry instruction:');
    expect(stagesRun(result)).toEqual([
      STAGE_IDS.seed,
      STAGE_IDS.analyze,
      STAGE_IDS.context,
      'sf-state-summary',
      'sf-candidates',
      STAGE_IDS.messageApi,
      STAGE_IDS.callLlm,
      STAGE_IDS.validate,
      STAGE_IDS.retry,
      STAGE_IDS.messageApi,
      STAGE_IDS.callLlm,
      STAGE_IDS.validate,
      STAGE_IDS.fallback,
      STAGE_IDS.action,
    ]);
    expect(result.traceStep.earlierModelCalls).toHaveLength(1);
    const calls = [...result.traceStep.earlierModelCalls, result.traceStep.modelCall!];
    expect(calls.map((c) => [c.receipt.attempt, c.receipt.retry, c.status])).toEqual([
      [0, false, 'ok'],
      [1, true, 'ok'],
    ]);
    expect(calls[1]!.receipt.pieces.at(-1)).toMatchObject({ slot: 'retry', section: 'Retry instruction' });
    expect(calls[1]!.receipt.requestSha256).not.toBe(calls[0]!.receipt.requestSha256);
    const decisions = result.traceStep.receipts.filter((r) => r.stageId === STAGE_IDS.validate).map((r) => r.decision!.chosen);
    expect(decisions).toEqual(['retry', 'fallback']);
    expect(result.traceStep.stallSupervisor).toMatchObject({ retryAttempted: true, fallbackAfterRetry: false });
  });

  it('an unknown id twice: fallback with fallbackUsed, both statuses recorded', async () => {
    fake.server.enqueue(behaviours.unknownId(), behaviours.unknownId());
    const result = await planNextAction(planningRequest(snapshot), { provider: fake.provider });
    expect(result.validation.statuses).toEqual(['unknown_candidate', 'repeat']);
    expect(result.validation).toMatchObject({ fallbackUsed: true, requestedCandidateId: 'no_such_candidate', knownCandidate: false });
    expect(result.validation.fallbackReason).toMatch(/^unknown_candidate -> repeat/);
    expect(result.candidate.id).toBe(best);
    expect(result.action.reason).toMatch(new RegExp(`^fallback to ${best}`));
    expect(result.traceStep.stallSupervisor).toMatchObject({ retryAttempted: true, fallbackAfterRetry: true });

    fake.server.enqueue(behaviours.unknownId(), { kind: 'answer', content: JSON.stringify({ candidateId: 'another_made_up_id' }) });
    const twoDifferent = await planNextAction(planningRequest(snapshot), { provider: fake.provider });
    expect(twoDifferent.validation.statuses).toEqual(['unknown_candidate', 'unknown_candidate']);
    expect(twoDifferent.validation.fallbackUsed).toBe(true);
    expect(twoDifferent.validation.fallbackReason).toMatch(/the one retry failed too/);
  });

  it('a call past its deadline: timeout, no retry, fallback', async () => {
    fake.server.enqueue(behaviours.slow(3_000, best));
    const started = performance.now();
    const result = await planNextAction(planningRequest(snapshot), { provider: fake.provider, deadlineMs: 300 });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(result.validation).toMatchObject({ statuses: ['timeout'], fallbackUsed: true });
    expect(result.validation.fallbackReason).toMatch(/timeout/);
    expect(fake.server.requests).toHaveLength(1);
    expect(result.traceStep.modelCall).toMatchObject({ status: 'timeout', reason: 'timeout', usage: null });
    expect(result.traceStep.modelCall!.receipt.params.deadlineMs).toBe(300);
  });

  it('a 500: provider_error, no retry, fallback; the receipt was still minted', async () => {
    fake.server.enqueue(behaviours.serverError());
    const result = await planNextAction(planningRequest(snapshot), { provider: fake.provider });
    expect(result.validation).toMatchObject({ statuses: ['provider_error'], fallbackUsed: true });
    expect(fake.server.requests).toHaveLength(1);
    expect(result.traceStep.modelCall).toMatchObject({ status: 'provider_error', reason: 'server_error' });
    expect(result.traceStep.modelCall!.receipt.requestSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('recovery switched off (config): the first failure ends the step with the fallback, no retry', async () => {
    fake.server.enqueue(behaviours.prose());
    const off = config((c) => (c.backend.recovery = false));
    const result = await planNextAction(planningRequest(snapshot, { config: off }), { provider: fake.provider });
    expect(result.validation).toMatchObject({ statuses: ['parse_error'], fallbackUsed: true });
    expect(result.validation.fallbackReason).toMatch(/recovery is off/);
    expect(fake.server.requests).toHaveLength(1);
    expect(stagesRun(result)).not.toContain(STAGE_IDS.retry);
    const decision = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.validate)!.decision!;
    expect(decision).toMatchObject({ chosen: 'fallback', rules: [expect.objectContaining({ matched: false })] });
  });

  it('recovery switched off per run overrides the config', async () => {
    fake.server.enqueue(behaviours.unknownId());
    const result = await planNextAction(planningRequest(snapshot, { recovery: false }), { provider: fake.provider });
    expect(result.validation).toMatchObject({ statuses: ['unknown_candidate'], fallbackUsed: true });
    expect(fake.server.requests).toHaveLength(1);
  });
});
