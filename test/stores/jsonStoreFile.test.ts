// The shared file machinery: corrupt files moved aside, atomic replacement (no temp files left,
// a reader never sees a half-written file), flush/close, and what a failed write does.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoalescedWriter, atomicWriteFile } from '../../src/stores/jsonStoreFile.js';
import { RecordingStore, StoreClosedError, TraceStore, traceFileSchema } from '../../src/stores/index.js';
import { captureLogger, demo, filesIn, runMeta, step, tempDataDir } from './helpers.js';

describe('corrupt store files', () => {
  it('moves a file that is not JSON aside with a WARN and starts empty', async () => {
    const dir = await tempDataDir();
    await writeFile(join(dir, 'agent-traces.json'), '{"version":1, "runs": {', 'utf8');
    const { logger, lines } = captureLogger();
    const store = await TraceStore.open(dir, { logger });

    const files = await filesIn(dir);
    const aside = files.filter((name) => name.startsWith('agent-traces.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]), 'utf8')).toBe('{"version":1, "runs": {');
    expect(
      lines.some((line) => line.includes('level=WARN') && line.includes('store=agent-traces.json') && line.includes('.corrupt-')),
    ).toBe(true);

    expect(await store.listRuns()).toEqual([]);
    expect(await store.appendStep('after', step(0), runMeta())).toBe(1);
    await store.close();
    const file = traceFileSchema.parse(JSON.parse(await readFile(join(dir, 'agent-traces.json'), 'utf8')));
    expect(Object.keys(file.runs)).toEqual(['after']);
  });

  it('moves a file of the wrong shape aside too', async () => {
    const dir = await tempDataDir();
    await writeFile(join(dir, 'recordings.json'), JSON.stringify({ version: 2, records: [] }), 'utf8');
    const { logger, lines } = captureLogger();
    const store = await RecordingStore.open(dir, { logger });
    expect((await filesIn(dir)).some((name) => name.startsWith('recordings.json.corrupt-'))).toBe(true);
    expect(lines.join('')).toMatch(/level=WARN .*wrong shape/);
    expect((await store.contents()).records).toEqual({});
    await store.save(1, 1, { source: 'user', demo: demo() });
    expect((await store.recordsFor(1, 1)).length).toBe(1);
    await store.close();
  });

  it('starts empty without a WARN when the file is missing, and creates the data dir on first write', async () => {
    const dir = join(await tempDataDir(), 'not', 'yet');
    const { logger, lines } = captureLogger();
    const store = await TraceStore.open(dir, { logger });
    expect(await store.listRuns()).toEqual([]);
    expect(lines).toEqual([]);
    await store.ensureRun('r', runMeta());
    expect(await filesIn(dir)).toEqual(['agent-traces.json']);
    await store.close();
  });
});

describe('atomic writes', () => {
  it('leaves no temp file behind and always leaves a parseable file, even while a reader polls', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { coalesceMs: 1 });
    await store.ensureRun('r', runMeta());
    let reading = true;
    let reads = 0;
    const reader = (async () => {
      while (reading) {
        const text = await readFile(join(dir, 'agent-traces.json'), 'utf8');
        traceFileSchema.parse(JSON.parse(text)); // throws on a torn or partial file
        reads++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let i = 0; i < 100; i++) await store.appendStep('r', { ...step(i), padding: 'x'.repeat(2000) });
    reading = false;
    await reader;
    await store.close();
    expect(reads).toBeGreaterThan(0);
    expect(store.writeCount).toBeGreaterThan(10);
    expect(await filesIn(dir)).toEqual(['agent-traces.json']);
  });

  it('atomicWriteFile replaces content whole', async () => {
    const dir = await tempDataDir();
    const path = join(dir, 'x.json');
    await atomicWriteFile(path, '{"a":1}');
    await atomicWriteFile(path, '{"a":2}');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ a: 2 });
    expect(await filesIn(dir)).toEqual(['x.json']);
  });
});

describe('flush and close', () => {
  it('flush() writes a pending change without waiting for the interval', async () => {
    const dir = await tempDataDir();
    const store = await TraceStore.open(dir, { coalesceMs: 60_000 });
    await store.appendStep('r', step(0), runMeta()); // first write goes out at once (leading edge)
    const second = store.appendStep('r', step(1)); // would wait up to a minute
    let durable = false;
    void second.then(() => (durable = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(durable).toBe(false);
    expect((await store.getRun('r'))?.stepCount).toBe(2); // memory is already up to date
    await store.flush();
    expect(await second).toBe(2);
    const file = traceFileSchema.parse(JSON.parse(await readFile(join(dir, 'agent-traces.json'), 'utf8')));
    expect(file.runs.r.stepCount).toBe(2);
    await store.close();
  });

  it('close() flushes, then refuses changes but still answers reads', async () => {
    const dir = await tempDataDir();
    const store = new TraceStore(dir, { coalesceMs: 60_000 });
    await store.appendStep('r', step(0), runMeta());
    const pending = store.appendStep('r', step(1));
    await store.close();
    expect(await pending).toBe(2);
    await expect(store.appendStep('r', step(2))).rejects.toBeInstanceOf(StoreClosedError);
    expect((await store.getRunSummary('r'))?.stepCount).toBe(2);
    const reloaded = await TraceStore.open(dir);
    expect((await reloaded.getRun('r'))?.steps).toHaveLength(2);
    await reloaded.close();
  });
});

describe('a failed write', () => {
  it('rejects the waiting change, keeps it in memory, and the next flush writes it', async () => {
    const dir = await tempDataDir();
    const blocker = join(dir, 'blocked');
    await writeFile(blocker, 'a file where the folder should be', 'utf8');
    const { logger, lines } = captureLogger();
    let content = 'v1';
    const writer = new CoalescedWriter({
      filePath: join(blocker, 'store.json'),
      serialize: () => JSON.stringify({ content }),
      coalesceMs: 5,
      logger,
    });

    writer.changed();
    await expect(writer.settled()).rejects.toThrow();
    expect(writer.pending).toBe(true);
    expect(writer.writeCount).toBe(0);
    expect(lines.join('')).toMatch(/level=ERROR .*store write failed/);

    await rm(blocker);
    await mkdir(blocker);
    content = 'v2';
    await writer.flush();
    expect(writer.pending).toBe(false);
    expect(JSON.parse(await readFile(join(blocker, 'store.json'), 'utf8'))).toEqual({ content: 'v2' });
    expect(await filesIn(blocker)).toEqual(['store.json']);
  });
});
