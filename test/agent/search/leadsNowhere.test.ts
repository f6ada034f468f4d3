// leadsNowhere (src/agent/search/bestFirst.ts): whether every way on from a state is closed for
// good, judged by a search from it with the guards off the board, the last gold asked to lead on
// to the exit. The option trapChecks asks it of partial plans, escapes and the candidates ranked
// above the plan, which the relaxed reachability passes (Classic 26, seed 1, tick 1521: a stall
// candidate dropped the runner onto the last gold in a pit with no way out).
import { describe, expect, it } from 'vitest';
import { goesOn, leadsNowhere, newSearch } from '../../../src/agent/search/bestFirst.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { KEY } from '../../../src/game/keys.js';
import { leaveCell } from '../../../src/game/rules/common.js';
import { restoreState } from '../../../src/game/serialize.js';
import type { GameState } from '../../../src/game/state.js';
import type { Game } from '../../../src/game/game.js';
import { sceneGame } from '../helpers/scene.js';

const opts = DEFAULT_PLAN_SEARCH;
const stateOf = (game: Game): GameState => restoreState(game.snapshot({ withEngineState: true }).engineState!);

// A ladder up the left edge to the top row (the exit), the runner on a solid shelf, and the one
// gold in a pit one tile deep at x=6: the runner steps right off the shelf and drops onto it.
const ladder = Array.from({ length: 13 }, () => 'H');
const droppedOntoGold = (pitRow: string) => {
  const game = sceneGame([...ladder, 'H  &  ', pitRow]);
  game.press(KEY.RIGHT, 14);
  return stateOf(game);
};

describe('leadsNowhere: every way on closed for good', () => {
  it('a runner dropping onto the last gold in a sealed pit leads nowhere, though the gold itself is in reach', () => {
    const s = droppedOntoGold('H@@@@@$@@@@@@@@@@@@@@@@@@@@@');
    expect(s.status).toBe('running');
    expect(s.goldCount).toBe(1);
    expect(leadsNowhere(s, opts)).toBe(true);
    // the plain onward test finds a next goal (the gold), so a trap behind the last gold needs the
    // gold to lead on to the exit in turn
    const { ctx } = newSearch(s, opts.onwardTicks, opts);
    expect(goesOn(ctx, s, opts)).toBe('found');
  });

  it('the same drop into a pit with a ladder out leads on', () => {
    const s = droppedOntoGold('H@@@@H$@@@@@@@@@@@@@@@@@@@@@');
    expect(s.goldCount).toBe(1);
    expect(leadsNowhere(s, opts)).toBe(false);
  });

  // The runner has dug the bottom row, a guard walked into the hole, and the runner stepped onto
  // his head. With the guard off the board he would drop into the hole and die there when it
  // refills, so a guard that holds the runner up (or fills a hole) is ground, and nothing is judged.
  it('a guard the runner stands on is ground: the state is not judged dead', () => {
    const game = sceneGame([...Array.from({ length: 14 }, () => 'H'), 'H  &      0          $', '#'.repeat(28)], { floor: false });
    game.press(KEY.DIG_RIGHT, 12);
    game.press(KEY.STOP, 48);
    game.press(KEY.RIGHT, 5);
    const s = stateOf(game);
    expect([s.runner.x, s.runner.y]).toEqual([4, 14]);
    expect(s.guards.map((g) => [g.x, g.y])).toEqual([[4, 15]]);
    expect(s.holes.map((h) => [h.x, h.y])).toEqual([[4, 15]]);
    expect(leadsNowhere(s, opts)).toBe(false);
    const bare = restoreState(game.snapshot({ withEngineState: true }).engineState!);
    leaveCell(bare, 4, 15);
    bare.guards = [];
    expect(leadsNowhere(bare, opts)).toBe(true);
  });
});
