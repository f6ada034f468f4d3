// The option deadEndsLast (off by default): states the estimate calls dead ends are searched
// last instead of dropped. The estimate's terrain is a relaxation (a state that has taken gold is
// judged by its way back to the ground the root stands on), and where it is wrong the states it
// drops were the only way on. Professional 71 starts on a one-way ledge: every state that has
// taken gold is a "dead end", since nothing leads back up to the ledge, unless ground is judged as
// one-way ground (oneWayLevels, on by default: wherever the rest of the level stays possible).
import { describe, expect, it } from 'vitest';
import { BestFirst, newSearch } from '../../../src/agent/search/bestFirst.js';
import { escape } from '../../../src/agent/search/escape.js';
import { DEFAULT_PLAN_SEARCH, type Node } from '../../../src/agent/search/types.js';
import { leavesLevelPossible } from '../../../src/agent/search/reach.js';
import { createState } from '../../../src/game/game.js';
import { levelText } from '../../../src/game/levels.js';
import { cloneState } from '../../../src/game/serialize.js';
import { advance } from '../../../src/game/tick.js';
import { KEY_OF } from '../../../src/agent/keys.js';

const PROFESSIONAL = 3;

function searchFromStart(deadEndsLast: boolean, oneWayLevels = false) {
  const root = createState(levelText(PROFESSIONAL, 71), PROFESSIONAL, 71, { seed: 1, record: false });
  const opts = { ...DEFAULT_PLAN_SEARCH, deadEndsLast, oneWayLevels };
  const { ctx, start } = newSearch(root, opts.budgetTicks, opts);
  const run = new BestFirst(ctx, start, opts);
  run.run();
  return { root, ctx, run };
}

function macrosOf(goal: Node) {
  const out = [];
  for (let n: Node | null = goal; n?.macro; n = n.parent) out.unshift(n.macro);
  return out;
}

describe('plan search: dead ends searched last', () => {
  it('professional 71, from the start: the gold below the ledge is found, and the engine plays the plan to it alive', () => {
    const { root, ctx, run } = searchFromStart(true);
    const goal = run.result.goal;
    expect(goal).not.toBeNull();
    expect(goal!.state.goldCount).toBe(root.goldCount - 1);
    expect(leavesLevelPossible(ctx, goal!.state)).toBe(true);
    // the plan's keys, replayed on a fresh copy of the start, take the gold (goldCount is the gold left) alive
    const s = cloneState(root, false);
    for (const macro of macrosOf(goal!)) for (let t = 0; t < macro.ticks; t++) advance(s, t === 0 ? KEY_OF[macro.key] : undefined);
    expect(s.status).toBe('running');
    expect(s.goldCount).toBe(root.goldCount - 1);
  });

  it('the same search dropping dead ends (the default), ground judged as leading back to the ledge, runs out of states with no goal', () => {
    const { ctx, run } = searchFromStart(false);
    expect(run.result.goal).toBeNull();
    expect(run.result.exhausted).toBe(true);
    expect(ctx.budget).toBeGreaterThan(0);
  });

  it('with one-way ground (oneWayLevels, the default) the search dropping dead ends finds that gold too', () => {
    const { root, run } = searchFromStart(false, true);
    expect(run.result.goal).not.toBeNull();
    expect(run.result.goal!.state.goldCount).toBe(root.goldCount - 1);
  });

  it("the escape beam's dead ends stay out of the search's list, so a resumed search never takes them up", () => {
    const root = createState(levelText(PROFESSIONAL, 71), PROFESSIONAL, 71, { seed: 1, record: false });
    const opts = { ...DEFAULT_PLAN_SEARCH, deadEndsLast: true };
    const { ctx, start } = newSearch(root, opts.budgetTicks, opts);
    const aside = ctx.deadEnds;
    // the beam steps onto the gold below the ledge too: a dead end by the estimate
    expect(escape(ctx, start, opts)).not.toBeNull();
    expect(ctx.deadEnds).toBe(aside);
    expect(ctx.deadEnds).toEqual([]);
  });

  it('dead ends wait until every other state is tried: a sealed runner still runs dry', () => {
    // a runner walled in by solid blocks, the gold outside: nothing is a dead end, nothing is found
    const rows = [
      ...Array.from({ length: 13 }, () => `${' '.repeat(27)}H`),
      '@@@@@                      H',
      '@ & @             $        H',
      '@'.repeat(28),
    ];
    const root = createState(rows.join(''), 1, 1, { seed: 1, record: false });
    const opts = { ...DEFAULT_PLAN_SEARCH, deadEndsLast: true };
    const { ctx, start } = newSearch(root, opts.budgetTicks, opts);
    const run = new BestFirst(ctx, start, opts);
    run.run();
    expect(run.result.goal).toBeNull();
    expect(run.result.exhausted).toBe(true);
  });
});
