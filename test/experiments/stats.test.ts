// Wilson intervals and the per-arm numbers.
import { describe, expect, it } from 'vitest';
import type { EpisodeRecord } from '../../src/experiments/episodes.js';
import { summarizeArms, wilson } from '../../src/experiments/stats.js';
import { formatArmTable } from '../../src/experiments/table.js';

describe('wilson', () => {
  it('matches the textbook values', () => {
    const close = ([lo, hi]: [number, number], [elo, ehi]: [number, number]) => {
      expect(lo).toBeCloseTo(elo, 4);
      expect(hi).toBeCloseTo(ehi, 4);
    };
    close(wilson(5, 10), [0.2366, 0.7634]);
    close(wilson(0, 10), [0, 0.2775]);
    close(wilson(10, 10), [0.7225, 1]);
    close(wilson(1, 3), [0.0615, 0.7923]);
    close(wilson(81, 263), [0.2553, 0.3662]);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

const rec = (arm: string, level: number, cleared: boolean, extra: Partial<EpisodeRecord> = {}): EpisodeRecord => ({
  cell: `${arm}|${level}|1`,
  arm,
  playData: 1,
  level,
  seed: 1,
  cleared,
  reason: cleared ? 'cleared' : 'killed_by_guard',
  ticks: 1000,
  steps: 50,
  goldLeft: 0,
  fallbacks: 0,
  retries: 0,
  stalls: {},
  statuses: { ok: 50 },
  traceId: 't',
  durationMs: 500,
  worldRecordTicks: 500,
  tickBudget: 1920,
  failureDetail: null,
  end: { tick: 1000, x: 0, y: 0 },
  finishedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

describe('summarizeArms', () => {
  it('computes rates, ratios, per-100-step counts and the paired comparison', () => {
    const records = [
      rec('a', 1, true, { ticks: 1000 }),
      rec('a', 2, false, { fallbacks: 5, stalls: { wait_loop: 2 } }),
      rec('b', 1, true, { ticks: 1500 }),
      rec('b', 2, true, { ticks: 750, durationMs: 1500 }),
    ];
    const [a, b] = summarizeArms(['a', 'b'], records);
    expect(a).toMatchObject({
      episodes: 2,
      cleared: 1,
      clearRate: 0.5,
      medianTicksRatio: 2,
      fallbacksPer100Steps: 5,
      stallsPer100Steps: 2,
      msPerStep: 10,
    });
    expect(a.clearRateCi).toEqual([0.095, 0.905]);
    expect(a.paired).toBeNull();
    expect(b).toMatchObject({
      cleared: 2,
      clearRate: 1,
      medianTicksRatio: 2.25,
      msPerStep: 20,
      paired: { baseline: 'a', cells: 2, gained: 1, lost: 0 },
    });
    const table = formatArmTable([a, b]);
    expect(table).toContain('50.0% [9.5%, 90.5%]');
    expect(table).toContain('+1/-0 of 2');
  });
});
