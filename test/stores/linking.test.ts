// Agent recording <-> run linking: saving sets the run's outcome (creating a zero-step run when
// planning failed before any step), deleting removes both, and a level's records carry their run.
import { describe, expect, it } from 'vitest';
import { RecordingStore, TraceStore, deleteRecordingAndTrace, recordsWithTraces, saveRecordingAndLink } from '../../src/stores/index.js';
import { demo, runMeta, step, steppingClock, tempDataDir } from './helpers.js';

async function openBoth() {
  const dir = await tempDataDir();
  const now = steppingClock();
  const recordings = await RecordingStore.open(dir, { now });
  const traces = await TraceStore.open(dir, { now });
  return { dir, recordings, traces, close: () => Promise.all([recordings.close(), traces.close()]) };
}

const finalSnapshot = {
  gameStateName: 'runner_dead',
  tick: 311,
  time: 311,
  score: 250,
  godMode: false,
  runner: { x: 4, y: 9, xOffset: 0 },
  gold: { remainingCount: 3, complete: false },
};

describe('saveRecordingAndLink', () => {
  it("sets the linked run's outcome from the record", async () => {
    const { recordings, traces, close } = await openBoth();
    await traces.appendStep('run-1', step(0), runMeta(1, 1));
    const { record, run } = await saveRecordingAndLink(recordings, traces, 1, 1, {
      source: 'agent',
      traceId: 'run-1',
      solver: { model: 'policy', failureReason: 'caught by a guard' },
      demo: demo(1, 0),
      finalSnapshot,
    });
    expect(record).toMatchObject({ id: 'run-1', traceId: 'run-1', result: 'failure' });
    expect(run).toMatchObject({ traceId: 'run-1', stepCount: 1 });
    const stored = await traces.getRun('run-1');
    expect(stored?.outcome).toEqual({
      result: 'failure',
      reason: 'caught by a guard',
      finalState: {
        finished: false,
        ticks: 120,
        gameStateName: 'runner_dead',
        tick: 311,
        time: 311,
        score: 250,
        godMode: false,
        runner: { x: 4, y: 9 },
        goldRemaining: 3,
        goldComplete: false,
      },
    });
    expect(stored?.steps).toHaveLength(1);
    await close();
  });

  it('creates a zero-step run when planning failed before any step, so the outcome is kept', async () => {
    const { dir, recordings, traces, close } = await openBoth();
    await saveRecordingAndLink(recordings, traces, 2, 5, {
      source: 'agent',
      traceId: 'never-planned',
      solver: { modelProfile: 'openai', provider: 'openai', model: 'gpt-x', failureReason: 'provider unreachable' },
      demo: demo(5, 0),
    });
    await close();

    const reloaded = await TraceStore.open(dir);
    const run = await reloaded.getRun('never-planned');
    expect(run).toMatchObject({
      playData: 2,
      level: 5,
      stepCount: 0,
      steps: [],
      model: { modelProfile: 'openai', provider: 'openai', model: 'gpt-x', modelSource: 'recording' },
      outcome: { result: 'failure', reason: 'provider unreachable', finalState: { finished: false, ticks: 120 } },
    });
    await reloaded.close();
  });

  it('leaves the traces alone for user records', async () => {
    const { recordings, traces, close } = await openBoth();
    const { record, run } = await saveRecordingAndLink(recordings, traces, 1, 1, { source: 'user', demo: demo(), traceId: 'ignored' });
    expect(run).toBeNull();
    expect(record.id.startsWith('user:')).toBe(true);
    expect(record).not.toHaveProperty('traceId');
    expect(await traces.listRuns()).toEqual([]);
    expect(traces.writeCount).toBe(0);
    await close();
  });

  it('touches neither store when the body is bad', async () => {
    const { recordings, traces, close } = await openBoth();
    await expect(saveRecordingAndLink(recordings, traces, 1, 1, { source: 'agent', demo: demo() })).rejects.toThrow(/traceId/);
    expect(recordings.writeCount + traces.writeCount).toBe(0);
    await close();
  });
});

describe('deleteRecordingAndTrace', () => {
  it('deletes an agent record and its run, and reports the newest remaining record', async () => {
    const { recordings, traces, close } = await openBoth();
    const user = await recordings.save(1, 1, { source: 'user', demo: demo() });
    await traces.appendStep('run-a', step(0), runMeta());
    await saveRecordingAndLink(recordings, traces, 1, 1, { source: 'agent', traceId: 'run-a', demo: demo() });

    const result = await deleteRecordingAndTrace(recordings, traces, 1, 1);
    expect(result).toMatchObject({ deleted: { id: 'run-a' }, traceDeleted: true, traceId: 'run-a', latestRecord: { id: user.id } });
    expect(await traces.getRun('run-a')).toBeNull();
    await close();
  });

  it('deletes by traceId or recordId; a user record has no trace to delete; null when nothing matches', async () => {
    const { recordings, traces, close } = await openBoth();
    const user = await recordings.save(1, 1, { source: 'user', demo: demo() });
    await saveRecordingAndLink(recordings, traces, 1, 1, { source: 'agent', traceId: 'run-b', demo: demo() });
    await traces.ensureRun('unrelated', runMeta());

    const byTrace = await deleteRecordingAndTrace(recordings, traces, 1, 1, { traceId: 'run-b' });
    expect(byTrace).toMatchObject({ deleted: { id: 'run-b' }, traceDeleted: true, traceId: 'run-b' });

    const byId = await deleteRecordingAndTrace(recordings, traces, 1, 1, { recordId: user.id });
    expect(byId).toEqual({ deleted: user, traceDeleted: false, traceId: null, latestRecord: null });

    expect(await deleteRecordingAndTrace(recordings, traces, 1, 1)).toBeNull();
    expect(await deleteRecordingAndTrace(recordings, traces, 1, 1, { traceId: 'unrelated' })).toBeNull();
    expect(await traces.getRunSummary('unrelated')).not.toBeNull();
    await close();
  });

  it('reports traceDeleted false when the linked run was already pruned', async () => {
    const { recordings, traces, close } = await openBoth();
    await saveRecordingAndLink(recordings, traces, 1, 1, { source: 'agent', traceId: 'old-run', demo: demo() });
    await traces.deleteRun('old-run');
    expect(await deleteRecordingAndTrace(recordings, traces, 1, 1)).toMatchObject({ traceDeleted: false, traceId: 'old-run' });
    await close();
  });
});

describe('recordsWithTraces', () => {
  it("lists a level's records newest first, each with its run summary or null", async () => {
    const { recordings, traces, close } = await openBoth();
    await traces.appendStep('run-c', step(0), runMeta());
    await saveRecordingAndLink(recordings, traces, 1, 1, { source: 'agent', traceId: 'run-c', demo: demo() });
    const user = await recordings.save(1, 1, { source: 'user', demo: demo() });
    const { records, count } = await recordsWithTraces(recordings, traces, 1, 1);
    expect(count).toBe(2);
    expect(records[0]).toMatchObject({ id: user.id, trace: null });
    expect(records[1]).toMatchObject({
      id: 'run-c',
      trace: { traceId: 'run-c', stepCount: 1, latestAction: { keyCode: 39 }, model: { modelProfile: 'local' } },
    });
    await close();
  });
});
