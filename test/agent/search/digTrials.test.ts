// Which digs the plan search tries (macros.ts, digWorthTrying): digs are possible almost anywhere on
// a brick floor, so away from the guards only those that lead closer to the target are simulated.
// "Closer" is read where the runner comes to rest after dropping through the dug brick: the cell
// below it, or further down when the brick opens onto a drop; and a drop that passes gold on its way
// down counts as reaching it. Judged only at the brick and the cell below it, both digs below were
// never tried, and the search found no goal (Classic 2's last gold lay under a pit floor like this).
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { sceneGame } from '../helpers/scene.js';

// The runner stands on a brick floor in a concrete pit; under the floor a two-cell drop to the
// bottom row, where the gold lies beside the landing.
const dropBesideGold = ['@ & @', '@###@', '@   @', '@   @', '@  $@'];
// The same pit; the gold hangs in the middle of the drop, one cell above the landing.
const dropThroughGold = ['@ & @', '@###@', '@@@ @', '@@@$@', '@@@ @'];

describe('plan search: digs tried away from the guards', () => {
  it('digs through a pit floor onto a drop whose landing is next to the gold', () => {
    const game = sceneGame(dropBesideGold);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
    expect(plan?.mode).toBe('goal');
    expect(plan?.macros.some((m) => m.kind === 'dig')).toBe(true);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.goldCount).toBe(0);
    expect(game.state.status).toBe('running');
  });

  it('digs the brick over a drop that passes the gold on its way down', () => {
    const game = sceneGame(dropThroughGold);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
    expect(plan?.mode).toBe('goal');
    expect(plan?.macros.map((m) => m.key)).toContain('dig_right');
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.goldCount).toBe(0);
    expect(game.state.runner).toMatchObject({ x: 3, y: 14 });
  });
});
