// The clear search of the cause (src/lens/clearable.ts): from the engine states of a run's steps it
// names the latest step from which the planner still clears the level, and its keys, replayed on
// the engine from that state, clear it; states it finds no clear from are `unknown`, never "lost".
import { describe, expect, it } from 'vitest';
import { clearWitness, findStillClearable } from '../../src/lens/clearable.js';
import { playKeys } from '../../src/lens/survivalSearch.js';
import { Game } from '../../src/game/game.js';
import { KEY } from '../../src/game/keys.js';
import { restoreState } from '../../src/game/serialize.js';
import { evalTickBudget } from '../../src/runner/budget.js';

/** Classic 1 (seed 1): one tick left to start, then the runner stands still, a state every 8 ticks until a guard kills him. */
function standingStillUntilDeath(): { engineState: unknown; tick: number }[] {
  const game = Game.fromLevel(1, 1, { seed: 1 });
  game.press(KEY.LEFT, 1);
  const states: { engineState: unknown; tick: number }[] = [];
  while (game.state.status !== 'runner_dead' && game.state.tick < 2000) {
    states.push({ engineState: game.snapshot({ withEngineState: true }).engineState, tick: game.state.tick });
    game.press(KEY.STOP, 8);
  }
  states.push({ engineState: game.snapshot({ withEngineState: true }).engineState, tick: game.state.tick });
  return states;
}

describe('the last step from which the level could still be cleared', () => {
  const states = standingStillUntilDeath();
  const maxTicks = evalTickBudget(1, 1);

  it('is a step before the death, and its keys, played on the engine from that step, clear the level', () => {
    const last = states.length - 1;
    expect(restoreState(states[last]!.engineState).status).toBe('runner_dead');
    const answer = findStillClearable(states, last, { maxTicks, timeLimitMs: 60_000 });
    const clear = answer.stillClearable!;
    expect(clear, answer.note).not.toBeNull();
    expect(clear.stepIndex).toBeLessThan(last);
    expect(clear.tick).toBe(states[clear.stepIndex]!.tick);
    const after = playKeys(restoreState(states[clear.stepIndex]!.engineState), clear.alternative.forceKeys);
    expect(after.status).toBe('finish');
    expect(after.tick).toBe(clear.clearedAtTick);
    expect(clear.alternative.horizonTicks).toBe(clear.clearedAtTick - clear.tick);
    // every later step searched found no clear, and says so as unknown
    const later = answer.checked.filter((c) => c.stepIndex > clear.stepIndex);
    expect(later.length).toBeGreaterThan(0);
    for (const c of later) expect(c.verdict).toBe('unknown');
    expect(answer.note).toContain(`from step ${clear.stepIndex} the level could still be cleared`);
  }, 90_000);

  it('finds no clear from a state where the runner is dead, and no clear past the tick budget', () => {
    expect(clearWitness(states.at(-1)!.engineState, { search: {}, maxTicks, deadline: performance.now() + 10_000 })).toBeNull();
    expect(clearWitness(states[0]!.engineState, { search: {}, maxTicks: 50, deadline: performance.now() + 10_000 })).toBeNull();
  });
});
