// Planner scenes, guard safety (agent-planner §4): a candidate that walks into a guard is
// rejected (exact simulation, or the geometric rule without engineState), descending a ladder
// onto a guard is never offered, and god mode switches the guard checks off.
import { describe, expect, it } from 'vitest';
import { planStep } from '../../../src/agent/planStep.js';
import type { Disposition } from '../../../src/agent/schemas.js';
import { KEY } from '../../../src/game/keys.js';
import { candidateListProblems, planScene, playGreedyScene, sceneGame } from '../helpers/scene.js';

const rejectionOf = (dispositions: Disposition[], id: string) => dispositions.find((d) => d.id === id && d.disposition !== 'exposed');

describe('scene: a guard closing on the runner’s row (exact simulation)', () => {
  // runner (2,13), guard (8,13) walking left toward him, gold (17,13) behind the guard; brick floor
  const rows = ['  &     0        $', '#'.repeat(28)];

  it('rejects walking into the guard as safety_rejection', () => {
    const { plan } = planScene(rows);
    const guard = plan.facts.guards[0];
    expect(guard).toMatchObject({ y: plan.facts.runner.y, closing: true });
    expect(rejectionOf(plan.dispositions, 'collect_gold_17_13_right')).toMatchObject({ disposition: 'safety_rejection' });
    expect(plan.candidates.map((c) => c.id)).not.toContain('collect_gold_17_13_right');
    for (const c of plan.candidates) expect(c.outcome?.died ?? false).toBe(false);
    expect(candidateListProblems(plan)).toEqual([]);
  });

  it('greedy play survives 300 ticks', () => {
    const game = sceneGame(rows);
    const run = playGreedyScene(game, { maxTicks: 300, maxSteps: 400 });
    expect(run.status).not.toBe('runner_dead');
    expect(run.ticks).toBeGreaterThanOrEqual(300);
  });
});

describe('scene: a guard below the ladder the runner stands on', () => {
  // runner (4,10) on the ladder top; ladder (4,11..13); guard (4,14) at its foot; gold (13,14)
  const rows = ['    &', '@@@@H' + '@'.repeat(23), '    H', '    H', '    0        $'];

  it('goes down only as far as the open rows above the guard, alive and with a way on', () => {
    const { plan } = planScene(rows);
    expect(plan.facts.movement.down.ok).toBe(true);
    const down = plan.candidates.filter((c) => c.firstAction.keyCode === KEY.DOWN);
    for (const c of down) expect(c.outcome).toMatchObject({ simulated: true, died: false, survivesAfter: true });
    expect(down.length).toBeGreaterThan(0);
    for (const c of down) expect(c.outcome!.runner.y).toBeLessThan(14);
    expect(candidateListProblems(plan)).toEqual([]);
  });

  it('greedy play gets past the guard: down to the open rows, off the ladder beside him, to the gold alive', () => {
    // the ladder opens to both sides at rows 12-13: a plan can leave it there and drop past the
    // guard instead of climbing down onto him
    const game = sceneGame(rows);
    const run = playGreedyScene(game, { maxTicks: 200, maxSteps: 300, until: (g) => g.state.goldCount === 0 });
    expect(run.status).not.toBe('runner_dead');
    expect(game.state.goldCount).toBe(0);
  });
});

describe('scene: geometric mode (no engineState)', () => {
  // runner (2,14), guard (6,14): Manhattan 4 = medium risk; gold (15,14) beyond the guard
  const rows = ['  &   0        $'];

  it('rejects moving toward a same-row guard of medium risk by the geometric rule', () => {
    const { plan } = planScene(rows, {}, { simulate: false });
    expect(plan.analysis.state).toBeNull();
    expect(plan.facts.guards[0]).toMatchObject({ risk: 'medium', y: 14 });
    const rejection = rejectionOf(plan.dispositions, 'collect_gold_15_14_right');
    expect(rejection).toMatchObject({ disposition: 'safety_rejection' });
    expect(rejection!.why).toMatch(/toward guard/);
    for (const c of plan.candidates) expect(c.outcome).toBeNull();
    expect(candidateListProblems(plan)).toEqual([]);
  });

  it('applies the same rule to a snapshot sent without engineState', () => {
    const snapshot = sceneGame(rows).snapshot();
    expect(snapshot.engineState).toBeUndefined();
    const plan = planStep(snapshot, []);
    expect(rejectionOf(plan.dispositions, 'collect_gold_15_14_right')).toMatchObject({ disposition: 'safety_rejection' });
  });

  it('lets the runner walk toward a low-risk guard', () => {
    // guard (9,14): Manhattan 7 = low risk
    const { plan } = planScene(['  &      0     $'], {}, { simulate: false });
    expect(plan.facts.guards[0].risk).toBe('low');
    expect(plan.candidates.map((c) => c.id)).toContain('collect_gold_15_14_right');
  });
});

describe('scene: god mode skips guard safety', () => {
  const rows = ['  &   0        $'];

  it.each([
    ['exact simulation', true],
    ['geometric rules', false],
  ])('keeps the walk into the guard with %s', (_mode, simulate) => {
    const { plan } = planScene(rows, { godMode: true }, { simulate });
    expect(plan.facts.godMode).toBe(true);
    expect(plan.candidates.map((c) => c.id)).toContain('collect_gold_15_14_right');
    expect(plan.dispositions.filter((d) => d.disposition === 'safety_rejection')).toEqual([]);
    expect(plan.candidates.filter((c) => c.lane === 'safety')).toEqual([]);
  });
});
