// The eval's point of no return (`eval --cause`) re-plays each failed episode through the chart; it
// must play it with the plan search options the eval played it with (`--budget-ticks`, `--search`),
// or it names a step of another game. Classic 1 (seed 1, the local profile), re-played as if it had
// died, with and without options under which it plays differently.
import { describe, expect, it } from 'vitest';
import { causeForEpisode } from '../../src/lens/causeForEpisode.js';
import { runEvalTask } from '../../src/runner/evalTask.js';

const level1 = { playData: 1, level: 1, seed: 1 };
// no goal state may be accepted (and no deep search lifts the cap): the agent plays on partial plans
const planSearch = { maxGoalChecks: 0, deepSearchFactor: 1 };

describe('causeForEpisode', () => {
  it('re-plays the episode with the plan search options it was played with', async () => {
    const [played, plain] = await Promise.all([runEvalTask({ ...level1, search: planSearch }), runEvalTask(level1)]);
    expect(played.ticks).not.toBe(plain.ticks);
    const cause = await causeForEpisode({ ...level1, reason: 'killed_by_guard', planSearch, search: { timeLimitMs: 1000 } });
    expect(cause.ticks).toBe(played.ticks);
    expect(cause.reason).toBe(played.reason);
  }, 120_000);
});
