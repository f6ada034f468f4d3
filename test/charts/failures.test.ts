// The planning chart's failure paths: a stall-blocked pick retried, no valid candidate at all
// (Fallback records it, Action writes none; planNextAction's error is a 502), a run cancelled by its caller,
// and a provider bug that fails the run with the failing stage's receipt closed as an error.
import { FlowChartExecutor, flowChart } from 'footprintjs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_IDS, STAGE_IDS } from '../../charts/conventions.js';
import { NoValidCandidateError, PlanningCancelledError } from '../../charts/errors.js';
import { planNextAction } from '../../charts/planNextAction.js';
import type { PlanningState } from '../../charts/planningState.js';
import { createRunContext, planningEnv, putArtifact } from '../../charts/runContext.js';
import { actionStage } from '../../charts/stages/action.js';
import { fallbackStage } from '../../charts/stages/fallback.js';
import { StageReceiptRecorder } from '../../recorders/stageReceipts.js';
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { buildFacts } from '../../src/agent/facts.js';
import { planStep } from '../../src/agent/planStep.js';
import { createProvider } from '../../src/llm/createProvider.js';
import { resolveProfile } from '../../src/llm/profiles.js';
import { level1Snapshot, oscillatingHistory, planningRequest, scriptedProvider } from './helpers.js';

const snapshot = level1Snapshot();

describe('planning chart failure paths', () => {
  it('a stall-blocked pick is a recoverable stall_blocked: retried, then accepted', async () => {
    const history = oscillatingHistory(snapshot);
    const { candidates } = planStep(snapshot, history, { candidateLimit: 7, maxActionTicks: 20 });
    const blocked = candidates.find((c) => c.stallBlocked);
    const open = candidates.find((c) => !c.stallBlocked)!;
    expect(blocked).toBeDefined();
    const provider = scriptedProvider([JSON.stringify({ candidateId: blocked!.id }), JSON.stringify({ candidateId: open.id })]);
    const result = await planNextAction(planningRequest(snapshot, { history }), { provider });
    expect(result.validation.statuses).toEqual(['stall_blocked', 'ok']);
    expect(result.candidate.id).toBe(open.id);
    expect(provider.calls).toBe(2);
  });

  it('no valid candidate: Fallback records it and Action writes no action', async () => {
    const facts = buildFacts(analyzeSnapshot(snapshot));
    const { candidates } = planStep(snapshot, [], { candidateLimit: 7, maxActionTicks: 20 });
    const doomed = candidates.map((c) => ({ ...c, outcome: c.outcome && { ...c.outcome, died: true } }));
    const context = createRunContext({ snapshot, history: [], provider: scriptedProvider([]) });
    const input: Pick<PlanningState, 'validation' | 'recoveryStep' | 'statuses' | 'candidates' | 'facts' | 'options'> = {
      validation: {
        status: 'timeout',
        requestedCandidateId: null,
        acceptedCandidateId: null,
        knownCandidate: false,
        actionValid: null,
        actionGuardSafe: null,
        stallBlocked: false,
        repeatOf: null,
        message: 'too slow',
        retryInstruction: null,
        modelReason: '',
      },
      recoveryStep: 'fallback',
      statuses: ['timeout'],
      candidates: putArtifact(context, ARTIFACT_IDS.candidates, doomed, 'doomed'),
      facts: putArtifact(context, ARTIFACT_IDS.facts, facts, 'facts'),
      options: {
        candidateLimit: 7,
        maxActionTicks: 20,
        showCandidateScores: true,
        temperature: 0.2,
        recovery: true,
        deadlineMs: 1000,
        simulate: true,
        planSearch: true,
        showSimulatedOutcomes: true,
        showRanking: true,
        constrainedReplies: 'auto',
        promptBudgetChars: null,
      },
    };
    // The two last stages of the chart, seeded with the state Validate leaves (a root run's input
    // would only be $getArgs(), not state).
    const lastStages = flowChart<PlanningState>('Fallback', fallbackStage, STAGE_IDS.fallback)
      .addFunction('Action', actionStage, STAGE_IDS.action)
      .build();
    const executor = new FlowChartExecutor(lastStages, { initialContext: input });
    const receipts = new StageReceiptRecorder();
    executor.attachCombinedRecorder(receipts);
    await executor.run({ env: planningEnv(context, 'test-trace') });
    const state = executor.getSnapshot().sharedState as unknown as PlanningState;
    expect(state.selection).toMatchObject({ candidateId: null, fallbackUsed: false, noValidCandidate: true });
    expect(state.selection!.fallbackReason).toMatch(/^timeout \(a timeout goes straight to the fallback\): none of the \d+ shown/);
    expect(state.action).toBeNull();
    expect(receipts.receipts().map((r) => r.stageId)).toEqual([STAGE_IDS.fallback, STAGE_IDS.action]);
    expect(new NoValidCandidateError('x', {} as never).httpStatus).toBe(502);
  });

  it('a run cancelled by its caller rejects with PlanningCancelledError, not a fallback', async () => {
    const controller = new AbortController();
    // The caller gives up while the model call is in flight.
    const hanging = createProvider(
      resolveProfile({}, {}),
      {},
      {
        localPolicy: () => {
          controller.abort();
          return new Promise(() => {});
        },
      },
    );
    const run = planNextAction(planningRequest(snapshot, { signal: controller.signal }), { provider: hanging });
    await expect(run).rejects.toBeInstanceOf(PlanningCancelledError);

    const already = new AbortController();
    already.abort();
    await expect(planNextAction(planningRequest(snapshot, { signal: already.signal }), { provider: hanging })).rejects.toBeInstanceOf(
      PlanningCancelledError,
    );
  });

  it('a provider bug fails the run; the failing stage’s receipt is closed as an error', async () => {
    const receipts = new StageReceiptRecorder();
    const provider = scriptedProvider([new TypeError('provider bug')]);
    await expect(planNextAction(planningRequest(snapshot), { provider, recorders: [receipts] })).rejects.toThrow('provider bug');
    const call = receipts.receipts().find((r) => r.stageId === STAGE_IDS.callLlm)!;
    expect(call).toMatchObject({ status: 'error', error: expect.stringContaining('provider bug') });
    expect(call.emits.map((e) => e.name)).toEqual(['app.model.receipt']);
    expect(receipts.errors().length).toBeGreaterThan(0);
  });
});
