// A pocket left through a passage dug from outside (reach.ts, opensPocket; the option
// pocketPassages, on by default): a brick beside a ladder, dug from the ladder, opens onto cells
// with no way back on the lasting terrain. From inside, the brick is not diagonally below the
// runner, so it must be dug before he goes in, and the dig-relaxed estimate never asks for it. The
// real decision is Classic 29 (seed 1, tick 2200): the gold at (24,5) sits in a brick box beside
// the ladder at x = 22.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { snapshotSchema, type Snapshot } from '../../../src/agent/schemas.js';
import { newSearch } from '../../../src/agent/search/bestFirst.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { opensPocket } from '../../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { inDugHole } from '../../../src/agent/sim.js';
import { Game } from '../../../src/game/game.js';
import { restoreState } from '../../../src/game/serialize.js';
import { sceneGame } from '../helpers/scene.js';

const fixture = (name: string): Snapshot =>
  snapshotSchema.parse(JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')));
const boxedGold = fixture('classic-29-tick-2200.json');

/**
 * The passage test for a runner standing on the top of the ladder at x = 5, digging right: the
 * brick (6,14) lies between the ladder's foot and what `roof` and `floor` put beyond it (the
 * pocket's roof at row 13 and its floor row 14, from x = 7).
 */
function passageFromLadder(roof: string, floor: string): boolean {
  const game = sceneGame([...Array.from({ length: 13 }, () => '     H'), '     & ' + roof, '     H#' + floor]);
  const s = game.state;
  expect([s.runner.x, s.runner.y]).toEqual([5, 13]);
  return opensPocket(newSearch(s, 0, DEFAULT_PLAN_SEARCH).ctx, s, 1);
}

describe('plan search: a pocket left through a passage dug from outside', () => {
  it('a dig from the ladder opens a pocket when the cells beyond the brick have no way back', () => {
    // sealed: solid roof, solid wall; entered only down the shaft at x = 10
    expect(passageFromLadder('@@@ @', '$   @')).toBe(true);
  });

  it('it opens no pocket when the cells beyond lead back to the ladder on the lasting terrain', () => {
    // a ladder at x = 8 climbs out through the roof and back to the runner's side
    expect(passageFromLadder('@H@ @', '$H  @')).toBe(false);
  });

  it('Classic 29: the passage dug from the ladder, the boxed gold taken and the runner back on ground, in one plan', () => {
    const plan = planSearch(analyzeSnapshot(boxedGold), { nextSlices: 0, pocketPassages: true });
    expect(plan?.mode).toBe('goal');
    expect(plan?.goldGained).toBe(1);
    expect(plan!.macros.some((m) => m.kind === 'dig' && m.to.x === 22)).toBe(true);
    const game = new Game(restoreState(boxedGold.engineState!));
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(boxedGold.engineState!.goldCount - 1);
    expect(inDugHole(game.state)).toBe(false);
  });

  it('without the passages the same decision finds no goal', () => {
    const plan = planSearch(analyzeSnapshot(boxedGold), { nextSlices: 0, pocketPassages: false });
    expect(plan?.mode).not.toBe('goal');
  });
});
