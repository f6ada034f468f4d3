// Planner scenes, the state summary (agent-planner §2): nearest gold ordered same-row first,
// then by route cost along the navigation graph (not straight-line distance); guard risk by
// Manhattan distance with trapped guards low; movement and dig affordances with their reasons.
import { describe, expect, it } from 'vitest';
import { KEY } from '../../../src/game/keys.js';
import { planNow, planScene, sceneGame } from '../helpers/scene.js';

describe('facts: nearest gold', () => {
  // runner (2,12). Gold A (3,9) is 4 tiles away in a straight line but only reachable up the
  // ladder in column 20 (190 ticks); gold B (10,14) is 10 tiles away, down the short ladder in
  // column 9 (50 ticks); gold S (26,12) is on the runner's row (120 ticks).
  const rows = [
    '   $',
    '@@@@@@@@@@@@@@@@@@@@H',
    '                    H',
    '  &      H          H     $',
    '@@@@@@@@@H' + '@'.repeat(18),
    '          $',
  ];

  it('puts same-row gold first, then orders by route cost, not straight-line distance', () => {
    const { plan } = planScene(rows);
    const { runner, nearestGold } = plan.facts;
    expect(runner).toMatchObject({ x: 2, y: 12 });
    expect(nearestGold.map((g) => [g.x, g.y])).toEqual([
      [26, 12],
      [10, 14],
      [3, 9],
    ]);
    expect(nearestGold.map((g) => g.sameRow)).toEqual([true, false, false]);
    const [, viaShortLadder, upTheFarLadder] = nearestGold;
    const manhattan = (g: { x: number; y: number }) => Math.abs(g.x - runner.x) + Math.abs(g.y - runner.y);
    expect(manhattan(upTheFarLadder)).toBeLessThan(manhattan(viaShortLadder));
    expect(viaShortLadder.routeCost!).toBeLessThan(upTheFarLadder.routeCost!);
    expect(viaShortLadder.routeCost).toBe(50);
    expect(upTheFarLadder.routeCost).toBe(190);
  });

  it('makes the cheapest route the primary progress target', () => {
    const { plan } = planScene(rows);
    expect(plan.facts.primaryProgressTarget).toMatchObject({ kind: 'gold', x: 10, y: 14, routeCost: 50, firstMove: 'right' });
  });
});

describe('facts: guard risk', () => {
  // runner (9,14); guards at Manhattan 1, 2, 3 (one row up, platform), 5 and 6
  const rows = ['          0', '@'.repeat(28), '   0    0&0   0   $'];

  it('grades risk critical <= 1, high <= 3, medium <= 5, else low', () => {
    const { plan } = planScene(rows, { start: false });
    const byCell = Object.fromEntries(plan.facts.guards.map((g) => [`${g.x},${g.y}`, [g.distance, g.risk]]));
    expect(byCell).toEqual({
      '10,12': [3, 'high'],
      '3,14': [6, 'low'],
      '8,14': [1, 'critical'],
      '10,14': [1, 'critical'],
      '14,14': [5, 'medium'],
    });
    expect(plan.facts.risk.level).toBe('critical');
  });

  it('grades distance 2 high and 4 medium', () => {
    // runner (8,14); guards (4,14) and (6,14)
    const { plan } = planScene(['    0 0 &'], { start: false });
    const risks = plan.facts.guards.map((g) => [g.distance, g.risk]);
    expect(risks).toEqual([
      [4, 'medium'],
      [2, 'high'],
    ]);
  });

  it('grades a guard trapped in a hole low, however close', () => {
    // the runner digs a hole at (3,14); the guard walking left falls in
    const game = sceneGame(['  &     0        $', '#'.repeat(28)], { keys: [[KEY.DIG_RIGHT, 1]] });
    for (let t = 0; t < 120 && game.snapshot().guards[0].actionName !== 'in_hole'; t++) game.press(undefined, 1);
    const plan = planNow(game);
    const guard = plan.facts.guards[0];
    expect(guard).toMatchObject({ x: 3, y: 14, actionName: 'in_hole', trapped: true, risk: 'low' });
    expect(guard.distance).toBeLessThanOrEqual(3);
  });
});

describe('facts: movement and dig, with reasons', () => {
  // runner (1,13) between a brick wall (0,13) and a gold (2,13) lying on the brick (2,14)
  const rows = ['#&$', '#'.repeat(28)];

  it.each([
    ['exact simulation', true],
    ['geometric rules', false],
  ])('explains what blocks each move and dig (%s)', (_mode, simulate) => {
    const { plan } = planScene(rows, {}, { simulate });
    const { movement, dig } = plan.facts;
    expect(movement.left).toEqual({ ok: false, reason: "wall '#' on the left" });
    expect(movement.right.ok).toBe(true);
    expect(movement.up).toMatchObject({ ok: false, reason: expect.stringMatching(/no ladder/) });
    expect(movement.down).toMatchObject({ ok: false, reason: expect.stringMatching(/floor '#' below/) });
    expect(dig.right).toEqual({ ok: false, reason: 'gold sits on that brick' });
    expect(dig.left).toMatchObject({ ok: false, reason: expect.stringMatching(/above the brick/) });
  });

  it('allows a dig with a brick below-side and room above', () => {
    const { plan } = planScene(['  &', '#'.repeat(28)]);
    expect(plan.facts.dig.left).toMatchObject({ ok: true });
    expect(plan.facts.dig.right).toMatchObject({ ok: true });
  });
});
