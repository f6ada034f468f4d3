// `bench:planner --search`: the same options as eval's, checked before anything is timed, so a
// misspelt experiment stops at once instead of after minutes of the defaults' play.
import { describe, expect, it } from 'vitest';
import { runCli } from './evalCli.js';

describe('bench:planner --search', () => {
  it('stops with exit 2 on an unknown option, naming the known ones, before timing anything', async () => {
    const run = await runCli('benchPlanner.ts', ['--search', 'deepSlice=30000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^bench:planner: --search: unknown option "deepSlice"; known options: heuristicWeight, .*deepSliceTicks, /);
    expect(run.stdout).toBe('');
  });

  it('stops with exit 2 on a value of the wrong type', async () => {
    const run = await runCli('benchPlanner.ts', ['--search', 'deepSliceTicks=many']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^bench:planner: --search: deepSliceTicks is a number from 0 \(default 40000\); got "many"\n$/);
    expect(run.stdout).toBe('');
  });
});
