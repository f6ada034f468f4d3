// The failure mechanism of an episode reads as a specification of the diagnosis: what the plan
// search was doing over the last steps names what to attack next.
import { describe, expect, it } from 'vitest';
import { failureMechanism, goldAtEnd, type StepPlanInfo } from '../../src/runner/mechanism.js';
import { Game } from '../../src/game/game.js';
import type { PlanSummary } from '../../src/runner/types.js';

const plan = (mode: PlanSummary['mode'], rejected = { pocket: 0, survival: 0, onward: 0 }, exhausted = false): StepPlanInfo => ({
  candidateKind: 'planned_route',
  plan: {
    mode,
    followed: false,
    reachesGoal: mode === 'goal',
    goldGained: mode === 'goal' ? 1 : 0,
    rejected,
    ...(exhausted ? { exhausted: true } : {}),
  },
});
const none = { pocket: 0, survival: 0, onward: 0 };
const times = (n: number, s: StepPlanInfo) => Array.from({ length: n }, () => s);

describe('failure mechanism', () => {
  it('partial plans with nothing turned down: no goal within budget', () => {
    expect(failureMechanism('time_budget', times(12, plan('partial')))).toBe('no goal within budget');
  });
  it('partial plans from searches that ran out of states: exhausted, not short of budget', () => {
    expect(failureMechanism('no_route', times(12, plan('partial', none, true)))).toBe('search exhausted: no goal in any reachable state');
    // one such search in the window is not enough: most of them must have run dry
    expect(failureMechanism('no_route', [...times(6, plan('partial')), ...times(6, plan('partial', none, true))])).toBe(
      'no goal within budget',
    );
  });
  it("all gold left in guards' hands, runner alive: the gold is carried by guards", () => {
    const carried = { lying: 0, carried: 2 };
    expect(failureMechanism('time_budget', times(12, plan('partial')), carried)).toBe('remaining gold carried by guards');
    expect(failureMechanism('time_budget', times(12, plan('partial')), { lying: 1, carried: 1 })).toBe('no goal within budget');
    // a death is diagnosed by what the search was doing, wherever the gold is
    expect(failureMechanism('killed_by_guard', times(12, plan('escape')), carried)).toBe('no plan to gold holds out (escaping)');
  });
  it("reads the gold lying on the board and the gold in guards' hands off the end state", () => {
    const game = Game.fromLevel(1, 1, { seed: 1 });
    const lying = game.state.goldCount;
    expect(goldAtEnd(game.snapshot())).toEqual({ lying, carried: 0 });
    game.state.guards[0]!.hasGold = 20;
    expect(goldAtEnd(game.snapshot())).toEqual({ lying, carried: 1 });
  });
  it('partial plans after pocketed goals: gold only reachable through holes', () => {
    expect(failureMechanism('stuck', times(12, plan('partial', { pocket: 2, survival: 0, onward: 0 })))).toBe(
      'goal rejected: gold only reachable through holes',
    );
  });
  it('partial plans after goals the guards close: guards close the way on', () => {
    expect(failureMechanism('stuck', times(12, plan('partial', { pocket: 1, survival: 0, onward: 3 })))).toBe(
      'goal rejected: guards close the way on',
    );
  });
  it('death after goal plans: the accepted goal was a trap', () => {
    expect(failureMechanism('killed_by_guard', [...times(4, plan('partial')), ...times(8, plan('goal'))])).toBe(
      'accepted goal led into a trap',
    );
  });
  it('escapes over the last steps: no plan to gold holds out', () => {
    expect(failureMechanism('killed_by_guard', times(12, plan('escape')))).toBe('no plan to gold holds out (escaping)');
  });
  it('other candidates chosen over the planned route most of the time', () => {
    const steps = [...times(8, { candidateKind: 'wait_or_stop', plan: plan('partial').plan }), ...times(4, plan('partial'))];
    expect(failureMechanism('stuck', steps)).toBe('plan not followed (other candidates chosen)');
  });
  it('no search at all (geometric candidates), and none for a cancelled run', () => {
    expect(failureMechanism('stuck', times(12, { candidateKind: 'collect_gold' }))).toBe('no plan search');
    expect(failureMechanism('cancelled', times(12, plan('goal')))).toBeNull();
  });
});
