// A staircase dug down through a brick layer two or three bricks thick, offered to the plan
// search as one choice. The runner digs diagonally (never the brick under his feet), so going k
// bricks down takes a triangle of k(k+1)/2 holes dug in one order inside a hole's lifetime; as
// single macros that order is too deep for the search to stumble on. Reads the search context's
// dig-relaxed field; runs the steps on the engine copy it is given (the exact simulation judges).
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
 * The steps for a staircase k bricks deep, for a runner standing over the layer: the top row's
 * holes are dug backing away from the stair's side, then each lower row is dug from inside the
 * holes above, and the runner ends one column to the stair's side, k rows down.
 */
const STAIRS: Record<2 | 3, StairStep[]> = {
  2: ['dig', 'back', 'dig', 'on', 'dig', 'on'],
  3: ['dig', 'back', 'dig', 'back', 'dig', 'on', 'on', 'dig', 'back', 'dig', 'on', 'dig', 'on'],
};

export const STAIR_DEPTHS = [2, 3] as const;
export type StairDepth = (typeof STAIR_DEPTHS)[number];

/** The steps of a staircase to side `dir`, as macro kinds and keys. */
export function stairSteps(dir: -1 | 1, depth: StairDepth): [MacroKind, KeyName][] {
  const on: KeyName = dir < 0 ? 'left' : 'right';
  const back: KeyName = dir < 0 ? 'right' : 'left';
  const dig: KeyName = dir < 0 ? 'dig_left' : 'dig_right';
  return STAIRS[depth].map((step) => (step === 'dig' ? ['dig', dig] : ['move', step === 'on' ? on : back]));
}

/**
 * Whether a staircase `depth` bricks deep to side `dir` is worth simulating: the runner stands
 * still on brick, the column beside him is open above `depth` bricks, and the dig-relaxed
 * estimate is lower under them than where he stands (the layer is in the way of the target).
 */
export function stairsWorthTrying(ctx: SearchContext, s: GameState, h: number, dir: -1 | 1, depth: StairDepth): boolean {
  const r = s.runner;
  const x = r.x + dir;
  if (x < 0 || x > 27 || r.y + depth > 14 || !runnerSettled(r) || !runnerCanAct(s) || s.dig !== null) return false;
  if (s.act[idx(r.x, r.y + 1)] !== BLOCK || s.act[idx(x, r.y)] !== EMPTY) return false;
  for (let d = 1; d <= depth; d++) if (s.act[idx(x, r.y + d)] !== BLOCK) return false;
  // a single dig suffices when the brick under the first one is not brick too
  const { toGo } = fieldFor(ctx, s);
  const below = toGo[idx(x, r.y + depth + 1)]!;
  const under = toGo[idx(x, r.y + depth)]!;
  const best = Math.min(below, under);
  return best < UNREACHABLE && best < h;
}
