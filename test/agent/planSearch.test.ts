// The plan search as a specification (agent-planner §3, issue #9): it finds dig sequences the
// navigation graph cannot express, leaves a sealed pit's gold for last (and never takes the
// last gold where the exit is out of reach afterwards), gets past a closing
// guard alive, and is a pure function of the exact state. Each plan is then played in the
// real engine, macro by macro, to check that what it promised happens.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { KEY_OF } from '../../src/agent/keys.js';
import { againstWall, planSearch, type Plan } from '../../src/agent/search/planSearch.js';
import { Game } from '../../src/game/game.js';
import { KEY } from '../../src/game/keys.js';
import { cloneState } from '../../src/game/serialize.js';
import type { GameState } from '../../src/game/state.js';
import { advance } from '../../src/game/tick.js';
import { sceneGame } from './helpers/scene.js';

function searchFrom(game: Game): Plan {
  const analysis = analyzeSnapshot(game.snapshot({ withEngineState: true }), { simulate: true });
  const plan = planSearch(analysis);
  expect(plan).not.toBeNull();
  return plan!;
}

/** Presses each macro's key for its ticks, as the episode loop would. */
function follow(game: Game, plan: Plan): void {
  for (const m of plan.macros) game.press(KEY_OF[m.key], m.ticks);
}

describe('plan search', () => {
  it('digs a staircase through two layers of bricks to reach buried gold', () => {
    // runner (2,11) on two brick rows; the gold (8,14) lies in the open row under them
    const game = sceneGame(['  &', '#'.repeat(28), '#'.repeat(28), '        $']);
    const gold = game.state.goldCount;
    const plan = searchFrom(game);
    expect(plan.mode).toBe('goal');
    expect(plan.goldGained).toBe(1);
    expect(plan.macros.filter((m) => m.kind === 'dig').length).toBeGreaterThanOrEqual(3);
    follow(game, plan);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(gold - 1);
  });

  it('leaves gold in a sealed pit for last: taking it first would strand the runner', () => {
    // runner (6,13); free gold (1,13) five tiles left; gold (9,14) three tiles right at the
    // bottom of a one-wide pit in the brick row, which nobody climbs out of
    const game = sceneGame([' $    &', '#########$##################']);
    const first = searchFrom(game);
    expect(first.mode).toBe('goal');
    follow(game, first);
    expect(game.state.runner).toMatchObject({ x: 1, y: 13 });
    const second = searchFrom(game);
    follow(game, second);
    expect(game.state.goldCount).toBe(0);
    expect(game.state.status).toBe('running');
  });

  it('leaves a pit holding two gold for last, though the second gold would still be in reach', () => {
    // runner (6,13); free gold (1,13) five tiles left; gold (9,14) and (10,14) three tiles right
    // at the bottom of a two-wide pit in the brick row: taking the near pit gold first would
    // leave the other pit gold reachable but the free gold stranded
    const game = sceneGame([' $    &', '#########$$#################']);
    const first = searchFrom(game);
    expect(first.mode).toBe('goal');
    follow(game, first);
    expect(game.state.runner).toMatchObject({ x: 1, y: 13 });
    expect(game.state.goldCount).toBe(2);
  });

  it('does not take the last gold where the runner could never reach the exit afterwards', () => {
    // runner (12,13); the only gold (9,14) lies at the bottom of a one-wide pit in the brick row;
    // the hidden ladder that appears with the last gold rises from the brick row at column 20,
    // out of the pit's reach: taking the gold finishes nothing and strands the runner for good
    const rows = Array.from({ length: 13 }, () => ' '.repeat(20) + 'S');
    const game = sceneGame([...rows, '            &' + ' '.repeat(7) + 'S', '#########$##################']);
    const plan = searchFrom(game);
    expect(plan.reachesGoal).toBe(false);
    expect(plan.goldGained).toBe(0);
  });

  it('gets past a guard closing in on the row between the runner and the gold', () => {
    // runner (1,13), guard (9,13), gold (18,13), on a brick floor the runner can dig
    const game = sceneGame(['', ' &       0        $', '#'.repeat(28)]);
    const plan = searchFrom(game);
    expect(plan.mode).toBe('goal');
    follow(game, plan);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(0);
  });

  it('is a pure function of the exact state', () => {
    const game = sceneGame(['', ' &       0        $', '#'.repeat(28)]);
    const a = searchFrom(game);
    const b = searchFrom(game);
    expect(b.macros).toEqual(a.macros);
    expect(b.why).toBe(a.why);
  });
});

describe('the plan search reports what it spent', () => {
  it("counts the escape's extra ticks in simulatedTicks (never a negative figure)", () => {
    // a search given one tick finds nothing, so the escape beam runs on its own 600 ticks
    // (the figure used to be the search's budget minus what was left of the escape's)
    const game = sceneGame(['  &      $']);
    const analysis = analyzeSnapshot(game.snapshot({ withEngineState: true }), { simulate: true });
    const plan = planSearch(analysis, { budgetTicks: 1, escapeBudgetTicks: 600 })!;
    expect(plan.mode).toBe('escape');
    // at least the plan's own ticks were simulated, and no more than both budgets allow
    expect(plan.simulatedTicks).toBeGreaterThanOrEqual(plan.ticks);
    expect(plan.simulatedTicks).toBeLessThan(1 + 600 + 100);
  });
});

describe('a step into a wall', () => {
  it('is left out only where the engine agrees that it does nothing (random play with guards and holes on Classic levels)', () => {
    const keys = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.DIG_LEFT, KEY.DIG_RIGHT, KEY.STOP];
    const where = (s: GameState) => `${s.status} ${s.runner.x},${s.runner.y},${s.runner.xOffset},${s.runner.yOffset}`;
    let rand = 7;
    let judged = 0;
    for (const level of [1, 3, 5, 8, 11]) {
      let game = Game.fromLevel(1, level, { seed: level });
      for (let t = 0; t < 4000; t++) {
        if (game.over) game = Game.fromLevel(1, level, { seed: level + t });
        for (const dir of [-1, 1] as const) {
          if (!againstWall(game.state, dir)) continue;
          judged++;
          const copy = cloneState(game.state, false);
          const before = where(copy);
          for (let i = 0; i < 4; i++) advance(copy, dir < 0 ? KEY.LEFT : KEY.RIGHT);
          expect(where(copy)).toBe(before);
        }
        if (t % 6 === 0) rand = (Math.imul(rand, 1664525) + 1013904223) >>> 0;
        game.step(keys[rand % keys.length]);
      }
    }
    expect(judged).toBeGreaterThan(200);
  });
});
