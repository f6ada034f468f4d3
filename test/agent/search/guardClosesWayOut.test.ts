// Goals that hold out (issue #16): a gold whose taking leaves the runner where a guard closes the
// only way out is turned down, and the search goes on to a gold it can take and live. Without the
// survival check at goals the nearer, deadly gold is the plan.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF, type KeyName } from '../../../src/agent/keys.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { sceneGame } from '../helpers/scene.js';

// A concrete ledge (x 0-5, row 13) with a gold at its far end (1,12), reached only by the ladder
// at x=6. The runner stands at (10,14); a guard at (0,14) under the ledge follows him up that
// ladder, the ledge's only way out. The other gold lies at the far right end of the floor (27,14),
// beside a ladder (x=26) up to the open rows above, where the runner keeps ahead of the guard.
const ledgeScene = [' $    H', '@@@@@@H                   H', '0     H   &               H$'];

describe('plan search: goals a guard would close in', () => {
  it('turns down the ledge gold whose only way out the guard climbs, and takes the far gold instead', () => {
    const game = sceneGame(ledgeScene);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
    expect(plan?.mode).toBe('goal');
    expect(plan?.rejected?.survival).toBeGreaterThan(0);
    expect(plan!.macros.every((m) => m.key === 'right')).toBe(true);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect([game.state.runner.x, game.state.runner.y, game.state.goldCount]).toEqual([27, 14, 1]);
  });

  it('the turned-down gold is deadly: walking up the ladder for it, the runner is caught on the ledge', () => {
    const game = sceneGame(ledgeScene);
    const route: KeyName[] = ['left', 'left', 'left', 'left', 'up', 'up', 'left', 'left', 'left', 'left', 'left'];
    for (const key of route) game.press(KEY_OF[key], 5);
    expect(game.state.runner.y).toBe(12);
    for (let t = 0; t < 200 && game.state.status === 'running'; t++) game.press(KEY_OF.stop, 1);
    expect(game.state.status).toBe('runner_dead');
  });
});
