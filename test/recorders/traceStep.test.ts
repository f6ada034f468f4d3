// The trace-step assembler: the §8 step from a finished run — prompt-parity state summary,
// candidate summaries, validation, stall supervisor, history tail (last 8), receipts, model call.
import { describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import {
  HISTORY_REASON_CHARS,
  HISTORY_TAIL,
  candidateSummary,
  historyTailEntry,
  modelCalls,
  stateSummary,
  traceStepRecordSchema,
} from '../../recorders/traceStep.js';
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { buildFacts } from '../../src/agent/facts.js';
import { planStep } from '../../src/agent/planStep.js';
import { level1Snapshot, localProvider, oscillatingHistory, planningRequest, scriptedProvider } from '../charts/helpers.js';

const snapshot = level1Snapshot();

describe('assembleTraceStep', () => {
  it('builds the §8 step of a run', async () => {
    const history = oscillatingHistory(snapshot, 10);
    const result = await planNextAction(planningRequest(snapshot, { history, stepIndex: 7 }), {
      provider: localProvider(),
      now: () => new Date('2026-05-06T07:08:09.000Z'),
    });
    const step = traceStepRecordSchema.parse(result.traceStep);
    expect(step).toMatchObject({ stepIndex: 7, createdAt: '2026-05-06T07:08:09.000Z' });
    expect(step.historyTail).toHaveLength(HISTORY_TAIL);
    expect(step.candidates.length).toBeGreaterThan(0);
    expect(Object.keys(step.candidates[0]!).sort()).toEqual(
      ['firstAction', 'id', 'kind', 'lane', 'score', 'stallBlocked', 'stallRecovery', 'target'].sort(),
    );
    expect(step.selectedCandidateKind).toBe(result.candidate.kind);
    expect(step.action).toEqual(result.action);
    expect(step.stallSupervisor.blockedCandidateIds.length).toBeGreaterThan(0);
    expect(step.planner.dispositions.some((d) => d.disposition === 'exposed')).toBe(true);
    expect(step.modelCall).not.toBeNull();
    expect(step.earlierModelCalls).toEqual([]);
    expect(result.planner.modelCalls).toBe(1);
  });

  it('state summary: prompt-parity fields from the facts', () => {
    const facts = buildFacts(analyzeSnapshot(snapshot));
    const summary = stateSummary(facts) as Record<string, Record<string, unknown>>;
    expect(summary.movement).toEqual({
      left: facts.movement.left.ok,
      right: facts.movement.right.ok,
      up: facts.movement.up.ok,
      down: facts.movement.down.ok,
      digLeft: facts.dig.left.ok,
      digRight: facts.dig.right.ok,
    });
    expect(summary.gold).toEqual({
      remaining: facts.gold.remaining,
      complete: facts.goldComplete,
      visible: facts.gold.visible.length,
      carried: facts.gold.carried.length,
    });
    expect(summary.guardRisk!.level).toBe(facts.risk.level);
  });

  it('history tail: the last 8 entries, each as its move and the runner’s tile, tick and gold before and after', async () => {
    const history = oscillatingHistory(snapshot, 10);
    history[9] = { ...history[9]!, reason: 'r'.repeat(300) };
    const result = await planNextAction(planningRequest(snapshot, { history }), { provider: localProvider() });
    const tail = result.traceStep.historyTail;
    expect(tail).toEqual(history.slice(-HISTORY_TAIL).map(historyTailEntry));
    const last = history[9]!;
    expect(tail.at(-1)).toEqual({
      candidateId: last.candidateId,
      keyCode: last.keyCode,
      ticks: last.ticks,
      reason: `${'r'.repeat(HISTORY_REASON_CHARS - 1)}…`,
      before: { tick: last.before.tick, x: last.before.runner.x, y: last.before.runner.y, gold: last.before.goldCount },
      after: { tick: last.after.tick, x: last.after.runner.x, y: last.after.runner.y, gold: last.after.goldCount, state: 'running' },
    });
    expect(JSON.stringify(tail).length).toBeLessThan(1600);
  });

  it('candidate summaries keep only what the trace needs', () => {
    const { candidates } = planStep(snapshot, []);
    const summary = candidateSummary(candidates[0]!);
    expect(summary).not.toHaveProperty('outcome');
    expect(summary).not.toHaveProperty('goal');
    expect(summary.firstAction).toEqual(candidates[0]!.firstAction);
  });

  it('pairs each model receipt with its result by attempt; fallback after retry is flagged', async () => {
    const provider = scriptedProvider(['nope', 'still nope']);
    const result = await planNextAction(planningRequest(snapshot), { provider });
    const calls = [...result.traceStep.earlierModelCalls, result.traceStep.modelCall!];
    expect(calls.map((c) => [c.receipt.attempt, c.status])).toEqual([
      [0, 'ok'],
      [1, 'ok'],
    ]);
    expect(result.traceStep.modelCall!.receipt.attempt).toBe(1);
    expect(result.traceStep.stallSupervisor).toMatchObject({ retryAttempted: true, fallbackAfterRetry: true });
    expect(result.validation.statuses).toEqual(['parse_error', 'parse_error']);
    expect(modelCalls([])).toEqual([]);
  });
});
