// The chart's choice checks (validateChoice / chooseFallback): a searched plan's key pressed in
// mid-fall is a legal first action (it takes effect on landing), and so is one held against a wall
// (a wait its exact simulation chose), while the same key from any other kind of candidate is
// still judged by the movement facts.
import { describe, expect, it } from 'vitest';
import { isPhysicallyPossible } from '../../charts/choiceChecks.js';
import { planStep } from '../../src/agent/planStep.js';
import { KEY_CODES } from '../../src/agent/schemas.js';
import { Game } from '../../src/game/game.js';
import { planScene } from '../agent/helpers/scene.js';

describe('choice checks', () => {
  it('accept the planned route pressed while falling down a shaft, not the same key of another kind', () => {
    // runner (2,9) falling down a one-wide shaft of solid walls; gold (9,14) on the floor
    const { plan } = planScene([' @&@', ' @ @', ' @ @', ' @ @', ' @ @', '         $']);
    expect(plan.facts.runner.falling).toBe(true);
    expect(plan.facts.movement.left.ok).toBe(false);
    const planned = plan.candidates.find((c) => c.kind === 'planned_route');
    expect(planned?.firstAction.keyCode).toBe(KEY_CODES.LEFT);
    expect(isPhysicallyPossible(plan.facts, planned!)).toBe(true);
    expect(isPhysicallyPossible(plan.facts, { ...planned!, kind: 'collect_gold' })).toBe(false);
  });

  it('accept the planned route that waits holding a key against a wall, not the same key of another kind', () => {
    // the start of Classic 63 (seed 1): the search's plan holds left against the wall at (12,6)
    // (the search as it was: with one-way ground or sortie digs it finds a goal plan from the start)
    const search = { oneWayLevels: false, sortieDigs: false };
    const step = planStep(Game.fromLevel(1, 63, { seed: 1 }).snapshot({ withEngineState: true }), [], { search });
    expect(step.facts.movement.left.ok).toBe(false);
    const planned = step.candidates.find((c) => c.kind === 'planned_route');
    expect(planned?.firstAction.keyCode).toBe(KEY_CODES.LEFT);
    expect(isPhysicallyPossible(step.facts, planned!)).toBe(true);
    expect(isPhysicallyPossible(step.facts, { ...planned!, kind: 'collect_gold' })).toBe(false);
  });
});
