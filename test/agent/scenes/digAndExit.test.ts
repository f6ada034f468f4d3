// Planner scenes, environment and endgame (agent-planner §4): while a dig is in progress the only
// candidate is wait_for_dig_completion; once all gold is taken the revealed hidden ladder (S) is
// the way out, the candidates head for it and up, and greedy play finishes the level.
import { describe, expect, it } from 'vitest';
import { KEY } from '../../../src/game/keys.js';
import { candidateListProblems, planNow, planScene, playGreedyScene, sceneGame } from '../helpers/scene.js';

describe('scene: a dig in progress', () => {
  // runner (2,13) on a brick row, gold (9,13)
  const rows = ['  &      $', '#'.repeat(28)];

  it.each([1, 3, 8])('yields only wait_for_dig_completion, %i ticks into the dig', (ticks) => {
    const { snapshot, plan } = planScene(rows, { keys: [[KEY.DIG_RIGHT, ticks]] });
    expect(snapshot.activeDig).toMatchObject({ x: 3, y: 14, direction: 'right' });
    expect(plan.candidates).toHaveLength(1);
    const [wait] = plan.candidates;
    expect(wait.kind).toBe('wait_for_dig_completion');
    expect(wait.firstAction.keyCode).toBe(KEY.STOP);
    expect(wait.firstAction.ticks).toBeLessThanOrEqual(snapshot.activeDig!.frameCount - snapshot.activeDig!.frameIndex);
    expect(plan.plan).toBeNull();
    expect(plan.dispositions).toEqual([expect.objectContaining({ id: wait.id, disposition: 'exposed' })]);
  });
});

describe('scene: the exit up the revealed hidden ladder', () => {
  // hidden ladder S in column 10 from row 0 to row 14; runner (8,14); the one gold (13,14)
  const rows = Array.from({ length: 15 }, (_, y) => (y === 14 ? '        & S  $' : '          S'));
  const EXIT_KINDS = ['exit_route', 'planned_route', 'climb_ladder'];

  it('before the gold is taken, the hidden ladder is no route', () => {
    const { plan } = planScene(rows);
    expect(plan.facts.goldComplete).toBe(false);
    expect(plan.facts.rowLadders).toEqual([]);
    expect(plan.candidates.some((c) => c.kind === 'exit_route')).toBe(false);
  });

  it('after the gold, the candidates lead to the exit and up', () => {
    const game = sceneGame(rows);
    const collect = playGreedyScene(game, { maxTicks: 100, until: (g) => g.state.goldCount === 0 });
    expect(collect.goldLeft).toBe(0);
    const plan = planNow(game);
    expect(plan.facts.goldComplete).toBe(true);
    expect(plan.facts.primaryProgressTarget).toMatchObject({ kind: 'exit', x: 10, y: 0 });
    expect(plan.candidates.some((c) => c.kind === 'collect_gold')).toBe(false);
    const exits = plan.candidates.filter((c) => c.kind === 'exit_route');
    expect(exits.length).toBeGreaterThan(0);
    for (const c of exits) expect(c.target!.y).toBe(0);
    expect(EXIT_KINDS).toContain(plan.candidates[0].kind);
    expect(candidateListProblems(plan)).toEqual([]);
  });

  it('greedy play climbs the revealed ladder and finishes the level', () => {
    const game = sceneGame(rows);
    playGreedyScene(game, { maxTicks: 100, until: (g) => g.state.goldCount === 0 });
    const run = playGreedyScene(game, { maxTicks: 300 });
    expect(run.status).toBe('finish');
    // every step taken before the runner stands on the top row heads for the exit, never down
    const beforeTop = run.steps.filter((s) => s.plan.facts.runner.y > 0);
    expect(beforeTop.length).toBeGreaterThan(0);
    for (const s of beforeTop) {
      expect(EXIT_KINDS).toContain(s.choice.kind);
      expect(s.choice.firstAction.keyCode).not.toBe(KEY.DOWN);
    }
    const onLadder = beforeTop.filter((s) => s.plan.facts.runner.x === 10);
    expect(onLadder.length).toBeGreaterThan(0);
    for (const s of onLadder) expect(s.choice.firstAction.keyCode).toBe(KEY.UP);
  });
});
