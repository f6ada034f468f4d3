// Trapping a guard as one choice of the plan search (src/agent/search/guardTrap.ts, the option
// guardTraps; off by default: it cleared 87 Classic levels against 90, see
// docs/how-the-agent-plays.md). A guard walks along a brick corridor toward the runner, the only
// gold behind him: the choice digs in front of the guard and stands still until he drops in, and
// the runner crosses over him.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { guardTrappedAt, trapWorthTrying } from '../../../src/agent/search/guardTrap.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { sceneGame } from '../helpers/scene.js';

const corridor = [' $      0     &    ', '###################'];

describe('plan search: a guard trapped in a dug hole', () => {
  it('is worth a trap only on the side the guard walks, within reach', () => {
    const near = sceneGame(corridor).state; // the guard six tiles to the left
    expect(trapWorthTrying(near, -1)).toBe(true);
    expect(trapWorthTrying(near, 1)).toBe(false);
    const far = sceneGame([' $  0          &    ', '####################']).state; // eleven tiles
    expect(trapWorthTrying(far, -1)).toBe(false);
  });

  it('with the option, the plan digs, waits until the guard is in the hole, then crosses over him to the gold', () => {
    const game = sceneGame(corridor);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { guardTraps: true, deepSearchFactor: 1 });
    expect(plan?.mode).toBe('goal');
    const macros = plan!.macros;
    const dig = macros.findIndex((m) => m.kind === 'dig');
    expect(dig).toBeGreaterThanOrEqual(0);
    const wait = macros[dig + 1]!;
    expect(wait.kind).toBe('wait');
    for (const m of macros.slice(0, dig + 2)) game.press(KEY_OF[m.key], m.ticks);
    const hole = { x: macros[dig]!.to.x + (macros[dig]!.key === 'dig_left' ? -1 : 1), y: macros[dig]!.to.y + 1 };
    expect(guardTrappedAt(game.state, hole.x, hole.y)).toBe(true);
    for (const m of macros.slice(dig + 2)) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(0);
  });

  it('without it, no single wait runs until the guard drops in', () => {
    const game = sceneGame(corridor);
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { guardTraps: false, deepSearchFactor: 1 });
    expect(plan?.macros.some((m) => m.kind === 'wait' && m.ticks > 6)).toBe(false);
  });
});
