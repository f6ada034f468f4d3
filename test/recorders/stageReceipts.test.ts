// The stage-receipt recorder on whole planning runs: reads and writes as key lists with short value
// summaries (full values only when asked), a mount's writes named by the parent keys its outputMapper
// fills, the selector's and the decider's evidence, one receipt per pass of the retry loop.
import { describe, expect, it } from 'vitest';
import { STAGE_IDS, SUBFLOW_IDS } from '../../charts/conventions.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { StageReceiptRecorder, stageReceiptSchema } from '../../recorders/stageReceipts.js';
import { summarizeValue } from '../../recorders/summarize.js';
import { level1Snapshot, localProvider, planningRequest, scriptedProvider, shownCandidateIds } from '../charts/helpers.js';

const snapshot = level1Snapshot();

describe('StageReceiptRecorder', () => {
  it('lists reads and writes by key with one-line summaries; no values unless asked', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider() });
    for (const receipt of result.traceStep.receipts) stageReceiptSchema.parse(receipt);
    const analyze = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.analyze)!;
    expect(analyze.reads.map((r) => r.key)).toEqual(['options', 'history']);
    expect(analyze.writes.map((w) => [w.key, w.op])).toEqual([
      ['facts', 'set'],
      ['stall', 'set'],
      ['stallSeverity', 'set'],
    ]);
    expect(analyze.writes.find((w) => w.key === 'stallSeverity')!.summary).toBe('"none"');
    expect(analyze.reads.find((r) => r.key === 'history')!.summary).toBe('(0 items)');
    expect(result.traceStep.receipts.every((r) => [...r.reads, ...r.writes].every((t) => t.value === undefined))).toBe(true);
  });

  it('keeps full values when captureValues is on (for the lens)', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider(), captureValues: true });
    const messageApi = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.messageApi)!;
    const prompt = messageApi.writes.find((w) => w.key === 'prompt')!.value as { user: string };
    expect(prompt.user).toContain('Candidates:');
  });

  it('names a mount’s writes by the parent keys, its reads by the mapped inputs', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider() });
    const mount = result.traceStep.receipts.find((r) => r.stageId === SUBFLOW_IDS.candidates)!;
    expect(mount.kind).toBe('subflow-mount');
    expect(mount.subflowPath).toEqual([]);
    expect(mount.parentRuntimeStageId).toMatch(/^context#/);
    expect(mount.reads.map((r) => r.key)).toEqual(['facts', 'stall', 'options']);
    expect(mount.writes.map((w) => w.key)).toEqual(['candidates', 'candidatePieces']);
    const propose = result.traceStep.receipts.find((r) => r.stageId === `${SUBFLOW_IDS.candidates}/propose-candidates`)!;
    expect(propose.emits.map((e) => e.name)).toEqual(['app.candidates.built']);
    expect(result.traceStep.planner.dispositions.filter((d) => d.disposition === 'exposed')).toHaveLength(result.candidates.length);
    const messageApi = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.messageApi)!;
    expect(messageApi.reads.map((r) => r.key)).toEqual(expect.arrayContaining(['stateSummaryPieces', 'candidatePieces', 'history']));
  });

  it('one receipt per pass of the retry loop, each with the decider’s evidence', async () => {
    const id = shownCandidateIds(snapshot)[0]!;
    const recorder = new StageReceiptRecorder();
    const provider = scriptedProvider(['not json', JSON.stringify({ candidateId: id })]);
    const result = await planNextAction(planningRequest(snapshot), { provider, recorders: [recorder] });
    const validates = result.traceStep.receipts.filter((r) => r.stageId === STAGE_IDS.validate);
    expect(validates.map((r) => r.decision)).toEqual([
      {
        chosen: 'retry',
        default: 'finish',
        defaultLabel: expect.any(String),
        rules: [expect.objectContaining({ branch: 'retry', matched: true, evidence: ['recoveryStep "retry" eq "retry" ✓'] })],
      },
      expect.objectContaining({ chosen: 'finish', rules: [expect.objectContaining({ matched: false })] }),
    ]);
    const messageApis = result.traceStep.receipts.filter((r) => r.stageId === STAGE_IDS.messageApi);
    expect(messageApis).toHaveLength(2);
    expect(messageApis[0]!.runtimeStageId).not.toBe(messageApis[1]!.runtimeStageId);
    const retry = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.retry)!;
    expect(retry.writes.map((w) => w.key)).toEqual(['attempt', 'retryInstruction']);
    expect(retry.emits.map((e) => e.name)).toEqual(['app.retry']);
    // an attached recorder sees the same run
    expect(recorder.receipts().map((r) => r.runtimeStageId)).toEqual(result.traceStep.receipts.map((r) => r.runtimeStageId));
    expect(
      recorder
        .events()
        .filter((e) => e.name === 'app.validation')
        .map((e) => (e.payload as { status: string }).status),
    ).toEqual(['parse_error', 'ok']);
  });

  it('summarizeValue: strings cut, arrays counted, objects by key', () => {
    expect(summarizeValue('short')).toBe('"short"');
    expect(summarizeValue('x'.repeat(100))).toBe(`"${'x'.repeat(60)}"… (100 chars)`);
    expect(summarizeValue([1, 2, 3])).toBe('(3 items)');
    expect(summarizeValue({ a: 1, b: 2 })).toBe('{a, b}');
    expect(summarizeValue(null)).toBe('null');
    expect(summarizeValue(42)).toBe('42');
  });
});
