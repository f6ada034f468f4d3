// Guards (game-mechanics §4–§5): the move scheduler, trapping in a hole and climbing out on time
// (rule sets 4 and 3), carried gold shed into a hole, death in a refilling hole, and the respawn.
import { describe, expect, it } from 'vitest';
import { ACT_CLIMB_OUT, ACT_FALL, ACT_IN_HOLE, ACT_REBORN, ACT_UP, BLOCK, EMPTY, GOLD, GUARD, Game, KEY } from '../../../src/game/index.js';
import { actAt, baseAt, edited, nextTick, runUntil, setTile } from '../helpers/drive.js';
import { BRICK_ROW, SOLID_ROW, level } from '../helpers/level.js';

/** Moves per tick for one guard (rule sets 3/4), columns 0..5 of the spec's table. */
const ONE_GUARD_POLICY = [0, 1, 0, 1, 0, 1];
/** Whether a lone guard gets a move on tick t: the column counter starts at 0 and steps once per tick, before use. */
const loneGuardMovesOn = (t: number) => ONE_GUARD_POLICY[(t + 1) % 6] > 0;

describe('the guard scheduler', () => {
  // Guards in mid-air fall on every move they get (forced fall), so a move is visible as a change.
  // The runner stands in the bottom-left corner, out of everyone's way; LEFT (into the wall) starts the level.
  const falling = (guardRow: string) => level([guardRow, '', '', '', '', '', '', '', '', '', '', '', '', '', '&$', SOLID_ROW]);

  function movesPerTick(guardRow: string, ticks: number): number[][] {
    const game = Game.fromText(falling(guardRow), { seed: 1 });
    const out: number[][] = [];
    for (let t = 0; t < ticks; t++) {
      const before = game.state.guards.map((g) => g.y * 44 + g.yOffset);
      game.step(t === 0 ? KEY.LEFT : undefined);
      out.push(game.state.guards.flatMap((g, id) => (g.y * 44 + g.yOffset !== before[id] ? [id] : [])));
    }
    return out;
  }

  it('one guard moves on every other tick, starting with the first tick (policy 0,1,0,1,0,1)', () => {
    const moves = movesPerTick('  0', 12);
    expect(moves).toEqual([[0], [], [0], [], [0], [], [0], [], [0], [], [0], []]);
    moves.forEach((ids, t) => expect(ids.length > 0).toBe(loneGuardMovesOn(t)));
  });

  it('five guards get two moves a tick, handed out in turn starting with guard 1', () => {
    const moves = movesPerTick('  0   0   0   0   0', 5);
    // moveId starts at 0 and is stepped before each move: guards 1, 2 | 3, 4 | 0, 1 | 2, 3 | 4, 0
    expect(moves).toEqual([
      [1, 2],
      [3, 4],
      [0, 1],
      [2, 3],
      [0, 4],
    ]);
  });
});

// Runner at (3,10) on a row of bricks digs (4,11) on tick 0; a guard at (8,10) chases him along row 10 and
// falls into the open hole.
const TRAP_LEVEL = level(['$', '', '', '', '', '', '', '', '', '', '   &    0', BRICK_ROW, SOLID_ROW]);

/** Plays until the guard is trapped; returns the game and the tick L in which that happened. */
function trapped(ai: 3 | 4, godMode = false) {
  const game = Game.fromText(TRAP_LEVEL, { seed: 1, ai, godMode });
  game.step(KEY.DIG_RIGHT);
  const scoreBefore = game.state.score;
  const L = runUntil(game, () => game.state.shakes.length > 0);
  return { game, L, scoreBefore };
}

describe('a guard trapped in a hole', () => {
  it('is trapped when its fall into the hole clamps to yOffset 0: action in_hole, +75 score, shake timer queued', () => {
    const { game, L, scoreBefore } = trapped(4);
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11, xOffset: 0, yOffset: 0, action: ACT_IN_HOLE });
    expect(game.state.score - scoreBefore).toBe(75);
    expect(game.state.shakes).toEqual([{ id: 0, since: expect.any(Number) }]);
    // One move every other tick (ticks 0, 2, 4, ...). It enters (4,10) on its 18th move (4 tiles left, the cell
    // changing on the 3rd of each tile's 5 steps), then falls 9 px a move: 9, 18, -17 in (4,11), -8, then 1 -> 0.
    // Trapped on its 23rd move: tick 44.
    expect(L).toBe(44);
  });

  it.each([
    [4, 66],
    [3, 51],
  ] as const)('rule set %i: gets climb_out in the timers of tick L+%i, and its first UP step is its next scheduled move', (ai, delay) => {
    const { game, L } = trapped(ai);
    // shaking: it does not move at all
    runUntil(game, () => nextTick(game) === L + delay);
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11, yOffset: 0, action: ACT_IN_HOLE });
    game.step(); // tick L + delay
    expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11, yOffset: 0, action: ACT_CLIMB_OUT, holeX: 4, holeY: 11 });
    expect(game.state.shakes).toEqual([]);

    let firstMove = L + delay + 1;
    while (!loneGuardMovesOn(firstMove)) firstMove++;
    const up = runUntil(game, () => game.state.guards[0].yOffset !== 0);
    expect(up).toBe(firstMove);
    expect(game.state.guards[0]).toMatchObject({ y: 11, yOffset: -9, action: ACT_CLIMB_OUT });
  });

  it('climbs out of the hole by 9-px UP steps and leaves the column sideways', () => {
    const { game } = trapped(4, true); // god mode: it goes for the runner next to the hole
    runUntil(game, () => game.state.guards[0].y === 10);
    expect(game.state.guards[0]).toMatchObject({ x: 4, yOffset: 17, action: ACT_CLIMB_OUT });
    runUntil(game, () => game.state.guards[0].x !== 4);
    expect(game.state.guards[0]).toMatchObject({ x: 3, y: 10, action: ACT_CLIMB_OUT });
    // the climb-out state is cleared by its next move, the first made outside the hole's column
    runUntil(game, () => game.state.guards[0].action !== ACT_CLIMB_OUT);
    expect(game.state.guards[0]).toMatchObject({ x: 3, y: 10 });
    expect(game.state.guards[0].action).not.toBe(ACT_UP);
  });

  describe('carrying gold into a hole', () => {
    // The same scene with gold at (6,10) on the guard's way: it picks it up two tiles before the hole.
    const withGold = level(['', '', '', '', '', '', '', '', '', '', '   &  $ 0', BRICK_ROW, SOLID_ROW]);

    function shed(ai: 3 | 4) {
      const game = Game.fromText(withGold, { seed: 1, ai });
      game.step(KEY.DIG_RIGHT);
      runUntil(game, () => game.state.guards[0].hasGold > 0);
      expect(baseAt(game, 6, 10)).toBe(EMPTY);
      const at = runUntil(game, () => baseAt(game, 4, 10) === GOLD);
      return { game, at };
    }

    it('rule set 4: a guard drops its gold in the cell above during its fall into the hole, before it is trapped', () => {
      const { game, at } = shed(4);
      expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11, action: ACT_FALL, hasGold: 0 });
      expect(game.state.guards[0].yOffset).toBeLessThan(0);
      expect(game.state.shakes).toEqual([]);
      expect(game.state.goldCount).toBe(1); // set down, not collected
      const L = runUntil(game, () => game.state.shakes.length > 0);
      expect(L).toBeGreaterThan(at);
    });

    it('rule set 3: the gold is dropped on landing, in the step that traps the guard', () => {
      const { game } = shed(3);
      expect(game.state.guards[0]).toMatchObject({ x: 4, y: 11, yOffset: 0, action: ACT_IN_HOLE, hasGold: 0 });
      expect(game.state.shakes).toHaveLength(1);
      expect(game.state.goldCount).toBe(1);
    });
  });
});

// The runner at (4,2) digs (5,3) on tick 0, then climbs the ladder to (3,1) and waits there. A guard
// from (21,2) walks left toward him and is trapped in tick 164, too late to climb out (164 + 66 > 197) before the
// hole refills on tick 0 + 197. Row 1 is brick except (2,1) and the ladder (3,1): the only cell where a guard
// can be reborn in row 1 is (2,1), whatever the random column picker draws.
const REBORN_LEVEL = level(['   @', '## H' + '#'.repeat(24), '  @H&                0', BRICK_ROW, SOLID_ROW, '$$']);
const REFILL = 197;

function atRefill(keys: Record<number, number> = {}): Game {
  const game = Game.fromText(REBORN_LEVEL, { seed: 1 });
  const plan: Record<number, number> = { 0: KEY.DIG_RIGHT, 12: KEY.LEFT, 17: KEY.UP, 30: KEY.STOP, ...keys };
  while (nextTick(game) < REFILL) game.step(plan[nextTick(game)]);
  expect(game.state.guards[0]).toMatchObject({ x: 5, y: 3, action: ACT_IN_HOLE });
  expect(game.state.shakes).toHaveLength(1);
  return game;
}

describe('a guard in a refilling hole', () => {
  it('the scene: the guard is trapped late enough that the refill comes first', () => {
    const game = Game.fromText(REBORN_LEVEL, { seed: 1 });
    game.step(KEY.DIG_RIGHT);
    const L = runUntil(game, () => game.state.shakes.length > 0);
    expect(L).toBe(164);
    expect(L + 66).toBeGreaterThan(REFILL);
  });

  it('dies: it leaves the shake queue, the cell becomes brick, and it is reborn at once (action reborn)', () => {
    const game = atRefill();
    game.step(); // tick 197
    expect(actAt(game, 5, 3)).toBe(BLOCK);
    expect(game.state.shakes).toEqual([]);
    expect(game.state.guards[0]).toMatchObject({ x: 2, y: 1, xOffset: 0, yOffset: 0, action: ACT_REBORN });
    expect(actAt(game, 2, 1)).toBe(GUARD);
    expect(game.state.goldCount).toBe(2); // it carried nothing
  });

  it('a reborn guard stays put and becomes active (action fall) 8 ticks after the refill', () => {
    const game = atRefill();
    game.step();
    for (let t = REFILL + 1; t < REFILL + 8; t++) {
      game.step();
      expect(game.state.guards[0]).toMatchObject({ x: 2, y: 1, xOffset: 0, yOffset: 0, action: ACT_REBORN });
    }
    expect(nextTick(game)).toBe(REFILL + 8);
    game.step();
    expect(game.state.guards[0]).toMatchObject({ x: 2, y: 1, action: ACT_FALL });
    expect(game.state.reborns).toEqual([]);
  });

  it('a reborn guard cannot kill: the runner walks into its cell and lives, until it becomes active there', () => {
    const game = atRefill();
    game.step(); // the refill; the guard is reborn at (2,1), next to the runner on the ladder (3,1)
    game.step(KEY.LEFT); // REFILL + 1: xOffset -8
    game.step(); // REFILL + 2: xOffset -16, 24 px from the guard: the collision check skips a reborn guard
    expect(game.state.runner).toMatchObject({ x: 3, y: 1, xOffset: -16 });
    expect(game.state.status).toBe('running');
    game.step(); // REFILL + 3: he enters the guard's cell
    expect(game.state.runner).toMatchObject({ x: 2, y: 1 });
    runUntil(game, () => nextTick(game) === REFILL + 8);
    expect(game.state.status).toBe('running');
    game.step(); // REFILL + 8: the guard becomes active on his cell
    expect(game.state.status).toBe('runner_dead');
    expect(game.state.deathCause).toBe('guard');
  });

  it.each([
    [1, 32, 'running'],
    [2, 24, 'runner_dead'],
  ] as const)(
    'once active, the guard kills by the collision check only within 30 px: %i step(s) left of (3,1) is %i px -> %s',
    (steps, _px, status) => {
      const game = atRefill();
      game.step(); // the refill
      game.step(KEY.LEFT);
      if (steps === 2) game.step();
      game.step(KEY.STOP); // he stays there, 8 px a step from the centre of (3,1) toward the guard at (2,1)
      expect(game.state.runner).toMatchObject({ x: 3, y: 1, xOffset: -8 * steps });
      runUntil(game, () => nextTick(game) === REFILL + 9);
      expect(game.state.status).toBe('running'); // harmless while reborn
      expect(game.state.guards[0]).toMatchObject({ x: 2, y: 1, xOffset: 0, yOffset: 0, action: ACT_FALL });
      game.step(); // REFILL + 9: his next step's collision check finds a live guard
      expect(game.state.status).toBe(status);
    },
  );

  it("a guard is not reborn in the runner's cell: with row 1 taken it is reborn lower", () => {
    // the runner stands in (2,1), the one free cell of row 1, when the hole refills
    const game = atRefill({ 185: KEY.LEFT });
    expect(game.state.runner).toMatchObject({ x: 2, y: 1 });
    game.step();
    const g = game.state.guards[0];
    expect(g.action).toBe(ACT_REBORN);
    expect(g.y).toBeGreaterThan(1);
    expect([BLOCK, GOLD]).not.toContain(baseAt(game, g.x, g.y));
  });

  it('a guard that dies carrying gold loses it: the gold counts as collected', () => {
    // A guard sheds carried gold on its way into a hole (rule set 4) or on landing (rule set 3), so a trapped
    // guard normally carries none: here it is handed the gold at (1,5) (taken off the board) while it sits there.
    const before = atRefill();
    expect(before.state.goldCount).toBe(2);
    const game = edited(before, (e) => {
      e.base = setTile(e.base, 1, 5, EMPTY);
      e.guards[0].hasGold = 20;
    });
    expect(game.visibleGold()).toEqual([{ x: 0, y: 5 }]);
    game.step(); // the refill
    expect(game.state.goldCount).toBe(1);
    expect(game.state.goldComplete).toBe(false);
    expect(game.state.guards[0]).toMatchObject({ hasGold: 0, action: ACT_REBORN });
    expect(game.state.guards[0].y).toBeGreaterThanOrEqual(1);
    runUntil(game, () => nextTick(game) === REFILL + 8);
    game.step();
    expect(game.state.guards[0].action).toBe(ACT_FALL);
  });

  it('a guard with a negative gold counter (just dropped one) keeps it through the respawn', () => {
    const game = edited(atRefill(), (e) => {
      e.guards[0].hasGold = -3;
    });
    game.step();
    expect(game.state.guards[0]).toMatchObject({ hasGold: -3, action: ACT_REBORN });
    expect(game.state.goldCount).toBe(2);
  });
});
