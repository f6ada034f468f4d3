// The recording store: body rules (source, result default, solver whitelist), id rules, store-wide
// pruning to the 10 newest, per-level queries and deletes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingStore, StoreInputError, recordingFileSchema } from '../../src/stores/index.js';
import { demo, steppingClock, tempDataDir } from './helpers.js';

describe('RecordingStore.save', () => {
  it('gives user records a user:<ISO timestamp> id and defaults the result from demo.state', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    const store = await RecordingStore.open(await tempDataDir(), { now: () => at });
    const won = await store.save(1, 1, { source: 'user', demo: demo(1, 1) });
    expect(won).toMatchObject({
      id: 'user:2026-03-04T05:06:07.089Z',
      source: 'user',
      result: 'success',
      savedAt: at.toISOString(),
      playData: 1,
      level: 1,
    });
    expect(won).not.toHaveProperty('traceId');

    // Same millisecond: the ids stay unique.
    const lost = await store.save(1, 1, { source: 'user', demo: demo(1, 0) });
    const third = await store.save(1, 1, { source: 'user', result: 'success', demo: demo(1, 0) });
    expect(lost.id).toBe('user:2026-03-04T05:06:07.089Z~2');
    expect(lost.result).toBe('failure');
    expect(third.id).toBe('user:2026-03-04T05:06:07.089Z~3');
    expect(third.result).toBe('success'); // an explicit result wins over demo.state
    expect((await store.recordsFor(1, 1)).map((r) => r.id)).toEqual([third.id, lost.id, won.id]);
    await store.close();
  });

  it('uses the traceId as the id of agent records, and saving again replaces the record', async () => {
    const store = await RecordingStore.open(await tempDataDir(), { now: steppingClock() });
    const first = await store.save(1, 2, { source: 'agent', traceId: 'trace-1', demo: demo(2, 0) });
    expect(first).toMatchObject({ id: 'trace-1', traceId: 'trace-1', source: 'agent', result: 'failure' });
    await store.save(1, 2, { source: 'agent', traceId: 'trace-1', demo: demo(2, 1) });
    const records = await store.recordsFor(1, 2);
    expect(records).toHaveLength(1);
    expect(records[0].result).toBe('success');
    await store.close();
  });

  it('keeps only the whitelisted solver keys', async () => {
    const store = await RecordingStore.open(await tempDataDir());
    const record = await store.save(1, 1, {
      source: 'agent',
      traceId: 't',
      demo: demo(),
      solver: {
        modelProfile: 'local',
        provider: 'local',
        model: 'policy',
        generatedAt: '2026-01-01T00:00:00Z',
        responseId: 'r1',
        traceId: 't',
        failureReason: null,
        apiKey: 'sk-xxxxxxxxxxxxxxxx',
        prompt: 'long',
      },
    });
    expect(record.solver).toEqual({
      modelProfile: 'local',
      provider: 'local',
      model: 'policy',
      generatedAt: '2026-01-01T00:00:00Z',
      responseId: 'r1',
      traceId: 't',
      failureReason: null,
    });
    await store.close();
  });

  it('refuses bad bodies with a message naming the field, and writes nothing', async () => {
    const dir = await tempDataDir();
    const store = await RecordingStore.open(dir);
    const bad: [unknown, RegExp][] = [
      [{ source: 'agent', demo: demo() }, /body\.traceId: agent recordings need the traceId/],
      [{ source: 'robot', demo: demo() }, /body\.source/],
      [{ source: 'user', result: 'draw', demo: demo() }, /body\.result/],
      [{ source: 'user' }, /body\.demo/],
      [{ source: 'user', demo: { ...demo(), action: [1, 2, 3] } }, /body\.demo\.action/],
      [{ source: 'user', demo: demo(2) }, /demo\.level: is 2 but the recording is for level 1/],
      [{ source: 'agent', traceId: 'user:sneaky', demo: demo() }, /reserved for user recordings/],
      ['not an object', /body/],
    ];
    for (const [body, message] of bad) {
      await expect(store.save(1, 1, body)).rejects.toThrow(message);
      await expect(store.save(1, 1, body)).rejects.toBeInstanceOf(StoreInputError);
    }
    await expect(store.save(1, 151, { source: 'user', demo: demo(151) })).rejects.toThrow(/level\.level/);
    await expect(store.save(6, 1, { source: 'user', demo: demo() })).rejects.toThrow(/level\.playData/);
    expect(store.writeCount).toBe(0);
    await store.close();
  });
});

describe('RecordingStore pruning (store-wide)', () => {
  it('keeps the 10 newest records by savedAt across all levels', async () => {
    const dir = await tempDataDir();
    const store = await RecordingStore.open(dir, { now: steppingClock() });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await store.save(1, (i % 3) + 1, { source: 'user', demo: demo((i % 3) + 1) })).id);
    const kept = Object.keys((await store.contents()).records);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(ids[0]);
    expect(kept).not.toContain(ids[1]);
    expect(kept.sort()).toEqual(ids.slice(2).sort());
    expect((await store.recordsFor(1, 1)).map((r) => r.id)).toEqual([ids[9], ids[6], ids[3]]); // ids[0] was pruned
    await store.close();

    const file = recordingFileSchema.parse(JSON.parse(await readFile(join(dir, 'recordings.json'), 'utf8')));
    expect(Object.keys(file.records)).toHaveLength(10);
  });
});

describe('RecordingStore queries and deletes', () => {
  it('answers newest-first per level, and survives a reload', async () => {
    const dir = await tempDataDir();
    const store = await RecordingStore.open(dir, { now: steppingClock() });
    const a = await store.save(1, 1, { source: 'user', demo: demo(1) });
    await store.save(2, 1, { source: 'user', demo: demo(1) });
    const b = await store.save(1, 1, { source: 'agent', traceId: 'tb', demo: demo(1) });
    expect((await store.newestFor(1, 1))?.id).toBe(b.id);
    expect((await store.recordsFor(1, 1)).map((r) => r.id)).toEqual([b.id, a.id]);
    expect(await store.newestFor(1, 2)).toBeNull();
    await store.close();

    const reloaded = await RecordingStore.open(dir);
    expect((await reloaded.recordsFor(1, 1)).map((r) => r.id)).toEqual([b.id, a.id]);
    await reloaded.close();
  });

  it('deletes the newest, a named record, or the record of a trace; null when nothing matches', async () => {
    const store = await RecordingStore.open(await tempDataDir(), { now: steppingClock() });
    const u1 = await store.save(1, 1, { source: 'user', demo: demo() });
    const ag = await store.save(1, 1, { source: 'agent', traceId: 'trace-x', demo: demo() });
    const u2 = await store.save(1, 1, { source: 'user', demo: demo() });

    expect(await store.delete(1, 1, { recordId: 'no-such' })).toBeNull();
    expect(await store.delete(1, 2)).toBeNull();
    expect((await store.delete(1, 1, { traceId: 'trace-x' }))?.id).toBe(ag.id);
    expect((await store.delete(1, 1, { recordId: u1.id }))?.id).toBe(u1.id);
    expect((await store.delete(1, 1))?.id).toBe(u2.id);
    expect(await store.delete(1, 1)).toBeNull();
    await store.close();
  });
});
