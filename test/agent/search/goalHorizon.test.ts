// How long a goal must hold out (types.ts survivalHorizon, 200 ticks): a gold whose state lives
// through 100 ticks against the guards but not 200 is a trap that closes later, not a goal. The
// fixture is a real decision of the agent's own play (Classic 85, seed 1, tick 235): with a
// 100-tick test the search takes the gold at (18,12); from there no way holds out 200 ticks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { snapshotSchema } from '../../../src/agent/schemas.js';
import { planSearch, type Plan } from '../../../src/agent/search/planSearch.js';
import { holdsOut } from '../../../src/agent/sim.js';
import { Game } from '../../../src/game/game.js';
import { restoreState } from '../../../src/game/serialize.js';

const classic85 = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../../fixtures/classic-85-tick-235.json', import.meta.url), 'utf8')),
);

function endOf(plan: Plan) {
  const game = new Game(restoreState(classic85.engineState!));
  for (const m of plan.macros) game.press(KEY_OF[m.key], m.ticks);
  return game.state;
}

describe('plan search: how long a goal must hold out', () => {
  it('a 100-tick test accepts the gold at (18,12), whose state cannot hold out 200 ticks', () => {
    const plan = planSearch(analyzeSnapshot(classic85), { survivalHorizon: 100, nextSlices: 0 });
    expect(plan?.mode).toBe('goal');
    expect(plan?.endCell).toEqual({ x: 18, y: 12 });
    const end = endOf(plan!);
    expect(end.status).toBe('running');
    expect(holdsOut(end, 100)).toBe(true);
    expect(holdsOut(end, 200)).toBe(false);
  });

  it('the default search turns that gold down and takes a goal that holds out 200 ticks', () => {
    const plan = planSearch(analyzeSnapshot(classic85), { nextSlices: 0 });
    expect(plan?.mode).toBe('goal');
    expect(plan?.endCell).not.toEqual({ x: 18, y: 12 });
    expect(plan?.rejected?.survival).toBeGreaterThan(0);
    expect(holdsOut(endOf(plan!), 200)).toBe(true);
  });
});
