// The candidates' trap check (candidates.ts checkProposal): an action that leaves the runner where
// the lasting terrain (holes closed) has no way out is rejected, unless it is exactly the start of
// a searched plan whose exact simulation goes on from there (digging down, or out through a hole
// before it refills), in any mode of the plan. The fixture is a real decision of the agent's own
// play (Classic 40, seed 1, tick 381): the plan's first step, along the ledge at (25,3), starts a
// staircase dug down to the floor; judged as a trap, the agent stood still and was caught. The plan
// was a partial one when the spec was written; the search now finds gold through that staircase,
// so the partial case is the same plan with its proof of gold taken away.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProposal, proposal } from '../../src/agent/candidates.js';
import { KEY_OF } from '../../src/agent/keys.js';
import { UNREACHABLE, routingCell } from '../../src/agent/nav.js';
import { plannedRouteProposal } from '../../src/agent/plannedRoute.js';
import { planStep } from '../../src/agent/planStep.js';
import { plannerOptionsSchema, snapshotSchema } from '../../src/agent/schemas.js';
import { Game } from '../../src/game/game.js';
import { restoreState } from '../../src/game/serialize.js';

const classic40 = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-40-tick-381.json', import.meta.url), 'utf8')));

describe('candidates: actions that leave the runner without a lasting way out', () => {
  const step = planStep(classic40, []);
  const planned = step.candidates.find((c) => c.kind === 'planned_route');

  it('keeps the planned route whose plan digs on from a place the lasting terrain cannot leave', () => {
    expect(planned?.outcome?.runner).toEqual({ x: 25, y: 3 });
    const landed = routingCell(step.analysis.graph, 25, 3);
    expect(step.analysis.toGo[landed]).toBeGreaterThanOrEqual(UNREACHABLE);
  });

  it('in any mode of the plan: the same plan as a partial one (no gold proven) is kept too', () => {
    const { proposal: found } = plannedRouteProposal(step.analysis, {}, []);
    const partial = { ...found!, provenByPlan: false, plan: { ...found!.plan!, mode: 'partial' as const, reachesGoal: false } };
    const checked = checkProposal({ analysis: step.analysis, facts: step.facts, options: plannerOptionsSchema.parse({}) }, partial);
    expect('rejected' in checked).toBe(false);
    expect(checked.candidate.outcome?.runner).toEqual({ x: 25, y: 3 });
  });

  it('the plan goes on alive from there, down to the floor and on to its end', () => {
    const game = new Game(restoreState(classic40.engineState!));
    for (const m of step.plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(step.plan!.macros.filter((m) => m.kind === 'dig').length).toBeGreaterThan(1);
    expect(game.state.runner).toMatchObject({ x: step.plan!.endCell.x, y: step.plan!.endCell.y });
  });

  it('the same action without a plan behind it is rejected as a trap', () => {
    const bare = proposal('planned_route', planned!.firstAction.keyCode === KEY_OF.right ? 'right' : 'left', planned!.firstAction.ticks, {
      goal: 'the same step, no plan',
      reason: 'test',
    });
    const checked = checkProposal({ analysis: step.analysis, facts: step.facts, options: plannerOptionsSchema.parse({}) }, bare);
    expect('rejected' in checked && checked.why).toBe('ends inside a hole with no way out before it refills');
  });
});
