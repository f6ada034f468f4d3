// Planner scenes, progress (agent-planner §4): gold on the runner's row is walked to and taken;
// gold sealed under a brick is reached by digging. Each scene is a small hand-made level, one
// planning step checked as a specification, then greedy play checked for the outcome.
import { describe, expect, it } from 'vitest';
import { KEY } from '../../../src/game/keys.js';
import { candidateListProblems, planScene, playGreedyScene, sceneGame } from '../helpers/scene.js';

const DIG_KEYS: number[] = [KEY.DIG_LEFT, KEY.DIG_RIGHT];

describe('scene: gold on the runner’s row', () => {
  // runner (2,14), gold (10,14), solid floor
  const rows = ['  &       $'];

  it('ranks a move toward the gold first', () => {
    const { plan } = planScene(rows);
    expect(candidateListProblems(plan)).toEqual([]);
    expect(plan.facts.nearestGold[0]).toMatchObject({ x: 10, y: 14, sameRow: true, needsDig: false });
    const top = plan.candidates[0];
    expect(top.firstAction.keyCode).toBe(KEY.RIGHT);
    expect(top.target!.x).toBeGreaterThan(plan.facts.runner.x);
    expect(plan.candidates.map((c) => c.id)).toContain('collect_gold_10_14_right');
  });

  it('greedy play collects it', () => {
    const game = sceneGame(rows);
    const run = playGreedyScene(game, { maxTicks: 120, until: (g) => g.state.goldCount === 0 });
    expect(run.goldLeft).toBe(0);
    expect(run.status).toBe('running');
    expect(run.steps.every((s) => s.choice.firstAction.keyCode === KEY.RIGHT)).toBe(true);
  });
});

describe('scene: gold under a brick, reachable only by digging', () => {
  // runner (2,12) on a brick row; gold (4,14) in a solid pocket under the brick (4,13)
  const rows = ['  &', '#'.repeat(28), '@@@@$' + '@'.repeat(23)];

  it('knows the gold needs a dig and which brick', () => {
    const { plan } = planScene(rows);
    expect(plan.facts.nearestGold[0]).toMatchObject({ x: 4, y: 14, needsDig: true });
    expect(plan.facts.routeAccess).toMatchObject({ goldBelowNeedsDig: true, target: { x: 4, y: 13 } });
  });

  it('offers dig_route next to the brick', () => {
    // one step right: the runner stands at (3,12), diagonally above the brick
    const { plan } = planScene(rows, { keys: [[KEY.RIGHT, 5]] }, { planSearch: false });
    expect(plan.facts.runner).toMatchObject({ x: 3, y: 12 });
    expect(plan.facts.routeAccess.digSide).toBe('right');
    const dig = plan.candidates.find((c) => c.kind === 'dig_route');
    expect(dig).toBeDefined();
    expect(dig!.firstAction.keyCode).toBe(KEY.DIG_RIGHT);
    expect(candidateListProblems(plan)).toEqual([]);
  });

  it('greedy play digs and collects the gold', () => {
    const game = sceneGame(rows);
    const run = playGreedyScene(game, { maxTicks: 200, until: (g) => g.state.goldCount === 0 });
    expect(run.goldLeft).toBe(0);
    expect(run.status).toBe('running');
    const digOffered = run.steps.some((s) =>
      s.plan.candidates.some((c) => c.kind === 'dig_route' || (c.kind === 'planned_route' && DIG_KEYS.includes(c.firstAction.keyCode))),
    );
    expect(digOffered).toBe(true);
    expect(run.steps.some((s) => DIG_KEYS.includes(s.choice.firstAction.keyCode))).toBe(true);
  });
});
