// The stage-receipt recorder on whole planning runs: reads and writes as key lists with short value
// summaries (full values only when asked), a mount's writes named by the parent keys its outputMapper
// fills, the selector's and the decider's evidence, one receipt per pass of the retry loop.
import { describe, expect, it } from 'vitest';
import { STAGE_IDS, SUBFLOW_IDS } from '../../charts/conventions.js';
import { planNextAction } from '../../charts/planNextAction.js';
import type { CombinedRecorder } from 'footprintjs';
import {
  StageReceiptRecorder,
  compactReceipts,
  stageReceiptSchema,
  type KeyTouch,
  type StageReceipt,
  type WriteTouch,
} from '../../recorders/stageReceipts.js';
import { summarizeValue } from '../../recorders/summarize.js';
import {
  level1Snapshot,
  localProvider,
  oscillatingHistory,
  planningRequest,
  scriptedProvider,
  shownCandidateIds,
} from '../charts/helpers.js';

const snapshot = level1Snapshot();

describe('StageReceiptRecorder', () => {
  it('lists reads and writes by key with one-line summaries; no values unless asked', async () => {
    const recorder = new StageReceiptRecorder();
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider(), recorders: [recorder] });
    for (const receipt of result.traceStep.receipts) stageReceiptSchema.parse(receipt);
    const analyze = recorder.receipts().find((r) => r.stageId === STAGE_IDS.analyze)!;
    expect(analyze.reads.map((r) => r.key)).toEqual(['options', 'history']);
    expect(analyze.writes.map((w) => [w.key, w.op])).toEqual([
      ['facts', 'set'],
      ['stall', 'set'],
      ['stallSeverity', 'set'],
    ]);
    // heavy values are artifact refs in scope: the receipt shows their one-line summaries
    expect(analyze.reads.find((r) => r.key === 'history')!.summary).toBe('0 entries');
    expect(analyze.writes.find((w) => w.key === 'facts')!.summary).toMatch(/^tick \d+ running, runner \d+,\d+, \d+ gold left, risk \w+$/);
    expect(analyze.writes.find((w) => w.key === 'stall')!.summary).toBe('none');
    expect(analyze.writes.find((w) => w.key === 'stallSeverity')!.summary).toBe('"none"');
    expect(recorder.receipts().every((r) => [...r.reads, ...r.writes].every((t) => t.value === undefined && t.count !== 1))).toBe(true);
    expect(recorder.receipts().every((r) => r.error === undefined && r.emits.every((e) => e.payload === undefined))).toBe(true);

    // the trace step leaves out a read's summary when the key's last touch showed the same one
    const stepAnalyze = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.analyze)!;
    expect(stepAnalyze.reads).toEqual([{ key: 'options' }, { key: 'history' }]);
    const seed = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.seed)!;
    expect(seed.writes.find((w) => w.key === 'history')).toMatchObject({ summary: '0 entries', op: 'set' });
    const callLlm = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.callLlm)!;
    expect(callLlm.writes.find((w) => w.key === 'reply')!.summary).toMatch(/^attempt 0: ok, \d+ chars$/);
  });

  it('scope state stays small: every value a stage writes is a short plain value or an artifact ref', async () => {
    const sizes: [string, number][] = [];
    const sizer: CombinedRecorder = { id: 'test-sizes', onWrite: (e) => void sizes.push([e.key, JSON.stringify(e.value)?.length ?? 0]) };
    await planNextAction(planningRequest(snapshot, { history: oscillatingHistory(snapshot, 10) }), {
      provider: localProvider(),
      recorders: [sizer],
    });
    expect(sizes.length).toBeGreaterThan(20);
    for (const [key, size] of sizes) expect([key, size < 600]).toEqual([key, true]);
  });

  it('compactReceipts: a read shows its summary only when it differs from the key’s last shown one', () => {
    const receipt = (runtimeStageId: string, reads: KeyTouch[], writes: WriteTouch[]): StageReceipt => ({
      runtimeStageId,
      stageId: runtimeStageId.split('#')[0]!,
      subflowPath: [],
      kind: 'linear',
      parentRuntimeStageId: null,
      reads,
      writes,
      emits: [],
      durationMs: 0.1,
      status: 'ok',
    });
    const compact = compactReceipts([
      receipt('a#0', [], [{ key: 'k', summary: 'one', op: 'set' }]),
      receipt(
        'b#1',
        [
          { key: 'k', summary: 'one' },
          { key: 'j', summary: 'first' },
        ],
        [],
      ),
      receipt(
        'c#2',
        [
          { key: 'k', summary: 'two' },
          { key: 'j', summary: 'first', count: 2 },
        ],
        [],
      ),
    ]);
    expect(compact.map((r) => r.reads)).toEqual([
      [],
      [{ key: 'k' }, { key: 'j', summary: 'first' }],
      [
        { key: 'k', summary: 'two' },
        { key: 'j', count: 2 },
      ],
    ]);
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
        default: 'fallback',
        defaultLabel: expect.any(String),
        rules: [expect.objectContaining({ branch: 'retry', matched: true, evidence: ['recoveryStep "retry" eq "retry" ✓'] })],
      },
      expect.objectContaining({ chosen: 'fallback', rules: [expect.objectContaining({ matched: false })] }),
    ]);
    // Fallback and Action run once, after the last pass (Action ends the run).
    expect(result.traceStep.receipts.filter((r) => r.stageId === STAGE_IDS.fallback)).toHaveLength(1);
    expect(result.traceStep.receipts.filter((r) => r.stageId === STAGE_IDS.action)).toHaveLength(1);
    expect(result.traceStep.receipts.at(-1)!.stageId).toBe(STAGE_IDS.action);
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

  it('summarizeValue: strings cut, arrays counted, objects by field, artifact refs by their summary', () => {
    expect(summarizeValue('short')).toBe('"short"');
    expect(summarizeValue('x'.repeat(100))).toBe(`"${'x'.repeat(60)}"… (100 chars)`);
    expect(summarizeValue([1, 2, 3])).toBe('(3 items)');
    expect(summarizeValue({ a: 1, b: 'two', c: [1], d: null })).toBe('{a: 1, b: "two", c, d: null}');
    expect(summarizeValue({ first: 'y'.repeat(40), second: 'z'.repeat(40), third: 3 })).toBe(`{first: "${'y'.repeat(23)}…", … +2}`);
    expect(summarizeValue({ ref: 'facts', summary: 'tick 6 running, runner 9,14, 5 gold left, risk low' })).toBe(
      'tick 6 running, runner 9,14, 5 gold left, risk low',
    );
    expect(summarizeValue(null)).toBe('null');
    expect(summarizeValue(42)).toBe('42');
  });
});
