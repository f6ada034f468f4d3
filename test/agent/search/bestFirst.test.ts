// The search loop as a resumable run (issue #16, search reuse): pausing when the budget is spent
// and resuming with more must do exactly what one run with the whole budget does, or a deep
// search spread over decisions would not be the one the lens recomputes from the trace.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BestFirst, newSearch } from '../../../src/agent/search/bestFirst.js';
import { pathOf } from '../../../src/agent/search/describe.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';

// Classic 140, seed 1, tick 607: a state of the agent's own play the normal budget cannot solve
const snapshot = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/classic-140-tick-607.json', import.meta.url), 'utf8')),
);
const opts = DEFAULT_PLAN_SEARCH;
const slice = 20_000;

function run(slices: number[]): BestFirst {
  const root = Game.restore(snapshot.engineState!).state;
  const { ctx, start } = newSearch(root, 0, opts);
  const search = new BestFirst(ctx, start, opts);
  for (const ticks of slices) {
    search.grant(ticks);
    search.run();
  }
  return search;
}

const summary = (s: BestFirst) => ({
  expanded: s.result.expanded,
  spent: s.ctx.granted - s.ctx.budget,
  goal: s.result.goal ? pathOf(s.result.goal).map((m) => `${m.key}:${m.ticks}`) : null,
  nearest: s.result.nearest.map((n) => pathOf(n).length),
  rejected: s.result.rejected,
});

describe('plan search: the best-first run paused and resumed', () => {
  it('stops when its budget is spent, and goes on when granted more', () => {
    const first = run([slice]);
    expect(first.ctx.budget).toBeLessThanOrEqual(0);
    expect(first.searching).toBe(true);
    const expanded = first.result.expanded;
    first.grant(slice);
    first.run();
    expect(first.result.expanded).toBeGreaterThan(expanded);
  });

  it('four slices of a budget do exactly what one run with the whole budget does', () => {
    const sliced = summary(run([slice, slice, slice, slice]));
    const whole = summary(run([4 * slice]));
    expect(sliced).toEqual(whole);
    expect(sliced.expanded).toBeGreaterThan(summary(run([slice])).expanded);
  });
});
