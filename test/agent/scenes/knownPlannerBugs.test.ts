// Planner scenes that expose planner bugs, written as the behaviour the spec asks for; the
// failing ones are marked it.fails (and reported to the lead) so the suite stays green and
// flips to red, as a reminder to drop the marker, the moment the planner is fixed.
import { describe, expect, it } from 'vitest';
import { KEY } from '../../../src/game/keys.js';
import { planScene, playGreedyScene, sceneGame } from '../helpers/scene.js';

describe('level start: a level waits for its first move key, so STOP cannot start it', () => {
  it('starts a level whose gold is a free walk away', () => {
    const game = sceneGame(['  &       $'], { start: false });
    expect(game.state.status).toBe('start');
    playGreedyScene(game, { maxSteps: 3 });
    expect(game.state.status).not.toBe('start');
  });

  // BUG: at status 'start' the plan search returns null and the walk toward the gold is
  // (rightly) rejected because the guard is in the way; the only candidate left is
  // wait_or_stop (STOP), which never starts the level, so greedy play stays at 'start' forever
  // (the wait_loop stall blocks wait_or_stop, but it is the only candidate and is taken anyway).
  it('starts a level whose first walk toward the gold is unsafe', () => {
    const game = sceneGame(['  &     0        $', '#'.repeat(28)], { start: false });
    playGreedyScene(game, { maxSteps: 10 });
    expect(game.state.status).not.toBe('start');
  });
});

describe('scoring: a safe step toward gold outranks standing still', () => {
  // runner (3,12) next to the brick (4,13) that covers the gold (4,14); plan search off, so only
  // the proposal scoring decides
  const rows = ['  &', '#'.repeat(28), '@@@@$' + '@'.repeat(23)];
  const started = { keys: [[KEY.RIGHT, 5]] as const };

  it('with the geometric rules', () => {
    const { plan } = planScene(rows, started, { simulate: false, planSearch: false });
    expect(plan.candidates[0].kind).toBe('dig_route');
  });

  // BUG: routeProposal sets scoreParts.progress = 30 (35 for exits); in simulated mode
  // checkProposal adds its own scoreParts.progress (tiles gained, here 0–1) under the same key,
  // which replaces the 30. A safe dig_route/collect_gold then scores about -2..9 and ranks below
  // wait_or_stop (2), retreat_from_guard (6–20) or climb_ladder (8 + progress).
  it('with exact simulation', () => {
    const { plan } = planScene(rows, started, { planSearch: false });
    expect(plan.candidates[0].kind).toBe('dig_route');
  });
});
