// A tiny experiment end to end (2 arms x Classic 1 x 1 seed): in-process run writes the jsonl,
// results.json and a self-contained report.html; then, with the jsonl cut to one line, a resume
// through the worker pool runs only the missing cell.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { parseExperiment } from '../../src/experiments/schema.js';
import { EPISODES_FILE, REPORT_FILE, RESULTS_FILE } from '../../src/experiments/store.js';

const dataDir = mkdtempSync(join(tmpdir(), 'exp-run-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const experiment = parseExperiment(
  {
    levels: { pack: 'classic', ranges: '1' },
    runs: 1,
    profile: 'local',
    arms: [
      { id: 'default' },
      { id: 'chaos-no-recovery', slots: { 'stall-report': 'off' }, options: { recovery: false, chaos: { rate: 0.3, seed: 2 } } },
    ],
  },
  'tiny.json',
);

describe('runExperiment', () => {
  let dir = '';
  let firstLine = '';

  it('runs every cell and writes episodes.jsonl, results.json and report.html', async () => {
    const progress: number[] = [];
    const out = await runExperiment({
      experiment,
      dataDir,
      workers: 0,
      folder: { mode: 'fresh' },
      onEpisode: (_r, p) => progress.push(p.done),
    });
    dir = out.dir;
    expect(dir.startsWith(join(dataDir, 'experiments', 'tiny-'))).toBe(true);
    // both cells ran (two in flight, so in either order)
    expect([...out.ran].sort()).toEqual(['chaos-no-recovery|1|1', 'default|1|1']);
    expect(progress).toEqual([1, 2]);

    const lines = readFileSync(join(dir, EPISODES_FILE), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    firstLine = lines[0];

    const results = JSON.parse(readFileSync(join(dir, RESULTS_FILE), 'utf8'));
    expect(results.episodes).toHaveLength(2);
    const plain = results.episodes.find((e: { arm: string }) => e.arm === 'default');
    const chaos = results.episodes.find((e: { arm: string }) => e.arm === 'chaos-no-recovery');
    for (const e of results.episodes) {
      expect(e).toMatchObject({ level: 1, seed: 1, playData: 1, worldRecordTicks: expect.any(Number) });
      for (const k of ['reason', 'ticks', 'steps', 'fallbacks', 'retries', 'stalls', 'statuses', 'traceId']) expect(e).toHaveProperty(k);
    }
    expect(plain).toMatchObject({ arm: 'default', cleared: true, reason: 'cleared' });
    // chaos reached the worker-side provider: failures and fallbacks, and no retries with recovery off
    expect(chaos.arm).toBe('chaos-no-recovery');
    expect(chaos.fallbacks).toBeGreaterThan(0);
    expect(chaos.retries).toBe(0);
    expect(Object.keys(chaos.statuses).some((s) => s !== 'ok')).toBe(true);

    expect(out.summary.dir).toBe(dir);
    expect(out.summary.arms.map((a) => a.id)).toEqual(['default', 'chaos-no-recovery']);
    expect(out.summary.arms[0]).toMatchObject({ episodes: 1, cleared: 1, clearRate: 1, clearRateCi: [0.207, 1] });
    expect(Object.keys(out.summary.arms[0]).sort()).toEqual(
      [
        'id',
        'episodes',
        'cleared',
        'clearRate',
        'clearRateCi',
        'medianTicksRatio',
        'fallbacksPer100Steps',
        'stallsPer100Steps',
        'msPerStep',
        'model',
      ].sort(),
    );

    const html = readFileSync(join(dir, REPORT_FILE), 'utf8');
    expect(html).toContain('Chart.js v4.6.1'); // the library, inlined
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/); // nothing fetched
    expect(html).toContain('<th>clear rate [95% CI]</th>');
    expect(html).toContain('<td>chaos-no-recovery</td>');
    expect(html).toContain('id="plot-clear-rate"');
  });

  it('resumes: only the cells missing from episodes.jsonl run (here through the worker pool)', async () => {
    writeFileSync(join(dir, EPISODES_FILE), firstLine + '\n');
    rmSync(join(dir, RESULTS_FILE));
    const out = await runExperiment({ experiment, dataDir, workers: 1, folder: { mode: 'resume', dir } });
    expect(out.resumed).toBe(true);
    expect(out.dir).toBe(dir);
    const kept = (JSON.parse(firstLine) as { arm: string }).arm;
    expect(out.ran).toEqual([`${kept === 'default' ? 'chaos-no-recovery' : 'default'}|1|1`]);
    const lines = readFileSync(join(dir, EPISODES_FILE), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(firstLine);
    expect(existsSync(join(dir, RESULTS_FILE))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, RESULTS_FILE), 'utf8')).episodes).toHaveLength(2);
  });
});
