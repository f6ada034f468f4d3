// The trace store: runs and steps, pruning to the 10 most recently updated runs, concurrent
// appends that lose nothing, and writes that coalesce (far fewer writes than appends). What is "on
// disk" while a store is open is the main file plus its journal, so those checks open a second
// instance on the folder (as a restart would); after close() the main file alone holds everything.
// The journal itself (replay, torn lines, compaction, bytes per step) is journal.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreInputError, TraceNotFoundError, TraceStore, traceFileSchema, type TraceRun } from '../../src/stores/index.js';
import { captureLogger, runMeta, step, steppingClock, tempDataDir } from './helpers.js';

async function readTraceFile(dir: string) {
  return traceFileSchema.parse(JSON.parse(await readFile(join(dir, 'agent-traces.json'), 'utf8')));
}

/** What a restart would find on disk now (main file + journal), read by a second instance that is never closed. */
async function onDisk(dir: string) {
  const store = await TraceStore.open(dir, { logger: captureLogger().logger });
  const runs: Record<string, TraceRun> = {};
  for (const { traceId } of await store.listRuns()) runs[traceId] = (await store.getRun(traceId))!;
  return runs;
}

describe('TraceStore runs and steps', () => {
  it('creates a run, appends steps in order and persists them', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir);
    const created = await store.ensureRun('run-a', runMeta(1, 3));
    expect(created).toMatchObject({ traceId: 'run-a', playData: 1, level: 3, stepCount: 0, latestAction: null, outcome: null });

    expect(await store.appendStep('run-a', step(0, 37))).toBe(1);
    expect(await store.appendStep('run-a', step(1, 39))).toBe(2);

    const run = await store.getRun('run-a');
    expect(run?.steps.map((s) => s.stepIndex)).toEqual([0, 1]);
    expect(run?.latestAction).toEqual({ keyCode: 39, ticks: 4, reason: 'step 1' });
    expect(run?.slots).toEqual({ candidates: 'simulated' });
    expect(run?.config).toEqual({ backend: { candidateLimit: 7 } });

    // Each mutating call resolved after its change was on disk.
    const disk = await onDisk(dir);
    expect(disk['run-a'].stepCount).toBe(2);
    expect(disk['run-a'].steps[1]).toMatchObject({ stepIndex: 1, candidates: [{ id: 'c1' }] });
    await store.close();
    const file = await readTraceFile(dir);
    expect(file.runs['run-a'].stepCount).toBe(2);
    expect(file.runs['run-a'].steps[1]).toMatchObject({ stepIndex: 1, candidates: [{ id: 'c1' }] });
  });

  it('ensureRun leaves an existing run alone', async () => {
    const store = await TraceStore.open(await tempDataDir());
    await store.ensureRun('r', runMeta(1, 1));
    await store.appendStep('r', step(0));
    const again = await store.ensureRun('r', runMeta(2, 5));
    expect(again).toMatchObject({ playData: 1, level: 1, stepCount: 1 });
    await store.close();
  });

  it('appendStep needs an existing run unless it is given run metadata', async () => {
    const store = await TraceStore.open(await tempDataDir());
    await expect(store.appendStep('nope', step(0))).rejects.toBeInstanceOf(TraceNotFoundError);
    expect(await store.appendStep('fresh', step(0), runMeta())).toBe(1);
    expect(await store.getRunSummary('fresh')).toMatchObject({ stepCount: 1 });
    await store.close();
  });

  it('rejects steps without a numeric stepIndex and bad trace ids, writing nothing', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir);
    await store.ensureRun('r', runMeta());
    const writes = store.writeCount;
    await expect(store.appendStep('r', { action: {} })).rejects.toBeInstanceOf(StoreInputError);
    await expect(store.appendStep('r', { stepIndex: 'one' })).rejects.toThrow(/step\.stepIndex/);
    await expect(store.appendStep('r', 'not an object')).rejects.toBeInstanceOf(StoreInputError);
    await expect(store.ensureRun('bad id with spaces', runMeta())).rejects.toThrow(/traceId/);
    expect(store.writeCount).toBe(writes);
    expect((await store.getRunSummary('r'))?.stepCount).toBe(0);
    await store.close();
  });

  it('lists runs newest first without steps, and finds the latest run of a level', async () => {
    const store = await TraceStore.open(await tempDataDir(), { now: steppingClock() });
    await store.ensureRun('a', runMeta(1, 1));
    await store.ensureRun('b', runMeta(1, 2));
    await store.ensureRun('c', runMeta(1, 1));
    await store.appendStep('a', step(0)); // a is now the most recently updated
    const list = await store.listRuns();
    expect(list.map((r) => r.traceId)).toEqual(['a', 'c', 'b']);
    expect(list[0]).not.toHaveProperty('steps');
    expect((await store.latestRunFor(1, 1))?.traceId).toBe('a');
    expect((await store.latestRunFor(1, 2))?.traceId).toBe('b');
    expect(await store.latestRunFor(2, 1)).toBeNull();
    await store.close();
  });

  it('deletes a run', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir);
    await store.ensureRun('gone', runMeta());
    expect(await store.deleteRun('gone')).toBe(true);
    expect(await store.deleteRun('gone')).toBe(false);
    expect(await store.getRun('gone')).toBeNull();
    expect(await onDisk(dir)).toEqual({});
    await store.close();
    expect((await readTraceFile(dir)).runs).toEqual({});
  });

  it('setOutcome records the outcome, and creates a zero-step run when the run is missing', async () => {
    const store = await TraceStore.open(await tempDataDir());
    await store.ensureRun('r', runMeta());
    const outcome = { result: 'failure' as const, reason: 'died', finalState: { finished: false } };
    expect(await store.setOutcome('r', outcome)).toMatchObject({ traceId: 'r', outcome });
    await expect(store.setOutcome('missing', outcome)).rejects.toBeInstanceOf(TraceNotFoundError);
    const zero = await store.setOutcome('missing', outcome, runMeta(2, 4));
    expect(zero).toMatchObject({ traceId: 'missing', playData: 2, level: 4, stepCount: 0, outcome });
    await store.close();
  });
});

describe('TraceStore cached causes', () => {
  it('keeps a cause with its run (journaled, not counted as activity), summarises where it was lost, drops it with a new outcome', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { now: steppingClock() });
    await store.ensureRun('lost', runMeta());
    await store.ensureRun('newer', runMeta());
    const outcome = { result: 'failure' as const, reason: 'killed_by_hole', finalState: null };
    await store.setOutcome('lost', outcome);
    const before = (await store.getRunSummary('lost'))!.updatedAt;
    const cause = {
      version: 1,
      pointOfNoReturn: { stepIndex: 7, tick: 90 },
      decisive: { chosen: { summary: 'dig right for 12 ticks (x)' } },
    };
    await store.setCause('lost', cause);
    expect((await store.getRun('lost'))?.cause).toEqual(cause);
    expect(await store.getRunSummary('lost')).toMatchObject({
      updatedAt: before,
      lostAt: { stepIndex: 7, tick: 90, chosen: 'dig right for 12 ticks (x)', verdict: 'lost' },
    });
    expect((await onDisk(dir)).lost.cause).toEqual(cause);
    await expect(store.setCause('missing', cause)).rejects.toBeInstanceOf(TraceNotFoundError);
    await store.setOutcome('lost', outcome);
    expect((await store.getRun('lost'))?.cause).toBeUndefined();
    expect((await store.getRunSummary('lost'))?.lostAt).toBeNull();
    await store.close();
  });
});

describe('TraceStore pruning', () => {
  it('keeps the 10 most recently updated runs', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { now: steppingClock() });
    for (let i = 0; i < 10; i++) await store.ensureRun(`run-${i}`, runMeta());
    await store.appendStep('run-0', step(0)); // the oldest run becomes the newest
    await store.ensureRun('run-10', runMeta());
    await store.ensureRun('run-11', runMeta());

    const ids = (await store.listRuns()).map((r) => r.traceId);
    expect(ids).toHaveLength(10);
    expect(ids).toContain('run-0');
    expect(ids).not.toContain('run-1');
    expect(ids).not.toContain('run-2');
    expect(Object.keys(await onDisk(dir)).sort()).toEqual([...ids].sort());
    await store.close();
    expect(Object.keys((await readTraceFile(dir)).runs).sort()).toEqual([...ids].sort());
  });

  it('breaks equal timestamps by update order (a frozen clock)', async () => {
    const frozen = new Date('2026-02-02T00:00:00.000Z');
    const store = await TraceStore.open(await tempDataDir(), { now: () => frozen });
    for (let i = 0; i < 12; i++) await store.ensureRun(`run-${i}`, runMeta());
    const ids = (await store.listRuns()).map((r) => r.traceId);
    expect(ids).toEqual(Array.from({ length: 10 }, (_, k) => `run-${11 - k}`));
    await store.close();
  });
});

describe('TraceStore concurrency and coalescing', () => {
  it('loses no step when 50 appends across 10 runs race', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir);
    const runs = Array.from({ length: 10 }, (_, i) => `run-${i}`);
    const counts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.appendStep(runs[i % 10], step(Math.floor(i / 10)), runMeta())),
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => Math.floor(i / 10) + 1));
    await store.close();

    const reloaded = await TraceStore.open(dir);
    let total = 0;
    for (const id of runs) {
      const run = await reloaded.getRun(id);
      expect(run?.steps.map((s) => s.stepIndex)).toEqual([0, 1, 2, 3, 4]);
      expect(run?.stepCount).toBe(5);
      total += run!.steps.length;
    }
    expect(total).toBe(50);
    await reloaded.close();
  });

  it('writes the file far fewer times than steps are appended', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { coalesceMs: 50 });
    await store.ensureRun('burst', runMeta());
    const before = store.writeCount;
    const appends = Array.from({ length: 200 }, (_, i) => store.appendStep('burst', step(i)));
    await Promise.all(appends);
    const writes = store.writeCount - before;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(5);
    expect((await onDisk(dir)).burst.steps).toHaveLength(200);
    await store.close();
    expect((await readTraceFile(dir)).runs.burst.steps).toHaveLength(200);
  });

  it('caps writes at about one per interval when appends trickle in', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { coalesceMs: 50 });
    await store.ensureRun('stream', runMeta());
    const before = store.writeCount;
    const started = Date.now();
    const appends: Promise<number>[] = [];
    for (let i = 0; i < 200; i++) {
      appends.push(store.appendStep('stream', step(i)));
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 5)); // 20 bursts of 10 requests
    }
    await Promise.all(appends);
    const elapsed = Date.now() - started;
    const writes = store.writeCount - before;
    expect(writes).toBeLessThan(40); // 200 appends
    expect(writes).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 2);
    expect((await onDisk(dir)).stream.steps).toHaveLength(200);
    await store.close();
    expect((await readTraceFile(dir)).runs.stream.steps).toHaveLength(200);
  });
});
