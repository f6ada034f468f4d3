// Committed plans (issue #16): the chosen planned route hands the rest of its plan to the next
// step through the history; while the exact state is the one the plan predicted, the next step
// follows it without searching, and as soon as the world goes another way it searches again.
import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../../src/agent/history.js';
import { planStep } from '../../../src/agent/planStep.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { commitmentFor, committedPlan, fingerprintState } from '../../../src/agent/search/commitment.js';
import { cloneState } from '../../../src/game/serialize.js';
import { Game } from '../../../src/game/game.js';
import { KEY } from '../../../src/game/keys.js';
import { advance } from '../../../src/game/tick.js';
import type { HistoryEntry } from '../../../src/agent/schemas.js';

/** Plans one step on Classic 33 (its first gold is a straight run right) and plays the chosen planned route's action. */
function playPlannedStep(game: Game, history: HistoryEntry[]) {
  const before = game.snapshot({ withEngineState: true });
  const step = planStep(before, history);
  const route = step.candidates.find((c) => c.kind === 'planned_route')!;
  game.press(route.firstAction.keyCode, route.firstAction.ticks);
  history.push(historyEntry(route.id, route.firstAction, before, game.snapshot(), route.commitment));
  return { step, route };
}

describe('committed plans', () => {
  it('a goal plan survives the next decision without a new search', () => {
    const game = Game.fromLevel(1, 33, { seed: 1 });
    const history: HistoryEntry[] = [];
    const first = playPlannedStep(game, history);
    expect(first.step.plan?.mode).toBe('goal');
    expect(first.step.plan?.followed).toBe(false);
    expect(first.route.commitment?.rest.length).toBeGreaterThan(0);
    const second = playPlannedStep(game, history);
    expect(second.step.plan?.followed).toBe(true);
    expect(second.step.plan?.searchedAtTick).toBe(0);
    // what it simulated is one slice of the next goal's search, run ahead from where the plan ends
    expect(second.step.plan?.next?.slices).toBe(1);
    expect(second.step.plan?.simulatedTicks).toBeLessThanOrEqual(DEFAULT_PLAN_SEARCH.nextSliceTicks + 400);
    // the followed step's first macro is the first macro of the rest handed on
    expect(second.route.firstAction.keyCode).toBe(first.route.commitment!.rest[0]![0]);
  });

  it('a world that went another way is searched again', () => {
    const game = Game.fromLevel(1, 33, { seed: 1 });
    const history: HistoryEntry[] = [];
    playPlannedStep(game, history);
    // the client pressed something else than the plan said for two more ticks
    game.press(KEY.STOP, 2);
    const next = planStep(game.snapshot({ withEngineState: true }), history);
    expect(next.plan?.followed).toBe(false);
    expect(next.plan?.simulatedTicks).toBeGreaterThan(0);
  });

  it('the fingerprint tells states apart by anything that decides the future', () => {
    const game = Game.fromLevel(1, 33, { seed: 1 });
    game.press(KEY.RIGHT, 3);
    const s = game.state;
    const same = cloneState(s, false);
    expect(fingerprintState(same)).toBe(fingerprintState(s));
    const rng = cloneState(s, false);
    rng.rng += 1;
    expect(fingerprintState(rng)).not.toBe(fingerprintState(s));
    const guard = cloneState(s, false);
    guard.guards[0]!.xOffset += 1;
    expect(fingerprintState(guard)).not.toBe(fingerprintState(s));
  });

  it('a macro cut short by the action goes on as its key held for the ticks left', () => {
    const game = Game.fromLevel(1, 33, { seed: 1 });
    game.press(KEY.RIGHT, 1);
    const plan = { ...planStep(game.snapshot({ withEngineState: true }), []).plan! };
    const long = plan.macros.findIndex((m) => m.ticks > 3);
    expect(long).toBeGreaterThanOrEqual(0);
    const before = plan.macros.slice(0, long).reduce((sum, m) => sum + m.ticks, 0);
    const after = cloneState(game.state, false);
    advance(after, undefined);
    const commitment = commitmentFor(plan, after, before + 2, 0)!;
    expect(commitment.rest[0]).toEqual([
      expect.any(Number),
      plan.macros[long]!.ticks - 2,
      plan.macros[long]!.to.x,
      plan.macros[long]!.to.y,
      1,
    ]);
    // and a commitment for another state is not followed
    expect(committedPlan(commitment, game.state)).toBeNull();
    expect(committedPlan(commitment, after)?.macros.length).toBe(commitment.rest.length);
  });
});
