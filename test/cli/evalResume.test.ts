// `eval --log`: a run stopped part-way is picked up by the same command, which plays only the
// episodes the log lacks and reports the same figures as one uninterrupted run; a log of another
// run is refused with exit 2 (real eval processes, direct planner, Classic 1-2).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalCli, summaryOf } from './evalCli.js';

const perLevel = (s: { perLevel: { level: number; cleared: boolean; ticks: number; steps: number; reason: string }[] }) =>
  s.perLevel.map(({ level, cleared, ticks, steps, reason }) => ({ level, cleared, ticks, steps, reason }));

describe('eval --log', () => {
  it('resumes a stopped run from its log and plays only what is missing', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'eval-log-')), 'classic.jsonl');
    const args = ['--pack', 'classic', '--levels', '1-2', '--direct', '--workers', '1', '--json', '--log', log];
    const whole = await evalCli(args);
    expect(whole.code).toBe(0);
    const first = summaryOf(whole.stdout);
    expect(first.resumed).toBe(0);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);

    // Stopped after one episode: the log has the header and level 1 (whichever finished first).
    const kept = lines.slice(0, 2);
    const keptLevel = JSON.parse(kept[1]).level;
    writeFileSync(log, kept.join('\n') + '\n');
    const resumed = await evalCli(args);
    expect(resumed.code).toBe(0);
    const second = summaryOf(resumed.stdout);
    expect(second.resumed).toBe(1);
    expect(second.episodes).toBe(2);
    expect(perLevel(second)).toEqual(perLevel(first));
    const after = readFileSync(log, 'utf8').trim().split('\n');
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(kept);
    expect(JSON.parse(after[2]).level).not.toBe(keptLevel);

    // Complete: nothing is played again.
    const third = summaryOf((await evalCli(args)).stdout);
    expect(third.resumed).toBe(2);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(3);

    const other = await evalCli([...args, '--seed', '2']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`eval: ${log} was written by another run (seed: 1 -> 2)`);
  }, 180_000);
});
