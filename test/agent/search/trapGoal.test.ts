// A goal state from which the onward search runs out of states is a trap, not a fallback
// (src/agent/search/bestFirst.ts): the first goal that held out without an onward goal is kept as
// the plan when nothing better is found, but when every state reachable from it was tried and none
// leads to a next goal, taking it ends the level there. Classic 68, seed 4, tick 2645 (the agent's
// own play): the last gold lies at the foot of the ladder (3,15), and two guards come down the
// only way out; the runner took it as the fallback and spent the rest of the level cornered.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BestFirst, newSearch } from '../../../src/agent/search/bestFirst.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';

const lastGold = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/classic-68-seed-4-tick-2645.json', import.meta.url), 'utf8')),
);

describe('plan search: a goal that goes nowhere is no fallback', () => {
  const root = Game.restore(lastGold.engineState!).state;
  const { ctx, start } = newSearch(root, DEFAULT_PLAN_SEARCH.budgetTicks, DEFAULT_PLAN_SEARCH);
  const run = new BestFirst(ctx, start, DEFAULT_PLAN_SEARCH);
  run.run();

  it('the situation: one gold left, and the search finds no goal that leads on', () => {
    expect(root.goldCount).toBe(1);
    expect(run.result.goal).toBeNull();
    expect(run.result.rejected.onward).toBeGreaterThan(0);
  });

  it('the goal state at the ladder foot, from which every onward state was tried, is not kept as the fallback', () => {
    expect(run.result.fallback).toBeNull();
  });

  it('the state it would have led to: from the gold, the onward search runs dry with no goal', () => {
    const firstGoal = { ...DEFAULT_PLAN_SEARCH, onwardTicks: 0, maxGoalChecks: 1 };
    const taken = newSearch(root, firstGoal.budgetTicks, firstGoal);
    const toGold = new BestFirst(taken.ctx, taken.start, firstGoal).run().goal;
    expect(toGold).not.toBeNull();
    const onward = newSearch(toGold!.state, DEFAULT_PLAN_SEARCH.onwardTicks, DEFAULT_PLAN_SEARCH);
    const after = new BestFirst(onward.ctx, onward.start, { ...DEFAULT_PLAN_SEARCH, onwardTicks: 0, maxGoalChecks: 3 }).run();
    expect(after.goal).toBeNull();
    expect(after.exhausted).toBe(true);
  });
});
