// A fallback goal that is a trap (issue #16: goal acceptance by what comes next): a goal whose
// onward search runs out of its 3,000 ticks undecided is kept as the fallback, followed when no
// goal leads on. At the top of Classic 91's central tower a gold is such a goal: the
// guards climb the tower's ladder behind the runner, and a 40,000-tick onward search from it runs
// dry. The fixture is a real state of the agent's own play (Classic 91, seed 1, tick 203).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { BestFirst, goesOn, newSearch } from '../../../src/agent/search/bestFirst.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';
import { KEY_OF } from '../../../src/agent/keys.js';

const tower = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/classic-91-tick-203.json', import.meta.url), 'utf8')));
const opts = DEFAULT_PLAN_SEARCH;

/** The fresh search's result on the fixture. */
function search() {
  const { ctx, start } = newSearch(Game.restore(tower.engineState!).state, opts.budgetTicks, opts);
  return new BestFirst(ctx, start, opts).run();
}

describe('plan search: a fallback goal is checked by a longer onward search before it is followed', () => {
  it('the fixture: no goal leads on within the budget, and the fallback gold is undecided at 3,000 ticks but closed at 40,000', () => {
    const result = search();
    expect(result.goal).toBeNull();
    const fallback = result.fallback!.state;
    expect(fallback.runner).toMatchObject({ x: 16, y: 4 });
    expect(goesOn(null, fallback, opts)).toBe('unknown');
    expect(goesOn(null, fallback, { ...opts, onwardTicks: opts.fallbackOnwardTicks })).toBe('dead');
  });

  it('without the check the plan takes the fallback gold, and from where it ends no search finds any goal', () => {
    const plan = planSearch(analyzeSnapshot(tower), { fallbackOnwardTicks: 0 })!;
    expect(plan.mode).toBe('goal');
    expect(plan.endCell).toEqual({ x: 16, y: 4 });
    const game = Game.restore(tower.engineState!);
    for (const m of plan.macros) game.press(KEY_OF[m.key], m.ticks);
    const after = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })))!;
    expect(after.reachesGoal).toBe(false);
    expect(after.exhausted).toBe(true);
  });

  it('with the check the plan is not the fallback gold', () => {
    const plan = planSearch(analyzeSnapshot(tower))!;
    expect(plan.endCell).not.toEqual({ x: 16, y: 4 });
    expect(plan.mode).not.toBe('goal');
  });
});
