// The next goal's search run ahead while a goal plan is followed (issue #16: search reuse): the
// engine is exact, so where the plan ends is known when it is found, and each decision that follows
// the plan searches one slice from there; the decision that arrives takes that search over with its
// own budget. The fixture is a real state of the agent's own play (Classic 21, seed 1, its first decision at tick 0):
// its goal plan ends where a search of the normal budget alone finds no next goal.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import type { Commitment } from '../../../src/agent/schemas.js';
import { stateAfter } from '../../../src/agent/search/ahead.js';
import { fingerprintState } from '../../../src/agent/search/commitment.js';
import { forgetPausedSearches } from '../../../src/agent/search/paused.js';
import { DEFAULT_PLAN_SEARCH, planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import { Game } from '../../../src/game/game.js';
import { playPlanStart } from '../helpers/playPlan.js';
import { snapshotSchema, type Snapshot } from '../../../src/game/schemas.js';

const classic21 = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../../fixtures/classic-21-tick-0.json', import.meta.url), 'utf8')));
const { budgetTicks, nextSlices, nextSliceTicks } = DEFAULT_PLAN_SEARCH;
// Staircases off: with them (stairs.ts) the normal budget alone finds this next goal, and the
// search ahead is what is specified here. This goal is a fallback (its 3,000-tick onward search is
// undecided): its longer check runs in the first decision, not spread over the followed ones
// (fallbackCheck.ts), whose plan carries no next search until that check has passed.
const options = { stairs: false, fallbackCheckSliceTicks: 0 };

interface Decision {
  plan: Plan;
  commitment: Commitment | null;
  /** The state the decision was planned from. */
  snapshot: Snapshot;
}

/** Plays the planned route's first action decision after decision until a plan is no longer followed. */
function playPlan(snapshot: Snapshot): { decisions: Decision[]; game: Game } {
  const game = Game.restore(snapshot.engineState!);
  const decisions: Decision[] = [];
  let commitment: Commitment | null = null;
  for (let i = 0; i < 40; i++) {
    const before = game.snapshot({ withEngineState: true });
    const plan = planSearch(analyzeSnapshot(before), options, commitment)!;
    decisions.push({ plan, commitment: null, snapshot: before });
    if (i > 0 && !plan.followed) break;
    commitment = playPlanStart(game, plan);
    decisions.at(-1)!.commitment = commitment;
  }
  return { decisions, game };
}

beforeEach(() => forgetPausedSearches());

describe('plan search: the next goal searched ahead while a goal plan is followed', () => {
  it('a goal plan roots the next search at the exact state it ends in', () => {
    const plan = planSearch(analyzeSnapshot(classic21), options)!;
    expect(plan.mode).toBe('goal');
    const end = stateAfter(Game.restore(classic21.engineState!).state, plan.macros);
    expect(plan.next).toEqual({ expect: fingerprintState(end), slices: 0 });
  });

  it('each decision that follows the plan searches one slice; the arrival finds a goal the normal budget alone does not', () => {
    const { decisions, game } = playPlan(classic21);
    const following = decisions.slice(1, -1);
    expect(following.length).toBeGreaterThan(1);
    following.forEach((d, i) => {
      expect(d.plan.followed).toBe(true);
      expect(d.plan.next?.slices).toBe(Math.min(i + 1, nextSlices));
      // the first slice searches; later ones simulate nothing once the search ahead has found its goal
      if (i === 0) expect(d.plan.simulatedTicks).toBeGreaterThan(0);
      expect(d.plan.simulatedTicks).toBeLessThan(nextSliceTicks + 3000);
    });
    const arrival = decisions.at(-1)!;
    expect(arrival.plan.followed).toBe(false);
    expect(arrival.plan.mode).toBe('goal');
    expect(arrival.plan.simulatedTicks).toBeLessThan(budgetTicks + 3000);
    // the same state searched afresh with the normal budget finds no goal
    const alone = planSearch(analyzeSnapshot(arrival.snapshot), options)!;
    expect(alone.reachesGoal).toBe(false);
    // and the arrival's plan plays to the gold alive
    const gold = game.state.goldCount;
    for (const m of arrival.plan.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).not.toBe('runner_dead');
    expect(game.state.goldCount).toBeLessThan(gold);
  });

  it('the arrival recomputed without the paused search (as the lens re-runs it) gives the same plan', () => {
    const { decisions } = playPlan(classic21);
    const arrival = decisions.at(-1)!;
    forgetPausedSearches();
    const again = planSearch(analyzeSnapshot(arrival.snapshot), options, decisions.at(-2)!.commitment);
    expect(again).toEqual(arrival.plan);
  });

  it('a followed decision asked again while its paused search is warm (a lens tab re-running a step of a live run) gives the same plan', () => {
    const { decisions } = playPlan(classic21);
    // the first following decision searches a slice; re-run once, the cache holds its search
    const replan = () => planSearch(analyzeSnapshot(decisions[1].snapshot), options, decisions[0].commitment);
    const first = replan();
    expect(first).toEqual(decisions[1].plan);
    expect(first!.simulatedTicks).toBeGreaterThan(0);
    // asked again right after itself, it still reports its own slice of work
    expect(replan()).toEqual(first);
  });

  it('with nextSlices 0 no search runs ahead and followed decisions simulate nothing', () => {
    const plan = planSearch(analyzeSnapshot(classic21), { nextSlices: 0 })!;
    expect(plan.next).toBeUndefined();
  });
});
