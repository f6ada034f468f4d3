// Waiting for a hole to refill as one choice of the plan search (src/agent/search/holeWait.ts, the
// option holeWaits; off by default: it cleared 84 Classic levels against 90, see
// docs/how-the-agent-plays.md). The runner has dug both sides of the pillar he stands on; below each hole is
// a sealed pocket, and the only gold lies to the right. The way on is to stand still until the
// holes are brick again: the search keys states by open holes, not their age, so a plain wait of a
// few ticks is a state it has seen, and without the choice it never plans the wait.
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { KEY_OF } from '../../../src/agent/keys.js';
import { firstRefill, holeWaitWorthTrying } from '../../../src/agent/search/holeWait.js';
import { planSearch } from '../../../src/agent/search/planSearch.js';
import { HOLE_OPEN_TICKS } from '../../../src/game/constants.js';
import { KEY } from '../../../src/game/keys.js';
import { sceneGame } from '../helpers/scene.js';

const pillar = ['   &        $'.padEnd(28, ' '), '@@#@#'.padEnd(28, '@'), '@@   '.padEnd(28, '@')];
const dugBothSides = () =>
  sceneGame(pillar, {
    keys: [
      [KEY.DIG_LEFT, 20],
      [KEY.DIG_RIGHT, 20],
    ],
  });

describe('plan search: waiting for a hole to refill', () => {
  it('the scene: both holes open, the runner still on his pillar', () => {
    const s = dugBothSides().state;
    expect(s.holes.map((h) => `${h.x},${h.y}`).sort()).toEqual(['2,13', '4,13']);
    expect([s.runner.x, s.runner.y]).toEqual([3, 12]);
    expect(holeWaitWorthTrying(s)).toBe(true);
    expect(firstRefill(s)).toBe(Math.min(...s.holes.map((h) => h.openedAt)) + HOLE_OPEN_TICKS);
  });

  it('with the choice, the plan stands still until the holes are brick, then walks to the gold', () => {
    const game = dugBothSides();
    const plan = planSearch(analyzeSnapshot(game.snapshot({ withEngineState: true })), { holeWaits: true, deepSearchFactor: 1 });
    expect(plan?.mode).toBe('goal');
    const first = plan!.macros[0]!;
    expect(first.kind).toBe('wait');
    expect(first.ticks).toBeGreaterThan(100);
    for (const m of plan!.macros) game.press(KEY_OF[m.key], m.ticks);
    expect(game.state.status).toBe('running');
    expect(game.state.goldCount).toBe(0);
  });

  it('without it, no goal is planned: the long wait is never a state of the search', () => {
    const plan = planSearch(analyzeSnapshot(dugBothSides().snapshot({ withEngineState: true })), { holeWaits: false, deepSearchFactor: 1 });
    expect(plan?.mode).not.toBe('goal');
    expect(plan?.macros.some((m) => m.kind === 'wait' && m.ticks > 6) ?? false).toBe(false);
  });
});
