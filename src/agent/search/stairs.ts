// A staircase dug down through a brick layer two or more bricks thick (up to stairDepthMax),
// offered to the plan search as one choice. The runner digs diagonally (never the brick under his
// feet), so going k bricks down takes a triangle of k(k+1)/2 holes dug in one order inside a
// hole's lifetime; as single macros that order is too deep for the search to stumble on. Reads the
// search context's dig-relaxed field; runs the steps on the engine copy it is given.
import { BLOCK, EMPTY, idx } from '../../game/constants.js';
import { runnerCanAct } from '../../game/rules/runner.js';
import type { GameState } from '../../game/state.js';
import type { KeyName } from '../keys.js';
import { UNREACHABLE } from '../nav.js';
import { runnerSettled } from '../sim.js';
import { fieldFor } from './reach.js';
import type { MacroKind, SearchContext } from './types.js';

/** One step of a staircase: a dig toward the stair's side, or a move toward it (`on`) or away from it (`back`). */
type StairStep = 'dig' | 'on' | 'back';

/**
 * The steps for a staircase k bricks deep, for a runner standing over the layer: the top row's k
 * holes are dug backing away from the stair's side, he walks back on into them (dropping into
 * the row) to the column he started from, and digs the staircase k - 1 deep from there; one deep
 * is a dig and a step on. He ends one column to the stair's side, k rows down.
 */
export function stairPattern(k: number): StairStep[] {
  if (k <= 1) return ['dig', 'on'];
  const top: StairStep[] = [];
  for (let i = 1; i < k; i++) top.push('dig', 'back');
  top.push('dig');
  for (let i = 1; i < k; i++) top.push('on');
  return [...top, ...stairPattern(k - 1)];
}

export type StairDepth = number;

// Both lists are read on every node the search expands, so each is built once per setting.
const depthLists = new Map<number, number[]>();
const stepLists = new Map<number, [MacroKind, KeyName][]>();

/** The depths a search with `maxDepth` tries: 2 up to it. */
export function stairDepths(maxDepth: number): readonly number[] {
  let out = depthLists.get(maxDepth);
  if (!out) {
    out = [];
    for (let d = 2; d <= maxDepth; d++) out.push(d);
    depthLists.set(maxDepth, out);
  }
  return out;
}

/** The steps of a staircase to side `dir`, as macro kinds and keys. */
export function stairSteps(dir: -1 | 1, depth: StairDepth): readonly [MacroKind, KeyName][] {
  const key = depth * dir;
  let steps = stepLists.get(key);
  if (!steps) {
    const on: KeyName = dir < 0 ? 'left' : 'right';
    const back: KeyName = dir < 0 ? 'right' : 'left';
    const dig: KeyName = dir < 0 ? 'dig_left' : 'dig_right';
    steps = stairPattern(depth).map((step): [MacroKind, KeyName] => (step === 'dig' ? ['dig', dig] : ['move', step === 'on' ? on : back]));
    stepLists.set(key, steps);
  }
  return steps;
}

/**
 * Whether a staircase `depth` bricks deep to side `dir` is worth simulating: the runner stands
 * still on brick, the column beside him is open above `depth` bricks, and the dig-relaxed
 * estimate is lower under them than where he stands (the layer is in the way of the target), or
 * `anywhere` (a search run again with every dig, planSearch.ts).
 */
export function stairsWorthTrying(ctx: SearchContext, s: GameState, h: number, dir: -1 | 1, depth: StairDepth, anywhere = false): boolean {
  const r = s.runner;
  const x = r.x + dir;
  if (x < 0 || x > 27 || r.y + depth > 14 || !runnerSettled(r) || !runnerCanAct(s) || s.dig !== null) return false;
  if (s.act[idx(r.x, r.y + 1)] !== BLOCK || s.act[idx(x, r.y)] !== EMPTY) return false;
  for (let d = 1; d <= depth; d++) if (s.act[idx(x, r.y + d)] !== BLOCK) return false;
  if (anywhere) return true;
  // a single dig suffices when the brick under the first one is not brick too
  const { toGo } = fieldFor(ctx, s);
  const below = toGo[idx(x, r.y + depth + 1)]!;
  const under = toGo[idx(x, r.y + depth)]!;
  const best = Math.min(below, under);
  return best < UNREACHABLE && best < h;
}
