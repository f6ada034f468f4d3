// A fallback goal that is a trap (issue #16: goal acceptance by what comes next): a goal whose
// onward search runs out of its 3,000 ticks undecided is kept as the fallback, followed when no
// goal leads on. At the top of Classic 91's central tower a gold is such a goal: the
// guards climb the tower's ladder behind the runner, and a 40,000-tick onward search from it runs
// dry. The fixture is a real state of the agent's own play (Classic 91, seed 1, tick 203). The
// check runs on over the decisions that follow the plan to the goal (fallbackCheck.ts), one slice
// each, and the decision that learns it ran dry drops the plan before the runner gets there.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { BestFirst, goesOn, newSearch } from '../../../src/agent/search/bestFirst.js';
import { fingerprintState } from '../../../src/agent/search/commitment.js';
import { checkSlices } from '../../../src/agent/search/fallbackCheck.js';
import { chooseEnd } from '../../../src/agent/search/choose.js';
import { forgetPausedSearches } from '../../../src/agent/search/paused.js';
import { planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import type { Commitment } from '../../../src/agent/schemas.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { Game } from '../../../src/game/game.js';
import { snapshotSchema } from '../../../src/game/schemas.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { playPlanStart } from '../helpers/playPlan.js';

const tower = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/classic-91-tick-203.json', import.meta.url), 'utf8')));
const opts = DEFAULT_PLAN_SEARCH;

/** The fresh search on the fixture, run. */
function fresh() {
  const { ctx, start } = newSearch(Game.restore(tower.engineState!).state, opts.budgetTicks, opts);
  const bestFirst = new BestFirst(ctx, start, opts);
  bestFirst.run();
  return bestFirst;
}

/** The fresh search's result on the fixture. */
const search = () => fresh().result;

/** Plays the planned route decision after decision from the fixture (`edit` changes each commitment handed on). */
function play(decisions: number, edit = (c: Commitment | null) => c): { plans: Plan[]; cells: { x: number; y: number }[] } {
  const game = Game.restore(tower.engineState!);
  const plans: Plan[] = [];
  const cells: { x: number; y: number }[] = [];
  let commitment: Commitment | null = null;
  for (let i = 0; i < decisions; i++) {
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), {}, commitment)!;
    plans.push(plan);
    commitment = edit(playPlanStart(game, plan));
    cells.push({ x: game.state.runner.x, y: game.state.runner.y });
  }
  return { plans, cells };
}

beforeEach(() => forgetPausedSearches());

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

  it('with the check run in one decision the plan is not the fallback gold', () => {
    const plan = planSearch(analyzeSnapshot(tower), { fallbackCheckSliceTicks: 0 })!;
    expect(plan.endCell).not.toEqual({ x: 16, y: 4 });
    expect(plan.mode).not.toBe('goal');
  });

  it('sliced, the check gives the verdict of one onward search of 40,000 ticks: undecided for three slices, dry at the fourth', () => {
    const fallback = search().fallback!.state;
    const expectState = fingerprintState(fallback);
    const verdicts = [1, 2, 3, 4].map((n) => checkSlices(fallback, expectState, n, opts).verdict);
    expect(verdicts).toEqual(['pending', 'pending', 'pending', 'dead']);
  });

  it('spread, the plan heads for the gold while the check runs on, and the decision that learns it ran dry drops it before the runner is there', () => {
    const { plans, cells } = play(6);
    expect(plans[0]!.endCell).toEqual({ x: 16, y: 4 });
    expect(plans.slice(0, 3).map((p) => p.check?.slices)).toEqual([1, 2, 3]);
    expect(plans.slice(1, 3).every((p) => p.followed)).toBe(true);
    // the fourth slice runs dry: that decision searches afresh and passes over the gold
    expect(plans[3]!.followed).toBe(false);
    expect(plans[3]!.check).toBeUndefined();
    expect(plans[3]!.endCell).not.toEqual({ x: 16, y: 4 });
    expect(cells.slice(0, 4)).not.toContainEqual({ x: 16, y: 4 });
  });

  it('a fallback goal whose check a commitment says ran dry is passed over without a check', () => {
    const ran = fresh();
    const spread = chooseEnd(ran, opts, { before: [] })!;
    expect(spread.chosen).toBe(ran.result.fallback);
    expect(spread.check).toMatchObject({ slices: 1, of: 4 });
    const again = fresh();
    const avoided = chooseEnd(again, opts, { before: [] }, fingerprintState(again.result.fallback!.state))!;
    expect(avoided.chosen).not.toBe(again.result.fallback);
    expect(avoided.check).toBeUndefined();
    expect(avoided.mode).not.toBe('goal');
  });

  it('a commitment that loses its check is followed to the gold, and from there no search finds any goal', () => {
    const { plans, cells } = play(8, (c) => (c ? { ...c, check: undefined } : c));
    expect(plans.slice(1, 4).every((p) => p.followed && p.endCell.x === 16 && p.endCell.y === 4)).toBe(true);
    const at = cells.findIndex((c) => c.x === 16 && c.y === 4);
    expect(at).toBeGreaterThan(0);
    const after = plans[at + 1]!;
    expect(after.reachesGoal).toBe(false);
  });
});
