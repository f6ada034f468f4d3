// runMacro (src/agent/search/macros.ts) with the option restingMoves: a move ends where the runner
// comes to rest. A drop down a shaft walled on both sides onto a ladder's top rests off the tile's
// centre (the engine stops a fall on a ladder top with a small offset), where the key held does
// nothing more: without the option that counts as a move that did nothing. Classic 112 (seed 1,
// tick 335): the step off the ledge was the only way on, and the plan search reported every state
// tried with no goal.
import { describe, expect, it } from 'vitest';
import { BestFirst, newSearch } from '../../../src/agent/search/bestFirst.js';
import { runMacro } from '../../../src/agent/search/macros.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { cloneState, restoreState } from '../../../src/game/serialize.js';
import { sceneGame } from '../helpers/scene.js';

// The runner on a brick ledge at (10,10); the shaft beside him at x=9 ends on a ladder at (9,13)
// that leads down to the gold at (13,14).
const rows = ['        # &#', '        # ##', '        # ##', '        #H##', '         H   $'];
const root = () => restoreState(sceneGame(rows).snapshot({ withEngineState: true }).engineState!);

const resting = { ...DEFAULT_PLAN_SEARCH, restingMoves: true };

describe('runMacro: with restingMoves, a move ends where the runner comes to rest', () => {
  it('a step off the ledge drops down the shaft and ends on the ladder top, off the tile centre', () => {
    const s = cloneState(root(), false);
    const ticks = runMacro(s, 'move', 'left', DEFAULT_PLAN_SEARCH.waitTicks, { closest: 99 }, true);
    expect(ticks).toBeGreaterThan(0);
    expect([s.runner.x, s.runner.y]).toEqual([9, 12]);
    expect(s.runner.yOffset).toBeGreaterThan(0);
    expect(s.status).toBe('running');
  });

  it('a step into a wall does nothing', () => {
    const s = cloneState(root(), false);
    expect(runMacro(s, 'move', 'right', DEFAULT_PLAN_SEARCH.waitTicks, { closest: 99 }, true)).toBe(-1);
  });

  it('the plan search takes the drop and finds the gold below', () => {
    const { ctx, start } = newSearch(root(), resting.budgetTicks, resting);
    const result = new BestFirst(ctx, start, resting).run();
    // no way leads to the top row in this scene, so taking the gold is the fallback goal
    const found = result.goal ?? result.fallback;
    expect(found?.state.goldComplete).toBe(true);
    expect(found?.state.status).toBe('running');
  });

  it('without the option (the default) the drop counts as doing nothing, and the search runs dry', () => {
    const s = cloneState(root(), false);
    expect(runMacro(s, 'move', 'left', DEFAULT_PLAN_SEARCH.waitTicks, { closest: 99 })).toBe(-1);
    const opts = DEFAULT_PLAN_SEARCH;
    const { ctx, start } = newSearch(root(), opts.budgetTicks, opts);
    const result = new BestFirst(ctx, start, opts).run();
    expect(result.goal ?? result.fallback).toBeNull();
    expect(result.exhausted).toBe(true);
  });
});
