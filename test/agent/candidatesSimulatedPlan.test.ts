// The candidates' physical check (candidates.ts checkProposal) reads tile-level movement facts: a
// key into a wall or past the board's edge "cannot move". A searched plan's action was simulated
// exactly instead, and a key held against a wall is how a survival segment waits, so the planned
// route is not second-guessed by those facts. At the start of Classic 63 (seed 1) the plan search
// finds no plan to gold that holds out and waits, holding left against the wall at (12,6); rejected
// as "cannot move left", the agent stood by a heuristic move instead, for hundreds of steps on Classic 26.
import { describe, expect, it } from 'vitest';
import { KEY_OF } from '../../src/agent/keys.js';
import { planStep } from '../../src/agent/planStep.js';
import { Game } from '../../src/game/game.js';

describe('candidates: a searched plan is judged by its exact simulation, not by the tile facts', () => {
  const game = Game.fromLevel(1, 63, { seed: 1 });
  // the search as it was when this was found: with one-way ground or sortie digs it finds a goal
  // plan from the start, and there is no wait against the wall to judge
  const step = planStep(game.snapshot({ withEngineState: true }), [], { search: { oneWayLevels: false, sortieDigs: false } });

  it('the tile facts say the runner cannot move left; the plan holds left (a wait against the wall)', () => {
    expect(step.facts.movement.left.ok).toBe(false);
    expect(step.plan?.macros[0]).toMatchObject({ key: 'left', fixed: true, to: { x: 13, y: 6 } });
  });

  it('keeps that plan as the planned route, alive by its simulation, and ranks it first', () => {
    const planned = step.candidates.find((c) => c.kind === 'planned_route');
    expect(planned?.firstAction.keyCode).toBe(KEY_OF.left);
    expect(planned?.outcome).toMatchObject({ died: false, survivesAfter: true, runner: { x: 13, y: 6 } });
    expect(step.candidates[0]?.id).toBe(planned?.id);
    expect(step.dispositions.some((d) => d.id === planned?.id && d.disposition === 'physical_rejection')).toBe(false);
  });
});
