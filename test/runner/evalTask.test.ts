// The eval task's direct path (`eval --direct`): it reads no prompt, so a candidates variant that
// changes only what the prompt shows plays exactly as its list does — with the plan search. And an
// episode yields to the event loop between its steps, so a pool worker hears its parent go away.
import { describe, expect, it } from 'vitest';
import { runEvalTask } from '../../src/runner/evalTask.js';

const task = (candidates: string) => ({ playData: 1, level: 1, seed: 1, direct: true, slots: { candidates } });

describe('runEvalTask, direct planner', () => {
  it('a prompt-only candidates variant plays the default list, plan search included', async () => {
    const plain = await runEvalTask(task('simulated'));
    const noSearch = await runEvalTask(task('simulated-no-search'));
    for (const variant of ['simulated-no-outcomes', 'simulated-unranked']) {
      const played = await runEvalTask(task(variant));
      expect({ variant, ticks: played.ticks, steps: played.steps }).toEqual({ variant, ticks: plain.ticks, steps: plain.steps });
    }
    // the check above can fail: without the search the same level plays differently
    expect(noSearch.steps).not.toBe(plain.steps);
  }, 120_000);
});

describe('runEvalTask, between steps', () => {
  it('gives the event loop a turn at every step (the direct planner itself never waits on anything)', async () => {
    let turns = 0;
    let playing = true;
    const count = () => {
      turns++;
      if (playing) setImmediate(count);
    };
    setImmediate(count);
    const played = await runEvalTask({ playData: 1, level: 1, seed: 1, direct: true, maxSteps: 12 });
    playing = false;
    expect(played.steps).toBe(12);
    expect(turns).toBeGreaterThanOrEqual(played.steps);
  }, 60_000);
});
