// A pit whose way out opens only with its last gold (Classic 16: six gold on the floor of a pit
// entered through a trap door; its ladder ends under a brick, and the exit's hidden ladders stand
// beside that brick). Two real decisions of the agent's own play (seed 1):
// - tick 628, on the ladder above the trap door: dropping in takes the gold and ends the level
//   there (no way to the exit from the pit on the lasting terrain), so no plan goes in that way;
// - tick 684, the brick over the pit's ladder dug: all six gold and the way out through that hole
//   are one sortie, taken before it refills.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { snapshotSchema, type Snapshot } from '../../../src/agent/schemas.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { inDugHole } from '../../../src/agent/sim.js';
import { Game } from '../../../src/game/game.js';
import { restoreState } from '../../../src/game/serialize.js';

const fixture = (name: string): Snapshot =>
  snapshotSchema.parse(JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')));
const aboveTrapDoor = fixture('classic-16-tick-628.json');
const exitDug = fixture('classic-16-tick-684.json');
const inPit = (c: { x: number; y: number }) => c.y >= 14 && c.x >= 16 && c.x <= 25;

describe('plan search: a pit whose way out opens only with its last gold', () => {
  it('does not drop through the trap door into the pit before its way out is dug', () => {
    const plan = planSearch(analyzeSnapshot(aboveTrapDoor), { nextSlices: 0 });
    expect(plan).not.toBeNull();
    expect(plan!.macros.some((m) => inPit(m.to))).toBe(false);
  });

  it('takes the six gold and leaves through the dug hole in one sortie', () => {
    const plan = planSearch(analyzeSnapshot(exitDug), { nextSlices: 0 });
    expect(plan?.mode).toBe('goal');
    expect(plan?.goldGained).toBe(6);
    const game = new Game(restoreState(exitDug.engineState!));
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldComplete).toBe(true);
    expect(inDugHole(game.state)).toBe(false);
    expect(inPit(game.state.runner)).toBe(false);
  });
});
