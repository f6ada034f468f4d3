// A staircase dug down through a brick layer two or more bricks thick (up to stairDepthMax),
// offered to the plan search as one choice. The runner digs diagonally (never the brick under his
// feet), so going k bricks down takes a triangle of k(k+1)/2 holes dug in one order inside a
// hole's lifetime; as single macros that order is too deep for the search to stumble on. The top
// row is dug backing away from the stair's side, or (where a wall stands behind the runner) dug
// behind him as he walks on. Reads the search context's dig-relaxed field; runs the steps on the
// engine copy it is given.
import { BLOCK, EMPTY, idx } from '../../game/constants.js';
import { runnerCanAct } from '../../game/rules/runner.js';
import type { GameState } from '../../game/state.js';
import type { KeyName } from '../keys.js';
import { UNREACHABLE } from '../nav.js';
import { runnerSettled } from '../sim.js';
import { fieldFor } from './reach.js';
import type { MacroKind, SearchContext } from './types.js';

/**
 * One step of a staircase: a dig toward the stair's side (`dig`) or away from it (`digBehind`), or
 * a move toward it (`on`) or away from it (`back`).
 */
type StairStep = 'dig' | 'digBehind' | 'on' | 'back';

/** How the top row is dug: backing away from the stair's side, or behind the runner walking on to it. */
export type StairTop = 'backing' | 'behind';

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

/**
 * The steps for a staircase k bricks deep whose top row is dug behind the runner: he digs the
 * brick behind him and steps on, k times (the row's holes are the one behind where he started to
 * k - 2 ahead of it), backs into the last hole and one more, and digs the staircase k - 1 deep from
 * there. The triangle is the backing pattern's started one column further on, so it fits where a
 * wall stands behind the runner, and its end, the last cell he walks to, may be a rope or a ladder
 * (a brick under either cannot be dug from above). He ends k - 2 columns to the stair's side, k rows down.
 */
export function stairPatternBehind(k: number): StairStep[] {
  const top: StairStep[] = [];
  for (let i = 1; i < k; i++) top.push('digBehind', 'on');
  top.push('digBehind', 'back', 'back');
  return [...top, ...stairPattern(k - 1)];
}

export type StairDepth = number;

// Both lists are read on every node the search expands, so each is built once per setting.
const depthLists = new Map<number, number[]>();
const stepLists = new Map<string, [MacroKind, KeyName][]>();

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
export function stairSteps(dir: -1 | 1, depth: StairDepth, top: StairTop = 'backing'): readonly [MacroKind, KeyName][] {
  const key = `${top}${depth * dir}`;
  let steps = stepLists.get(key);
  if (!steps) {
    const keyOf: Record<StairStep, [MacroKind, KeyName]> = {
      on: ['move', dir < 0 ? 'left' : 'right'],
      back: ['move', dir < 0 ? 'right' : 'left'],
      dig: ['dig', dir < 0 ? 'dig_left' : 'dig_right'],
      digBehind: ['dig', dir < 0 ? 'dig_right' : 'dig_left'],
    };
    steps = (top === 'backing' ? stairPattern(depth) : stairPatternBehind(depth)).map((step) => keyOf[step]);
    stepLists.set(key, steps);
  }
  return steps;
}

/**
 * Whether a staircase `depth` bricks deep to side `dir` is worth simulating: the runner stands
 * still on brick, the column the stair goes down (beside him; for a top row dug behind him,
 * `depth - 2` on, with every brick of that row diggable from above) is open above `depth` bricks,
 * and the dig-relaxed estimate is lower under them than where he stands (the layer is in the way
 * of the target), or `anywhere` (a search run again with every dig, planSearch.ts).
 */
export function stairsWorthTrying(
  ctx: SearchContext,
  s: GameState,
  h: number,
  dir: -1 | 1,
  depth: StairDepth,
  anywhere = false,
  top: StairTop = 'backing',
): boolean {
  const r = s.runner;
  const x = r.x + (top === 'backing' ? 1 : depth - 2) * dir;
  if (r.y + depth > 14 || !runnerSettled(r) || !runnerCanAct(s) || s.dig !== null) return false;
  if (s.act[idx(r.x, r.y + 1)] !== BLOCK) return false;
  if (top === 'backing') {
    // the simulation tells whether the row behind him can be dug
    if (x < 0 || x > 27 || s.act[idx(x, r.y)] !== EMPTY) return false;
  } else {
    // every brick of the top row, from the one behind him to the stair's column, diggable from above
    const [lo, hi] = dir > 0 ? [r.x - 1, x] : [x, r.x + 1];
    if (lo < 0 || hi > 27) return false;
    for (let c = lo; c <= hi; c++) if (s.act[idx(c, r.y + 1)] !== BLOCK || (c !== r.x && s.act[idx(c, r.y)] !== EMPTY)) return false;
  }
  for (let d = 1; d <= depth; d++) if (s.act[idx(x, r.y + d)] !== BLOCK) return false;
  if (anywhere) return true;
  // a single dig suffices when the brick under the first one is not brick too
  const { toGo } = fieldFor(ctx, s);
  const below = toGo[idx(x, r.y + depth + 1)]!;
  const under = toGo[idx(x, r.y + depth)]!;
  const best = Math.min(below, under);
  return best < UNREACHABLE && best < h;
}
