// The eval log: a header naming the run, one line per finished episode; reopened, it hands back the
// episodes it holds, refuses another run's file, and drops a last line cut short by a crash.
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEvalLog, type EvalLogHeader, type LoggedEpisode } from '../../src/runner/evalLog.js';

const header: EvalLogHeader = {
  kind: 'footprint-runner eval log',
  pack: 'classic',
  seed: 1,
  runs: 1,
  profile: null,
  slots: {},
  direct: true,
  budgetTicks: 400_000,
  deepSearch: 'ahead',
  search: {},
  source: 'abc123',
};

const episode = (level: number, cleared: boolean): LoggedEpisode => ({
  traceId: `t${level}`,
  playData: 1,
  level,
  seed: 1,
  cleared,
  reason: cleared ? 'cleared' : 'no_route',
  ticks: 500 + level,
  steps: 40,
  goldLeft: cleared ? 0 : 2,
  fallbacks: 0,
  retries: 0,
  stalls: {},
  statuses: {},
  end: { tick: 500 + level, x: 3, y: 4 },
  failureDetail: null,
  mechanism: cleared ? null : 'no goal within budget',
  durationMs: 1234,
});

const fresh = () => join(mkdtempSync(join(tmpdir(), 'evallog-')), 'run.jsonl');

describe('the eval log', () => {
  it('starts with the header and gives back, reopened, every episode appended', () => {
    const path = fresh();
    const log = openEvalLog(path, header);
    expect(log.done.size).toBe(0);
    log.append(episode(1, true));
    log.append(episode(2, false));
    expect(JSON.parse(readFileSync(path, 'utf8').split('\n')[0])).toEqual(header);
    const again = openEvalLog(path, header);
    expect([...again.done.keys()]).toEqual(['1:1', '2:1']);
    expect(again.done.get('2:1')).toEqual(episode(2, false));
  });

  it('refuses a log written with another seed, budget or code, naming what differs', () => {
    const path = fresh();
    openEvalLog(path, header).append(episode(1, true));
    expect(() => openEvalLog(path, { ...header, budgetTicks: 40_000 })).toThrow(/another run \(budgetTicks: 400000 -> 40000\)/);
    expect(() => openEvalLog(path, { ...header, source: 'def456', seed: 2 })).toThrow(/seed: 1 -> 2; source: "abc123" -> "def456"/);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(2);
  });

  it('refuses a log of other search options, and reads one written before --search as a run without them', () => {
    const path = fresh();
    openEvalLog(path, header).append(episode(1, true));
    expect(() => openEvalLog(path, { ...header, search: { guardTraps: true } })).toThrow(/search: \{\} -> \{"guardTraps":true\}/);
    const { search: _none, ...older } = header;
    const old = fresh();
    writeFileSync(old, JSON.stringify(older) + '\n' + JSON.stringify(episode(1, true)) + '\n');
    expect([...openEvalLog(old, header).done.keys()]).toEqual(['1:1']);
  });

  it('refuses a file that is not an eval log and leaves it as it was', () => {
    const path = fresh();
    writeFileSync(path, '{"level":1}\n');
    expect(() => openEvalLog(path, header)).toThrow(/is not an eval log/);
    expect(readFileSync(path, 'utf8')).toBe('{"level":1}\n');
  });

  it('drops a last line cut short while it was written, so its episode is played again', () => {
    const path = fresh();
    const log = openEvalLog(path, header);
    log.append(episode(1, true));
    appendFileSync(path, JSON.stringify(episode(2, false)).slice(0, 40));
    const again = openEvalLog(path, header);
    expect([...again.done.keys()]).toEqual(['1:1']);
    again.append(episode(2, false));
    expect([...openEvalLog(path, header).done.keys()]).toEqual(['1:1', '2:1']);
  });

  it('refuses a broken line in the middle (not a crash while appending)', () => {
    const path = fresh();
    const log = openEvalLog(path, header);
    log.append(episode(1, true));
    appendFileSync(path, 'garbage\n');
    log.append(episode(2, true));
    expect(() => openEvalLog(path, header)).toThrow(/line 3 is not an episode/);
  });
});
