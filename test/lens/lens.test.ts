// The lens endpoints against a real recorded run: Classic level 1 played in-process (runEpisode + the
// chart planner, local profile, every step traced, the agent recording saved and linked), served by the
// real app. Every step replays verified; a corrupted stored hash is named; missing things answer
// 404/409/400; the timeline has one cell per step; a what-if that forces a candidate walking into a
// guard shows the death within the horizon, beside the real run that lived.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterfactualAnswer, ReplayAnswer, TimelineAnswer } from '../../src/lens/types.js';
import { TRACE_FILE_NAME } from '../../src/stores/index.js';
import { TRACE_ID, copyDataDir, recordClassic1, removeDir, startLensServer, type LensServer } from './helpers.js';

let dataDir: string;
let server: LensServer;
let stepCount: number;
const dirs: string[] = [];

beforeAll(async () => {
  ({ dataDir } = await recordClassic1());
  dirs.push(dataDir);
  server = await startLensServer(dataDir);
  stepCount = (await server.traceStore.getRun(TRACE_ID))!.steps.length;
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const dir of dirs) await removeDir(dir);
});

const replayPath = (n: number, traceId = TRACE_ID) => `/api/agent/traces/${traceId}/steps/${n}/replay`;
const whatIfPath = (n: number) => `/api/agent/traces/${TRACE_ID}/steps/${n}/counterfactual`;

describe('GET /api/agent/traces/:traceId/steps/:n/replay', () => {
  it('re-materialises every step of the recorded run and verifies it', async () => {
    expect(stepCount).toBeGreaterThan(10);
    const failures: string[] = [];
    for (let n = 0; n < stepCount; n++) {
      const { status, body } = await server.get(replayPath(n));
      expect(status).toBe(200);
      const answer = body as ReplayAnswer;
      if (!answer.verified) failures.push(`step ${n}: ${answer.mismatches.map((m) => m.name).join(', ')}`);
      const failedChecks = answer.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.stored} vs ${c.recomputed}`);
      if (failedChecks.length) failures.push(`step ${n}: ${failedChecks.join('; ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the step as the model saw it: board, prompt pieces, answer, receipts with values, narrative, chart, backtrack', async () => {
    const { body } = await server.get(replayPath(3));
    const answer = body as ReplayAnswer;
    expect(answer.stepIndex).toBe(3);
    expect(answer.snapshot.baseGrid).toHaveLength(16);
    expect(answer.snapshot).not.toHaveProperty('engineState');
    expect(answer.compared).toBeGreaterThan(4);
    expect(answer.prompt!.system.length).toBeGreaterThan(20);
    const slots = answer.prompt!.pieces.map((p) => p.slot);
    expect(slots).toEqual(expect.arrayContaining(['task', 'rules', 'state-summary', 'candidates', 'history']));
    for (const piece of answer.prompt!.pieces) expect(piece.matches).toBe(true);
    expect(answer.modelAnswer.candidateId).toBe(answer.chosen.candidateId);
    const propose = answer.stages.find((s) => s.stageId === 'sf-candidates/propose-candidates')!;
    expect(propose.writes.find((w) => w.key === 'candidates')?.value).toEqual(expect.any(Array));
    expect(answer.narrative.length).toBeGreaterThan(5);
    expect(answer.chartSnapshot.executed.map((s) => s.stageId)).toEqual(
      expect.arrayContaining(['seed', 'analyze', 'context', 'message-api', 'call-llm']),
    );
    expect(answer.chartSnapshot.structure).toMatchObject({ id: 'seed' });
    expect(answer.candidates.find((c) => c.chosen)?.id).toBe(answer.chosen.candidateId);
    expect(answer.backtrack.map((h) => h.id)).toEqual(['action', 'candidate', 'choice', 'prompt', 'slot', 'facts']);
    const promptHop = answer.backtrack.find((h) => h.id === 'prompt')!;
    const piece = answer.prompt!.pieces[promptHop.prompt!.pieceIndex];
    expect(piece.slot).toBe('candidates');
    expect(piece.text.split('\n')[promptHop.prompt!.fromLine]).toContain(`id=${answer.chosen.candidateId}`);
    expect(answer.backtrack.find((h) => h.id === 'facts')!.marks.some((m) => m.role === 'guard')).toBe(true);
  });

  it('replays from the run’s engine seed when it is given', async () => {
    const last = stepCount - 1;
    const answer = (await server.get(`${replayPath(last)}?seed=1`)).body as ReplayAnswer;
    expect(answer.verified).toBe(true);
    expect(answer.checks.find((c) => c.name === 'random generator')?.recomputed).toBe('replayed from seed 1');
  });

  it('names the mismatch when a stored hash was corrupted', async () => {
    const copy = await copyDataDir(dataDir);
    dirs.push(copy);
    const file = join(copy, TRACE_FILE_NAME);
    const store = JSON.parse(await readFile(file, 'utf8'));
    const step = store.runs[TRACE_ID].steps[3];
    const pieces = step.modelCall.receipt.pieces as { slot: string; sha256: string }[];
    const index = pieces.findIndex((p) => p.slot === 'state-summary');
    pieces[index].sha256 = '0'.repeat(64);
    await writeFile(file, JSON.stringify(store));
    const corrupted = await startLensServer(copy);
    try {
      const bad = (await corrupted.get(replayPath(3))).body as ReplayAnswer;
      expect(bad.verified).toBe(false);
      expect(bad.mismatches.map((m) => m.name)).toEqual([`piece ${index} (state-summary)`]);
      expect(bad.prompt!.pieces[index].matches).toBe(false);
      const good = (await corrupted.get(replayPath(4))).body as ReplayAnswer;
      expect(good.verified).toBe(true);
    } finally {
      await corrupted.close();
    }
  });

  it('answers 404 for an unknown trace or step, 400 for a bad step, 409 when the run has no recording', async () => {
    expect((await server.get(replayPath(0, 'no-such-run'))).status).toBe(404);
    const unknownStep = await server.get(replayPath(9999));
    expect(unknownStep.status).toBe(404);
    expect(unknownStep.body.error).toBe(`there is no step 9999 in this run: its steps are 0 to ${stepCount - 1}`);
    expect(unknownStep.body.validRange).toEqual({ from: 0, to: stepCount - 1 });
    expect((await server.get(`/api/agent/traces/${TRACE_ID}/steps/x/replay`)).status).toBe(400);
    expect((await server.get(`${replayPath(1)}?seed=abc`)).status).toBe(400);

    const run = (await server.traceStore.getRun(TRACE_ID))!;
    await server.traceStore.appendStep('lens-unrecorded', run.steps[0], { playData: 1, level: 1 });
    const missing = await server.get(replayPath(0, 'lens-unrecorded'));
    expect(missing.status).toBe(409);
    expect(missing.body.error).toMatch(/no saved recording/);
  });
});

describe('GET /api/agent/traces/:traceId/cause', () => {
  it('a cleared run answers that nothing was lost: pointOfNoReturn null', async () => {
    const { status, body } = await server.get(`/api/agent/traces/${TRACE_ID}/cause`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ traceId: TRACE_ID, outcome: { result: 'success' }, pointOfNoReturn: null, decisive: null, checked: [] });
    expect(body.note).toMatch(/cleared/);
  });
});

describe('GET /api/agent/traces/:traceId/timeline', () => {
  it('has one cell per step with the chosen candidate’s lane', async () => {
    const { status, body } = await server.get(`/api/agent/traces/${TRACE_ID}/timeline`);
    expect(status).toBe(200);
    const timeline = body as TimelineAnswer;
    expect(timeline.hasRecording).toBe(true);
    expect(timeline.cells).toHaveLength(stepCount);
    expect(timeline.cells.every((c) => typeof c.lane === 'string')).toBe(true);
    expect(timeline.cells[0]).toMatchObject({ stepIndex: 0, tick: 0 });
    expect((await server.get('/api/agent/traces/nope/timeline')).status).toBe(404);
  });
});

describe('POST /api/agent/traces/:traceId/steps/:n/counterfactual', () => {
  it('forcing a candidate that walks into a guard shows the death within the horizon', async () => {
    // Shown candidates are guard-safe by construction (exact simulation rejects the deadly ones), so
    // the what-if forces a proposal the step rejected with "the simulated action kills the runner
    // (guard)": the lens plays it past validation, as the question is "what if the agent had done it".
    const run = (await server.traceStore.getRun(TRACE_ID))!;
    const target = run.steps
      .flatMap((s) => {
        const step = s as { stepIndex: number; planner: { dispositions: { id: string; disposition: string; why: string }[] } };
        return step.planner.dispositions.map((d) => ({ step: step.stepIndex, ...d }));
      })
      .find((d) => d.disposition === 'safety_rejection' && d.why.includes('kills the runner (guard)'));
    expect(target, 'the recorded run has a step where a proposal walks into a guard').toBeDefined();
    const { status, body } = await server.post(whatIfPath(target!.step), { forceCandidateId: target!.id, horizonTicks: 60 });
    expect(status).toBe(200);
    const answer = body as CounterfactualAnswer;
    expect(answer.choice).toMatchObject({ candidateId: target!.id, forcedPastValidation: true, forcedDisposition: 'safety_rejection' });
    expect(answer.choice.outcome?.died).toBe(true);
    expect(answer.whatIf.alive).toBe(false);
    expect(answer.whatIf.state).toBe('runner_dead');
    expect(answer.whatIf.diedAtTick).not.toBeNull();
    expect(answer.whatIf.diedAtTick!).toBeLessThanOrEqual(answer.whatIf.path[0].tick + 60);
    // The real side is shown over the same ticks (at least to the what-if's death), alive.
    expect(answer.actual.tick).toBeGreaterThanOrEqual(answer.whatIf.tick);
    expect(answer.actual.alive).toBe(true);
    expect(answer.actual.steps).toBeGreaterThan(0);
  });

  it('re-plans with another slot variant and plays forward beside what really happened', async () => {
    const { status, body } = await server.post(whatIfPath(2), { slots: { candidates: 'geometric' }, horizonTicks: 30 });
    expect(status).toBe(200);
    const answer = body as CounterfactualAnswer;
    expect(answer.request.slots.candidates).toBe('geometric');
    expect(answer.choice.candidateId).toEqual(expect.any(String));
    expect(answer.horizonTicks).toBe(30);
    // Both sides at the same ticks: every 6 from the step, ending at the horizon.
    expect(answer.whatIf.path.map((p) => p.tick)).toEqual(answer.actual.path.map((p) => p.tick));
    expect(answer.whatIf.ticks).toBe(30);
    expect(answer.actual.ticks).toBe(30);
    expect(answer.whatIf.steps).toBeGreaterThan(0);
  });

  it('rejects a bad body, an unknown variant and an unknown candidate', async () => {
    expect((await server.post(whatIfPath(2), { horizonTicks: 3001 })).status).toBe(400);
    expect((await server.post(whatIfPath(2), { horizonSteps: 5 })).status).toBe(400);
    expect((await server.post(whatIfPath(2), { forceKeys: [{ keyCode: 65, ticks: 3 }] })).status).toBe(400);
    expect((await server.post(whatIfPath(2), { forceKeys: [{ keyCode: 37, ticks: 21 }] })).status).toBe(400);
    const both = await server.post(whatIfPath(2), { forceCandidateId: 'x', forceKeys: [{ keyCode: 37, ticks: 3 }] });
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/not both/);
    expect((await server.post(whatIfPath(2), { slots: { candidates: 'nope' } })).status).toBe(400);
    const unknown = await server.post(whatIfPath(2), { forceCandidateId: 'no_such_candidate' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.known).toEqual(expect.any(Array));
  });
});
