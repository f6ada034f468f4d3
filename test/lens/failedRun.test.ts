// The lens on a recorded failed run (a level the agent dies on, fixed seed, a guard reborn before the
// end): every step re-materialises to exactly the engine state the planner was handed (its random
// generator and respawn order too) and verifies with no seed given; the point of no return is found
// (GET .../cause), its alternative survives when posted to the what-if, and a cleared run has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeSteps } from '../../src/lens/materialize.js';
import { parseSteps } from '../../src/lens/storedStep.js';
import type { CauseAnswer } from '../../src/lens/cause.js';
import type { CounterfactualAnswer, ReplayAnswer } from '../../src/lens/types.js';
import { FAILED_TRACE_ID, recordFailedRun, removeDir, startLensServer, type FailedRun, type LensServer } from './helpers.js';

let failed: FailedRun;
let server: LensServer;

beforeAll(async () => {
  failed = await recordFailedRun();
  server = await startLensServer(failed.dataDir);
}, 240_000);

afterAll(async () => {
  await server?.close();
  if (failed) await removeDir(failed.dataDir);
});

const replayPath = (n: number) => `/api/agent/traces/${FAILED_TRACE_ID}/steps/${n}/replay`;

describe('every step of a failed run verifies, with no seed given', () => {
  it('re-materialises each step to the engine state the planner was handed, field for field', async () => {
    const run = (await server.traceStore.getRun(FAILED_TRACE_ID))!;
    const recording = (await server.recordingStore.get(FAILED_TRACE_ID))!;
    const { steps } = parseSteps(run.steps);
    expect(steps).toHaveLength(failed.handed.length);
    const materialized = materializeSteps(run.playData, recording.demo, steps, steps.length - 1);
    const reborn = failed.handed.findIndex((state) => state.bornColumns.length > 0);
    expect(reborn, 'a guard was reborn before the last step (its respawn order matters)').toBeGreaterThan(0);
    const differing = materialized.before.flatMap(({ stepIndex, snapshot }) => {
      const handed = { ...failed.handed[stepIndex], recording: null };
      return JSON.stringify(snapshot.engineState) === JSON.stringify(handed) ? [] : [stepIndex];
    });
    expect(differing).toEqual([]);
  });

  it('replays every step verified, those after a guard’s rebirth included', async () => {
    const failures: string[] = [];
    for (let n = 0; n < failed.handed.length; n++) {
      const { status, body } = await server.get(replayPath(n));
      expect(status).toBe(200);
      const answer = body as ReplayAnswer;
      if (!answer.verified) failures.push(`step ${n}: ${answer.mismatches.map((m) => m.name).join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

const causePath = `/api/agent/traces/${FAILED_TRACE_ID}/cause`;

describe('GET /api/agent/traces/:traceId/cause on the failed run', () => {
  let cause: CauseAnswer & { cached: boolean };

  beforeAll(async () => {
    const { status, body } = await server.get(causePath);
    expect(status).toBe(200);
    cause = body;
  }, 120_000);

  it('names the point of no return: the decisive step, what was chosen there, and why', () => {
    expect(cause.outcome).toMatchObject({ result: 'failure', deathTick: failed.episode.ticks });
    expect(cause.pointOfNoReturn).not.toBeNull();
    const { stepIndex, tick } = cause.pointOfNoReturn!;
    expect(stepIndex).toBeGreaterThanOrEqual(0);
    expect(stepIndex).toBeLessThan(failed.handed.length);
    expect(tick).toBe(failed.handed[stepIndex].tick);
    expect(cause.decisive!.stepIndex).toBe(stepIndex);
    expect(cause.decisive!.chosen.candidateId).toEqual(expect.any(String));
    expect(cause.decisive!.chosen.summary).toContain(cause.decisive!.chosen.candidateId);
    expect(cause.decisive!.why.reason).toEqual(expect.any(String));
    expect(cause.checked.find((c) => c.stepIndex === stepIndex)?.verdict).toBe('survivable');
    expect(cause.budgetTicks).toBeGreaterThan(0);
    expect(cause.timeLimitMs).toBeGreaterThan(0);
    expect(cause.cached).toBe(false);
  });

  it('finds no survival from the step after it, nor from any later step searched', () => {
    const { stepIndex } = cause.pointOfNoReturn!;
    const after = cause.checked.filter((c) => c.stepIndex > stepIndex);
    expect(after.map((c) => c.stepIndex)[0] ?? stepIndex + 1).toBe(stepIndex + 1);
    // Every step from the one after the point of no return to the death was searched, none survivable.
    expect(after.map((c) => c.stepIndex)).toEqual(
      Array.from({ length: failed.handed.length - stepIndex - 1 }, (_, i) => stepIndex + 1 + i),
    );
    for (const c of after) expect(c.verdict).not.toBe('survivable');
  });

  it('its alternative, posted as it is to the what-if, lives 60 ticks past the real death', async () => {
    const { stepIndex } = cause.decisive!;
    const { status, body } = await server.post(
      `/api/agent/traces/${FAILED_TRACE_ID}/steps/${stepIndex}/counterfactual`,
      cause.decisive!.alternative,
    );
    expect(status).toBe(200);
    const answer = body as CounterfactualAnswer;
    expect(answer.whatIf.tick).toBe(failed.episode.ticks + 60);
    expect(answer.whatIf.alive || answer.whatIf.cleared).toBe(true);
    // What really happened over the same ticks: the death.
    expect(answer.actual.alive).toBe(false);
    expect(answer.actual.diedAtTick).toBe(failed.episode.ticks);
  }, 60_000);

  it('is cached with the run: asked again it answers at once, and the run list says where the run was lost', async () => {
    const again = (await server.get(causePath)).body as CauseAnswer & { cached: boolean };
    expect(again.cached).toBe(true);
    expect(again.pointOfNoReturn).toEqual(cause.pointOfNoReturn);
    const runs = (await server.get('/api/agent/traces')).body.runs as { traceId: string; lostAt: unknown }[];
    expect(runs.find((r) => r.traceId === FAILED_TRACE_ID)?.lostAt).toEqual({
      stepIndex: cause.pointOfNoReturn!.stepIndex,
      tick: cause.pointOfNoReturn!.tick,
      chosen: cause.decisive!.chosen.summary,
      verdict: 'lost',
    });
  });

  it('says separately whether the level could still be cleared, from no later than the point of no return; a clear found, posted to the what-if, clears the level', async () => {
    // the clear search ran from the point of no return back (its witnesses are exact keys; a step without one is unknown)
    expect(cause.clearChecked.length).toBeGreaterThan(0);
    expect(Math.max(...cause.clearChecked.map((c) => c.stepIndex))).toBe(cause.pointOfNoReturn!.stepIndex);
    const clear = cause.stillClearable;
    if (!clear) {
      for (const c of cause.clearChecked) expect(c.verdict).toBe('unknown');
      expect(cause.clearNote).toMatch(/^no clear was found from steps \d+\.\.\d+ .*unknown whether it still could be cleared$/);
      return;
    }
    expect(clear.tick).toBe(failed.handed[clear.stepIndex].tick);
    for (const c of cause.clearChecked)
      expect(c.verdict).toBe(c.stepIndex > clear.stepIndex ? 'unknown' : c.stepIndex === clear.stepIndex ? 'clearable' : c.verdict);
    const { status, body } = await server.post(
      `/api/agent/traces/${FAILED_TRACE_ID}/steps/${clear.stepIndex}/counterfactual`,
      clear.alternative,
    );
    expect(status).toBe(200);
    expect((body as CounterfactualAnswer).whatIf.cleared).toBe(true);
  }, 60_000);

  it('answers 404 for an unknown run and 400 for a bad id', async () => {
    expect((await server.get('/api/agent/traces/no-such-run/cause')).status).toBe(404);
    expect((await server.get(`/api/agent/traces/${'x'.repeat(300)}/cause`)).status).toBe(400);
  });
});

describe('the what-if on the failed run', () => {
  it('forces a planned_route proposal the chart rejected, and lists no id as both shown and rejected', async () => {
    const run = (await server.traceStore.getRun(FAILED_TRACE_ID))!;
    const { steps } = parseSteps(run.steps);
    const rejected = steps
      .flatMap((s) => (s.planner?.dispositions ?? []).map((d) => ({ step: s.stepIndex, shown: s.candidates.map((c) => c.id), ...d })))
      .find((d) => d.kind === 'planned_route' && d.disposition !== 'exposed' && !d.shown.includes(d.id));
    expect(rejected, 'the run has a step whose planned_route was not shown').toBeDefined();
    const replay = (await server.get(replayPath(rejected!.step))).body as ReplayAnswer;
    const shown = new Set(replay.dispositions.filter((d) => d.disposition === 'exposed').map((d) => d.id));
    expect(replay.dispositions.filter((d) => d.disposition !== 'exposed' && shown.has(d.id))).toEqual([]);
    const { status, body } = await server.post(`/api/agent/traces/${FAILED_TRACE_ID}/steps/${rejected!.step}/counterfactual`, {
      forceCandidateId: rejected!.id,
      horizonTicks: 30,
    });
    expect(status).toBe(200);
    expect((body as CounterfactualAnswer).choice).toMatchObject({ candidateId: rejected!.id, forcedPastValidation: true });
  }, 60_000);
});
