// The lens on a recorded failed run (a level the agent dies on, fixed seed, a guard reborn before the
// end): every step re-materialises to exactly the engine state the planner was handed (its random
// generator and respawn order too) and verifies with no seed given; the point of no return is found
// (GET .../cause), its alternative survives when posted to the what-if, and a cleared run has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeSteps } from '../../src/lens/materialize.js';
import { parseSteps } from '../../src/lens/storedStep.js';
import type { ReplayAnswer } from '../../src/lens/types.js';
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
