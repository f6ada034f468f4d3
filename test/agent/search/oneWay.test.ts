// A level played one way (issue #16): the runner drops through a trap door onto the next part of
// the level and can never get back to where he started. Ground is then wherever the rest of the
// level stays possible, and the way on from the drop (a staircase through two bricks) is judged by
// the dig-relaxed reach while gold is left: the strict reach, which digs no staircase, called the
// drop a trap and the runner paced the top row for ever (professional 12 and 20 play this way).
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { playPlans } from '../helpers/playPlans.js';
import { sceneGame } from '../helpers/scene.js';

const solid = '@'.repeat(28);
// The runner starts on the top row; a trap door at (1,1) drops him onto the gold (1,4), on a floor
// two bricks thick. Below it a corridor holds the second gold (9,7) and the foot of the exit's
// hidden ladder (x=27), which ends at the top row behind a concrete post the top row cannot pass.
const dropScene = [
  '   &               @        ',
  '@X@@@@@@@@@@@@@@@@@@@@@@@@@S',
  '@ @@@@@@@@@@@@@@@@@@@@@@@@@S',
  '@ @@@@@@@@@@@@@@@@@@@@@@@@@S',
  '@$         @@@@@@@@@@@@@@@@S',
  '@##########@@@@@@@@@@@@@@@@S',
  '@##########@@@@@@@@@@@@@@@@S',
  '@        $                 S',
  ...Array.from({ length: 8 }, () => solid),
];

describe('plan search: a level played one way', () => {
  it('drops through the trap door for the gold, digs a staircase on and climbs out', () => {
    const game = sceneGame(dropScene, { floor: false });
    const first = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
    expect(first?.mode).toBe('goal');
    expect(first?.endCell).toEqual({ x: 1, y: 4 });
    playPlans(game, {}, 6);
    expect(game.state.status).toBe('finish');
  });

  it('judged as before (ground leads back to the start, the strict reach asks for the exit), he never drops', () => {
    const game = sceneGame(dropScene, { floor: false });
    const first = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { oneWayLevels: false });
    expect(first?.mode).not.toBe('goal');
    playPlans(game, { oneWayLevels: false }, 6);
    expect(game.state.goldCount).toBe(2);
    expect(game.state.runner.y).toBe(0);
  });
});
