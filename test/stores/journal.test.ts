// The trace store's journal (agent-traces.journal.jsonl): acknowledged changes survive a crash (a
// second instance opened without close() sees them), a torn last line is ignored, a corrupt or
// foreign journal is moved aside with a WARN, a crash in the middle of a compaction applies nothing
// twice, compaction keeps the journal small and the main file whole, and the bytes written per
// step stay a small constant times the step's own size however big the store grows.
import { appendFile, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRACE_JOURNAL_FILE_NAME, TraceStore, traceFileSchema, type TraceRun, type WriteStage } from '../../src/stores/index.js';
import { captureLogger, filesIn, runMeta, step, steppingClock, tempDataDir } from './helpers.js';

const MAIN = 'agent-traces.json';
const JOURNAL = TRACE_JOURNAL_FILE_NAME;

async function readMain(dir: string) {
  return traceFileSchema.parse(JSON.parse(await readFile(join(dir, MAIN), 'utf8')));
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

/** Every run with its steps, newest first: the whole observable state of a store. */
async function everything(store: TraceStore): Promise<TraceRun[]> {
  const runs: TraceRun[] = [];
  for (const { traceId } of await store.listRuns()) runs.push((await store.getRun(traceId))!);
  return runs;
}

/** A store with some history: 12 runs (so 2 pruned), steps, an outcome, a delete. Left open, as a crash would. */
async function storeWithHistory(dir: string) {
  const store = await TraceStore.open(dir, { now: steppingClock(), coalesceMs: 0 });
  for (let i = 0; i < 12; i++) await store.appendStep(`run-${i}`, step(0), runMeta(1, (i % 3) + 1));
  await Promise.all(Array.from({ length: 30 }, (_, i) => store.appendStep(`run-${2 + (i % 10)}`, step(1 + Math.floor(i / 10)))));
  await store.setOutcome('run-5', { result: 'success', reason: null, finalState: { finished: true } });
  await store.deleteRun('run-7');
  await store.appendStep('run-3', step(4, 37));
  return store;
}

describe('journal replay', () => {
  it('a new instance opened without close() sees every acknowledged change, pruning included', async () => {
    const dir = await tempDataDir();
    const store = await storeWithHistory(dir);
    const expected = await everything(store);
    expect(expected.map((run) => run.id)).toHaveLength(9); // 10 kept, 1 deleted
    expect(await filesIn(dir)).toEqual([JOURNAL, MAIN]);
    expect(Object.keys((await readMain(dir)).runs)).toEqual(['run-0']); // the first write made the main file; the rest is journal

    const { logger, lines } = captureLogger();
    const reopened = await TraceStore.open(dir, { logger, now: steppingClock(Date.parse('2026-06-01T00:00:00.000Z')) });
    expect(await everything(reopened)).toEqual(expected);
    expect(lines.filter((line) => /level=(WARN|ERROR)/.test(line))).toEqual([]);

    // It carries on from there, and its close() folds everything into the main file.
    expect(await reopened.appendStep('run-3', step(5))).toBe(6);
    await reopened.close();
    expect(await filesIn(dir)).toEqual([MAIN]);
    const third = await TraceStore.open(dir);
    expect((await third.getRun('run-3'))?.steps.map((s) => s.stepIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await everything(third)).map((run) => run.id)).toEqual([
      'run-3',
      ...expected.map((run) => run.id).filter((id) => id !== 'run-3'),
    ]);
    await third.close();
  });

  it('ignores a torn last line (a crash mid-append) and cuts it off before appending again', async () => {
    for (const torn of ['{"op":"step","id":"run-3","at":"2026-01-01T00:00', '{"op":"st\n', '\0\0\0\0']) {
      const dir = await tempDataDir();
      const store = await storeWithHistory(dir);
      const expected = await everything(store);
      await appendFile(join(dir, JOURNAL), torn);

      const { logger, lines } = captureLogger();
      const reopened = await TraceStore.open(dir, { logger });
      expect(await everything(reopened)).toEqual(expected);
      expect(lines.join('')).toMatch(/level=INFO .*torn last line ignored/);
      expect(lines.filter((line) => /level=(WARN|ERROR)/.test(line))).toEqual([]);

      expect(await reopened.appendStep('run-2', step(9))).toBe(5);
      const journal = await readFile(join(dir, JOURNAL), 'utf8');
      expect(journal.endsWith('\n')).toBe(true);
      for (const line of journal.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();

      const third = await TraceStore.open(dir, { logger });
      expect((await third.getRun('run-2'))?.steps.map((s) => s.stepIndex)).toEqual([0, 1, 2, 3, 9]);
      expect(lines.filter((line) => /level=(WARN|ERROR)/.test(line))).toEqual([]);
    }
  });

  it('moves a journal with a bad line in the middle aside with a WARN and goes on with the main file', async () => {
    for (const bad of [
      'this is not json',
      '{"op":"fly","id":"run-3"}',
      '{"op":"step","id":"no-such-run","at":"2026-01-01T00:00:00.000Z","step":{"stepIndex":0}}',
    ]) {
      const dir = await tempDataDir();
      await storeWithHistory(dir);
      const main = await readMain(dir);
      const lines = (await readFile(join(dir, JOURNAL), 'utf8')).split('\n');
      lines.splice(5, 0, bad);
      await writeFile(join(dir, JOURNAL), lines.join('\n'));

      const log = captureLogger();
      const reopened = await TraceStore.open(dir, { logger: log.logger });
      const warnings = log.lines.filter((line) => line.includes('level=WARN'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/corrupt store journal moved aside/);
      expect(warnings[0]).toContain(`store=${JOURNAL}`);
      const files = await filesIn(dir);
      expect(files.filter((name) => name.startsWith(`${JOURNAL}.corrupt-`))).toHaveLength(1);
      expect(files).not.toContain(JOURNAL);
      expect((await everything(reopened)).map((run) => run.id)).toEqual(Object.keys(main.runs)); // what the main file had

      await reopened.appendStep('after', step(0), runMeta());
      const third = await TraceStore.open(dir);
      expect((await third.listRuns()).map((run) => run.traceId).sort()).toEqual(['after', ...Object.keys(main.runs)].sort());
    }
  });

  it('moves aside a journal written against another main file', async () => {
    const dir = await tempDataDir();
    await storeWithHistory(dir);
    const other = await tempDataDir();
    const elsewhere = await TraceStore.open(other);
    await elsewhere.ensureRun('other', runMeta());
    await elsewhere.close();
    await copyFile(join(dir, JOURNAL), join(other, JOURNAL));

    const { logger, lines } = captureLogger();
    const reopened = await TraceStore.open(other, { logger });
    expect(lines.join('')).toMatch(/level=WARN .*corrupt store journal moved aside.*another version of the main file/);
    expect((await reopened.listRuns()).map((run) => run.traceId)).toEqual(['other']);
    expect((await filesIn(other)).some((name) => name.startsWith(`${JOURNAL}.corrupt-`))).toBe(true);
  });

  it('applies nothing twice after a crash between replacing the main file and removing the journal', async () => {
    const dir = await tempDataDir();
    const snapshots = await tempDataDir();
    let armed = false;
    const onWrite = async (stage: WriteStage) => {
      // Freeze the folder as a crash right after this stage of the flush's compaction would leave it.
      if (!armed || (stage !== 'compaction-marked' && stage !== 'main-replaced')) return;
      await mkdir(join(snapshots, stage));
      for (const name of [MAIN, JOURNAL]) await copyFile(join(dir, name), join(snapshots, stage, name));
    };
    const store = await TraceStore.open(dir, { now: steppingClock(), coalesceMs: 0, onWrite });
    for (let i = 0; i < 12; i++) await store.appendStep(`run-${i}`, step(0), runMeta());
    for (let i = 1; i < 4; i++) await store.appendStep('run-11', step(i));
    const expected = await everything(store);
    armed = true;
    await store.flush(); // a compaction
    expect(await filesIn(dir)).toEqual([MAIN]);

    for (const stage of ['compaction-marked', 'main-replaced']) {
      const { logger, lines } = captureLogger();
      const crashed = await TraceStore.open(join(snapshots, stage), { logger });
      expect(await everything(crashed), stage).toEqual(expected);
      expect(lines.filter((line) => /level=(WARN|ERROR)/.test(line))).toEqual([]);
    }
    // After the main file was replaced the journal is known to be folded in already: removed, not replayed.
    expect(await filesIn(join(snapshots, 'main-replaced'))).toEqual([MAIN]);
  });
});

describe('compaction', () => {
  it('folds the journal into the main file once it outgrows the main file; the main file always parses', async () => {
    const dir = await tempDataDir();
    const minBytes = 16 * 1024;
    const store = await TraceStore.open(dir, { coalesceMs: 0, compactMinBytes: minBytes });
    await store.ensureRun('r', runMeta());
    let polling = true;
    let reads = 0;
    const reader = (async () => {
      while (polling) {
        await readMain(dir); // throws on a torn or partial file
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let largestJournal = 0;
    const journalSizes: number[] = [];
    for (let i = 0; i < 120; i++) {
      await store.appendStep('r', { ...step(i), padding: 'x'.repeat(1500) });
      const journal = await sizeOf(join(dir, JOURNAL));
      journalSizes.push(journal);
      largestJournal = Math.max(largestJournal, journal);
      // Never past the threshold: max(minBytes, main file size).
      expect(journal).toBeLessThanOrEqual(Math.max(minBytes, await sizeOf(join(dir, MAIN))));
    }
    polling = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(store.compactionCount).toBeGreaterThanOrEqual(4);
    expect(journalSizes.some((size, i) => i > 0 && size < journalSizes[i - 1])).toBe(true); // it shrank
    expect((await readMain(dir)).runs.r.stepCount).toBeGreaterThan(60); // the main file caught up along the way

    const compactions = store.compactionCount;
    await store.flush();
    expect(store.compactionCount).toBe(compactions + 1);
    expect(await filesIn(dir)).toEqual([MAIN]);
    expect((await readMain(dir)).runs.r.steps.map((s) => s.stepIndex)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    await store.flush(); // nothing new: no write at all
    expect(store.compactionCount).toBe(compactions + 1);
    await store.close();
  });

  it('flush() waits for a compaction even while an append is in flight', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { coalesceMs: 0 });
    await store.ensureRun('r', runMeta());
    const appends = Array.from({ length: 20 }, (_, i) => store.appendStep('r', step(i)));
    await new Promise((resolve) => setImmediate(resolve)); // the first append write has started
    await store.flush();
    expect(await filesIn(dir)).toEqual([MAIN]);
    expect((await readMain(dir)).runs.r.stepCount).toBe(20);
    await Promise.all(appends);
    await store.close();
  });
});

describe('disk cost per step', () => {
  it('stays flat: 600 steps of ~10 KB over 10 runs write < 4x the steps bytes (whole-file writes: quadratic)', async () => {
    const dir = await tempDataDir();
    let hooked = 0;
    const store = await TraceStore.open(dir, { coalesceMs: 0, onWrite: (_stage, bytes) => void (hooked += bytes) });
    const padding = 'x'.repeat(10_000);
    let stepBytes = 0;
    let halfway = { written: 0, stepBytes: 0 };
    for (let round = 0; round < 60; round++) {
      // One request per run at a time, as 10 concurrent clients would send them.
      await Promise.all(
        Array.from({ length: 10 }, (_, run) => {
          const s = { ...step(round), padding };
          stepBytes += JSON.stringify(s).length;
          return store.appendStep(`run-${run}`, s, runMeta());
        }),
      );
      if (round === 29) halfway = { written: store.bytesWritten, stepBytes };
    }
    const beforeClose = store.bytesWritten;
    await store.close(); // one more compaction: the whole store
    const written = store.bytesWritten;
    expect(hooked).toBe(written); // the counter matches what the write stages report
    expect(store.writeCount).toBeGreaterThanOrEqual(60);
    expect(written / stepBytes).toBeLessThan(4);
    // Per step, the second half (the store twice as big) costs about what the first half did.
    const firstHalf = halfway.written / halfway.stepBytes;
    const secondHalf = (beforeClose - halfway.written) / (stepBytes - halfway.stepBytes);
    expect(firstHalf).toBeLessThan(3);
    expect(secondHalf).toBeLessThan(3);
    const file = await readMain(dir);
    expect(Object.values(file.runs).map((run) => run.stepCount)).toEqual(Array(10).fill(60));
    // Rewriting the whole file once per round would have cost sum(k/60 of the store), ~30x the steps.
    expect(written).toBeLessThan((await sizeOf(join(dir, MAIN))) * 4);
  }, 60_000);
});

describe('open', () => {
  it('removes temp files left by a crashed atomic write (of a process that is gone)', async () => {
    const dir = await tempDataDir();
    const dead = `.${MAIN}.tmp-2147483646-1`;
    const alive = `.${MAIN}.tmp-${process.ppid}-1`; // another live process mid-write: left alone
    await writeFile(join(dir, dead), '{"version":1,"upd');
    await writeFile(join(dir, alive), '{"version":1,"upd');
    const store = await TraceStore.open(dir);
    expect(await filesIn(dir)).toEqual([alive]);
    await store.close();
    await rm(join(dir, alive));
  });

  it('a journal append that fails is carried by the next write, once', async () => {
    const dir = await tempDataDir();
    const { logger } = captureLogger();
    const store = await TraceStore.open(dir, { coalesceMs: 0, logger });
    await store.ensureRun('r', runMeta()); // the main file
    await mkdir(join(dir, JOURNAL)); // a folder where the journal should go: appends fail
    await expect(store.appendStep('r', step(0))).rejects.toThrow();
    expect((await store.getRunSummary('r'))?.stepCount).toBe(1); // kept in memory
    await rm(join(dir, JOURNAL), { recursive: true });
    expect(await store.appendStep('r', step(1))).toBe(2);
    const reopened = await TraceStore.open(dir);
    expect((await reopened.getRun('r'))?.steps.map((s) => s.stepIndex)).toEqual([0, 1]);
    await store.close();
  });
});
