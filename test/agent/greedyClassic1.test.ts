// The greedy reference policy on a real level: playGreedy runs the whole planner (facts,
// candidates, plan search) against the engine and must clear Classic level 1 within the
// evaluation's tick budget (max(1920, 3x world record)) for several seeds.
import { describe, expect, it } from 'vitest';
import { playGreedy } from '../../src/agent/playGreedy.js';

describe('greedy play on Classic level 1', () => {
  it.each([1, 7, 42])('clears the level with seed %i', (seed) => {
    const result = playGreedy(1, 1, { seed, maxTicks: 1920 });
    expect(result.reason).toBe('cleared');
    expect(result.cleared).toBe(true);
    expect(result.gold).toBe(0);
    expect(result.ticks).toBeLessThanOrEqual(1920);
  });
});
