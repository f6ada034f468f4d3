// Temporary passages (issue #16): gold in a pocket whose only way out is a hole the runner digs
// is a goal once the plan has taken it and come back out before the hole refills. Without the
// sortie (a pocketed goal dropped instead of expanded), no goal is found and the gold stays.
// Several gold in one pocket are taken on one dig: while gold is left in the pocket its cells are
// a goal, and a search started inside the pocket judges the level from the ground outside it, so
// the last gold is a sortie that walks out through the hole before it refills (judged from the
// runner's own cell, the pocket was taken for ground and he stayed walled in).
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { inDugHole } from '../../../src/agent/sim.js';
import { sceneGame } from '../helpers/scene.js';

// A ladder at x=8 from the top row down to the floor. Gold (6,14) sits in a cell walled by
// concrete on the left (5,14) and on top (6,13) and by a brick on the right (7,14): the runner
// digs that brick from the ladder, goes in, takes the gold and walks back out to the ladder.
const ladder = Array.from({ length: 13 }, () => '        H');
const pocketScene = [...ladder, '     @@ H', '     @$#H   &'];
// The same with three gold in a row behind the brick at (7,14), under a concrete roof.
const deepPocketScene = [...ladder, '   @@@@ H', '   @$$$#H   &'];

describe('plan search: sorties through dug holes', () => {
  it('takes gold walled in behind a brick and leaves through the hole it dug', () => {
    const game = sceneGame(pocketScene);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
    expect(plan?.mode).toBe('goal');
    expect(plan?.goldGained).toBe(1);
    expect(plan?.macros.some((m) => m.key === 'dig_left')).toBe(true);
    // the state at the gold was a pocket: counted, expanded, not accepted there
    expect(plan?.rejected?.pocket).toBeGreaterThan(0);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(0);
    expect(inDugHole(game.state)).toBe(false);
    expect(game.state.runner.x).toBe(8);
  });

  it('the last gold is then the way to the exit: the runner climbs out alive', () => {
    const game = sceneGame(pocketScene);
    for (let decision = 0; decision < 6 && game.state.status === 'running'; decision++) {
      const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
      expect(plan).not.toBeNull();
      for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
      game.press(KEY_OF.up, 1);
    }
    expect(game.state.status).toBe('finish');
  });

  it('takes a pocket of three gold on one dig and walks out through that hole before it refills', () => {
    const game = sceneGame(deepPocketScene);
    const keys: string[] = [];
    for (let decision = 0; decision < 8 && game.state.goldCount > 0; decision++) {
      const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })));
      expect(plan?.mode).toBe('goal');
      for (const m of plan!.macros) {
        game.press(KEY_OF[m.key], m.ticks);
        keys.push(m.key);
      }
    }
    expect(game.state.goldCount).toBe(0);
    expect(keys.filter((k) => k.startsWith('dig')).length).toBe(1);
    expect(game.state.status).toBe('running');
    expect(inDugHole(game.state)).toBe(false);
    expect([game.state.runner.x, game.state.runner.y]).toEqual([8, 14]);
  });
});
