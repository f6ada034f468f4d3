// A search run again with every dig (issue #16): a chamber whose floor is two bricks thick is left
// by digging in an order the estimate does not ask for (a hole beside the gold first, the gold,
// the hole under it, then the brick below from inside the first hole). The search with the digs
// the estimate asks for runs out of states at once; run again with every dig the rules allow it
// finds the way down to the chamber's lower gold (professional 20 plays this). The staircase whose
// top row is dug behind the runner (stairsDugBehind) is the same order as one choice, so the dry
// run is asked for without it.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { playPlans } from '../helpers/playPlans.js';
import { sceneGame } from '../helpers/scene.js';

// A chamber x=2..4 under a concrete roof, the runner at (2,10) and gold at (4,10), on a floor two
// bricks thick; under it a second chamber with gold (3,13), open below onto the room with the
// exit's ladder (x=8).
const ladder = Array.from({ length: 9 }, () => '        H');
const chamber = [...ladder, ' @@@@@  H', ' @& $@  H', ' @###@  H', ' @###@  H', ' @ $ @  H', '        H'];

describe('plan search: run again with every dig when it runs out of states', () => {
  it('with the digs the estimate asks for the search runs dry in the chamber', () => {
    const game = sceneGame(chamber);
    const narrow = { wideRetry: false, stairsDugBehind: false };
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), narrow);
    expect(plan?.mode).not.toBe('goal');
    expect(plan?.exhausted).toBe(true);
    playPlans(game, narrow, 8);
    expect(game.state.goldCount).toBeGreaterThan(0);
  });

  it('run again with every dig, it takes both gold and gets out', () => {
    const game = sceneGame(chamber);
    playPlans(game, { wideRetry: true, stairsDugBehind: false }, 8);
    expect(game.state.status).toBe('finish');
  });
});
