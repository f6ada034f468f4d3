// The plan sets the bar (src/agent/outlast.ts): a candidate ranked above a plan that keeps the
// runner alive must keep him alive about as long, in the same exact simulation. The fixture is a
// real decision of the agent's own play (Classic 21, seed 1, tick 2460): between two guards on a
// ladder over a dead end, the plan search's escape holds out 127 ticks; the stall report had
// blocked it (the runner had waited there before) and the local policy took collect_gold_10_14_down,
// which passed the 24-tick look-ahead, and the runner died in the dead end 52 ticks later.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkProposal, proposeAll, type CandidateInputs } from '../../src/agent/candidates.js';
import { dropOutlasted, outlastHorizon } from '../../src/agent/outlast.js';
import { planStep } from '../../src/agent/planStep.js';
import { plannerOptionsSchema, snapshotSchema, type Snapshot } from '../../src/agent/schemas.js';
import type { GameState } from '../../src/game/state.js';
import { KEY } from '../../src/game/keys.js';
import { DEFAULT_PLAN_SEARCH } from '../../src/agent/search/types.js';
import { sceneGame } from './helpers/scene.js';

const classic21 = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-21-tick-2460.json', import.meta.url), 'utf8')));

/** A decision's planning step, every proposal checked, and the simulated end state of each that passed. */
function decisionOf(snapshot: Snapshot) {
  const step = planStep(snapshot, [], { candidateLimit: 12 });
  const inputs: CandidateInputs = { analysis: step.analysis, facts: step.facts, options: plannerOptionsSchema.parse({}) };
  const ends = new Map<string, GameState>();
  const checked = proposeAll(inputs).map((p) => checkProposal(inputs, p));
  for (const c of checked) if ('end' in c && c.end) ends.set(c.candidate.id, c.end);
  return { step, ends, checked };
}

describe('outlast: a candidate ranked above the plan must live as long as the plan', () => {
  const { step, ends, checked } = decisionOf(classic21);
  const down = checked.find((c) => c.candidate.id === 'collect_gold_10_14_down')!;
  const planned = step.candidates.find((c) => c.kind === 'planned_route')!;

  it('the decision: an escape that holds out, and a step down that passes the 24-tick look-ahead', () => {
    expect(step.plan?.mode).toBe('escape');
    expect(outlastHorizon(step.plan!)).toBeGreaterThan(100);
    expect('rejected' in down).toBe(false);
    expect(down.candidate.outcome?.survivesAfter).toBe(true);
  });

  it('takes the step down out when it ranks above the stall-blocked plan', () => {
    const ranked = [down.candidate, { ...planned, stallBlocked: true }];
    const out = dropOutlasted(ranked, ends, step.plan);
    expect(out.candidates.map((c) => c.id)).toEqual([planned.id]);
    expect(out.dispositions).toEqual([expect.objectContaining({ id: 'collect_gold_10_14_down', disposition: 'safety_rejection' })]);
  });

  it('judges nothing below the plan, and nothing without a plan', () => {
    const ranked = [planned, down.candidate];
    expect(dropOutlasted(ranked, ends, step.plan).candidates).toEqual(ranked);
    const blocked = [down.candidate, { ...planned, stallBlocked: true }];
    expect(dropOutlasted(blocked, ends, null).candidates).toEqual(blocked);
  });
});

// The runner has dug both sides of his pillar; under the right-hand hole lies a sealed pocket with
// one gold in it, and the rest of the gold is on the surface. Dropping in takes that gold and lives
// on (no guard), so the survival test passes it; but nothing leads out of the pocket again.
describe('outlast: a candidate ranked above the plan must not leave gold behind for good', () => {
  const rows = ['   &        $'.padEnd(28, ' '), '@@#@#'.padEnd(28, '@'), '@@  $'.padEnd(28, '@')];
  const game = sceneGame(rows, {
    keys: [
      [KEY.DIG_LEFT, 20],
      [KEY.DIG_RIGHT, 20],
    ],
  });
  const { step, ends, checked } = decisionOf(game.snapshot({ withEngineState: true }));
  const dropIn = checked.map((c) => c.candidate).find((c) => c.outcome?.runner.y === 14 && c.outcome.goldTaken === 1)!;
  const planned = step.candidates.find((c) => c.kind === 'planned_route')!;

  it('the drop into the pocket takes its gold, lives on, and strands the gold on the surface', () => {
    expect(dropIn.kind).not.toBe('planned_route');
    expect(dropIn.outcome?.survivesAfter).toBe(true);
    expect(dropIn.scoreParts.strandsGold).toBeLessThan(0);
    expect(ends.get(dropIn.id)?.status).toBe('running');
  });

  it('is taken out when it ranks above the stall-blocked plan, though it outlives the horizon', () => {
    const out = dropOutlasted([dropIn, { ...planned, stallBlocked: true }], ends, step.plan);
    expect(out.candidates.map((c) => c.id)).toEqual([planned.id]);
    expect(out.dispositions).toEqual([
      expect.objectContaining({
        id: dropIn.id,
        disposition: 'safety_rejection',
        why: expect.stringContaining('leaves some behind for good'),
      }),
    ]);
  });
});

// A real decision of the agent's own play (Classic 26, seed 1, tick 1521): the last gold lies at
// the foot of a shaft walled in brick, and a step right from (2,4) drops the runner onto it. The
// dig-relaxed reachability sees a way out through the bricks, so nothing strands the exit, and he
// lives on down there; the stall report had blocked the plan, the local policy took the step, and
// no key sequence led out of the shaft again. With trapChecks the search's own exact test (no
// guards, the last gold asked to lead on to the exit) turns the step down.
describe('outlast: with trapChecks, a candidate ranked above the plan must leave a way on', () => {
  const classic26 = snapshotSchema.parse(
    JSON.parse(readFileSync(new URL('../fixtures/classic-26-tick-1521.json', import.meta.url), 'utf8')),
  );
  const { step, ends, checked } = decisionOf(classic26);
  const drop = checked.find((c) => c.candidate.id === 'collect_gold_3_9_right')!;
  const planned = step.candidates.find((c) => c.kind === 'planned_route')!;
  const ranked = () => [drop.candidate, { ...planned, stallBlocked: true }];

  it('the step passes the survival test and strands nothing by the relaxed reachability', () => {
    expect('rejected' in drop).toBe(false);
    expect(drop.candidate.outcome?.survivesAfter).toBe(true);
    expect(drop.candidate.scoreParts.strandsGold).toBeUndefined();
    expect(drop.candidate.scoreParts.strandsExit).toBeUndefined();
    expect(step.plan?.exhausted).toBeFalsy();
    expect(dropOutlasted(ranked(), ends, step.plan).candidates.map((c) => c.id)).toEqual([drop.candidate.id, planned.id]);
  });

  it('is taken out when every way on from where it leaves the runner is closed', () => {
    const out = dropOutlasted(ranked(), ends, step.plan, { ...DEFAULT_PLAN_SEARCH, trapChecks: true });
    expect(out.candidates.map((c) => c.id)).toEqual([planned.id]);
    expect(out.dispositions).toEqual([
      expect.objectContaining({
        id: 'collect_gold_3_9_right',
        disposition: 'safety_rejection',
        why: expect.stringContaining('closed for good'),
      }),
    ]);
  });

  // the same decision as the agent met it, with the 24 steps of history that led the stall report
  // to block the plan: the trap test is the planner's default, so the step never reaches the model
  const history = JSON.parse(readFileSync(new URL('../fixtures/classic-26-tick-1521.history.json', import.meta.url), 'utf8'));
  // (ground judged as leading back to where the search starts, as when the fixture was recorded:
  // with one-way ground the search finds a partial plan the stall report does not block, and the
  // step ranks below it, unexamined)
  // (and partial plans ranked by the estimate alone, as then: the fixture's history has the runner
  // at the same cells for several decisions, and revisitPenalty sends the plan elsewhere)
  const offered = (search: object) => planStep(classic26, history, { search: { oneWayLevels: false, revisitPenalty: 0, ...search } });
  it('is turned down by the default planning step, and offered first when the test is switched off', () => {
    const byDefault = offered({});
    expect(byDefault.candidates.map((c) => c.id)).not.toContain('collect_gold_3_9_right');
    expect(byDefault.dispositions).toContainEqual(
      expect.objectContaining({
        id: 'collect_gold_3_9_right',
        disposition: 'safety_rejection',
        why: expect.stringContaining('closed for good'),
      }),
    );
    expect(offered({ trapChecks: false }).candidates[0].id).toBe('collect_gold_3_9_right');
  });

  it('with one-way ground the plan the search finds ranks first and the step below it', () => {
    const ids = planStep(classic26, history).candidates.map((c) => c.id);
    expect(ids[0]).toMatch(/^planned_route_/);
    expect(ids.indexOf('collect_gold_3_9_right')).toBeGreaterThan(0);
  });
});
