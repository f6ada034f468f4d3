// `eval --search`: plan search options overridden for an experiment reach the planner that plays
// (the episode changes), and the summary and the log's header say what the run was measured with;
// an unknown option stops the run before anything is played or written (real eval processes,
// direct planner, Classic 1).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalCli, summaryOf } from './evalCli.js';

const level1 = ['--pack', 'classic', '--levels', '1', '--direct', '--workers', '1', '--json'];

describe('eval --search', () => {
  it('plays with the options given and records them in the summary and the log', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'eval-search-')), 'classic.jsonl');
    // no goal state may be accepted (and no deep search lifts the cap): the agent plays on partial plans
    const search = 'maxGoalChecks=0,deepSearchFactor=1';
    const [plain, changed] = await Promise.all([evalCli(level1), evalCli([...level1, '--search', search, '--log', log])]);
    expect(plain.code).toBe(0);
    expect(changed.code).toBe(0);
    const before = summaryOf(plain.stdout);
    const after = summaryOf(changed.stdout);
    expect(before.search).toEqual({});
    expect(after.search).toEqual({ maxGoalChecks: 0, deepSearchFactor: 1 });
    expect(after.perLevel[0].ticks).not.toBe(before.perLevel[0].ticks);
    const header = JSON.parse(readFileSync(log, 'utf8').split('\n')[0]);
    expect(header.search).toEqual({ maxGoalChecks: 0, deepSearchFactor: 1 });
  });

  it('stops with exit 2 on an unknown option, naming the known ones, and writes no log', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'eval-search-')), 'classic.jsonl');
    const run = await evalCli([...level1, '--search', 'traps=true', '--log', log]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^eval: --search: unknown option "traps"; known options: heuristicWeight, .*guardTraps, holeWaits, deadEndsLast, trapChecks, restingMoves, oneWayLevels, sortieDigs, wideRetry, deepHold, fallbackOnwardTicks, fallbackCheckSliceTicks, roomyStairs, roomyJudge, revisitPenalty\n$/,
    );
    expect(run.stdout).toBe('');
    expect(existsSync(log)).toBe(false);
  });
});
