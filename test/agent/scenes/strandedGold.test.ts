// Planner scene, progress (agent-planner §4, issue #9): a step that drops the runner into a pit
// he can never leave, while gold lies outside it, is marked down (`strandsGold`) whatever it
// takes on the way, so neither the model nor the local policy walks into the trap first.
import { describe, expect, it } from 'vitest';
import { KEY } from '../../../src/game/keys.js';
import { planScene } from '../helpers/scene.js';

describe('scene: a sealed pit with gold beside the runner, free gold behind him', () => {
  // runner (6,13) on a brick row; gold (7,14) at the bottom of a one-wide pit right beside him;
  // free gold (1,13) five tiles left
  const rows = [' $    &', '#######$####################'];

  it('marks every step that ends in the pit strandsGold -80, and none that keeps the runner out', () => {
    const { plan } = planScene(rows, {}, { planSearch: false, candidateLimit: 12 });
    const all = plan.candidates;
    const inPit = all.filter((c) => c.outcome?.runner.x === 7 && c.outcome.runner.y === 14);
    const outside = all.filter((c) => c.outcome && c.outcome.runner.y === 13);
    expect(inPit.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);
    for (const c of inPit) expect(c.scoreParts.strandsGold).toBe(-80);
    for (const c of outside) expect(c.scoreParts.strandsGold).toBeUndefined();
  });

  it('ranks a step toward the free gold first', () => {
    const { plan } = planScene(rows, {}, { planSearch: false });
    expect(plan.candidates[0].firstAction.keyCode).toBe(KEY.LEFT);
  });
});
