// The run folder rule: auto-resume the newest unfinished run of the same definition, otherwise a
// new folder; --resume checks the definition; a cut-off last line of episodes.jsonl is dropped.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseExperiment } from '../../src/experiments/schema.js';
import { chooseRunDir, EPISODES_FILE, listRunDirs, readEpisodes, RESULTS_FILE } from '../../src/experiments/store.js';

const exp = parseExperiment(
  { levels: { pack: 'classic', ranges: '1' }, arms: [{ id: 'a' }, { id: 'b', slots: { 'stall-report': 'off' } }] },
  'tiny.json',
);
const other = parseExperiment({ levels: { pack: 'classic', ranges: '1-2' }, arms: [{ id: 'a' }] }, 'tiny.json');
const roots: string[] = [];
const newRoot = () => {
  const r = mkdtempSync(join(tmpdir(), 'exp-store-'));
  roots.push(r);
  return r;
};
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s));

describe('chooseRunDir', () => {
  it('resumes the newest unfinished run of the same definition, else starts a new one', () => {
    const root = newRoot();
    const first = chooseRunDir(root, exp, { mode: 'auto' }, 'tiny.json', at(1));
    expect(first.resumed).toBe(false);
    expect(first.dir).toBe(join(root, 'tiny-2025-01-01T00-00-01-000Z'));
    // unfinished, same definition: resumed
    expect(chooseRunDir(root, exp, { mode: 'auto' }, 'tiny.json', at(2))).toMatchObject({ dir: first.dir, resumed: true });
    // --fresh: a new folder even so
    const fresh = chooseRunDir(root, exp, { mode: 'fresh' }, 'tiny.json', at(3));
    expect(fresh.resumed).toBe(false);
    expect(listRunDirs(root, 'tiny')).toEqual([fresh.dir, first.dir]);
    // finished: a new folder
    writeFileSync(join(fresh.dir, RESULTS_FILE), '{}');
    const third = chooseRunDir(root, exp, { mode: 'auto' }, 'tiny.json', at(4));
    expect(third.resumed).toBe(false);
    // another definition: a new folder, never a mixed one
    const changed = chooseRunDir(root, other, { mode: 'auto' }, 'tiny.json', at(5));
    expect(changed.resumed).toBe(false);
    expect(changed.note).toMatch(/another definition/);
    // explicit --resume checks the definition
    expect(chooseRunDir(root, exp, { mode: 'resume', dir: first.dir }, 'tiny.json')).toMatchObject({ dir: first.dir, resumed: true });
    expect(() => chooseRunDir(root, other, { mode: 'resume', dir: first.dir }, 'tiny.json')).toThrow(/different definition/);
    expect(() => chooseRunDir(root, exp, { mode: 'resume', dir: root }, 'tiny.json')).toThrow(/not an experiment run folder/);
    // a same-second second run gets a suffix; "tiny-x" runs are not "tiny" runs
    const again = chooseRunDir(root, exp, { mode: 'fresh' }, 'tiny.json', at(5));
    expect(again.dir).toBe(`${join(root, 'tiny-2025-01-01T00-00-05-000Z')}-2`);
    chooseRunDir(root, { ...exp, name: 'tiny-x' }, { mode: 'fresh' }, null, at(9));
    expect(listRunDirs(root, 'tiny')[0]).toBe(again.dir);
  });
});

describe('readEpisodes', () => {
  it('drops an unreadable (cut-off) line and rewrites the file so appends stay clean', () => {
    const root = newRoot();
    const { dir } = chooseRunDir(root, exp, { mode: 'fresh' }, null, at(1));
    const record = {
      cell: 'a|1|1',
      arm: 'a',
      playData: 1,
      level: 1,
      seed: 1,
      cleared: true,
      reason: 'cleared',
      ticks: 600,
      steps: 40,
      goldLeft: 0,
      fallbacks: 0,
      retries: 0,
      stalls: {},
      statuses: { ok: 40 },
      traceId: 't',
      durationMs: 10,
      worldRecordTicks: 500,
      tickBudget: 1920,
      failureDetail: null,
      end: { tick: 600, x: 1, y: 1 },
      finishedAt: '2025-01-01T00:00:00.000Z',
    };
    appendFileSync(join(dir, EPISODES_FILE), JSON.stringify(record) + '\n' + JSON.stringify(record).slice(0, 40));
    const { records, dropped } = readEpisodes(dir);
    expect(records).toHaveLength(1);
    expect(dropped).toBe(1);
    expect(readFileSync(join(dir, EPISODES_FILE), 'utf8')).toBe(JSON.stringify(record) + '\n');
  });
});
