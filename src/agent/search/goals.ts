// What counts as progress and as a goal in the plan search: gold taken (or the exit reached)
// since the root, with the runner out of any hole. Pure readings of a simulated state against
// the search context's root.
import type { GameState } from '../../game/state.js';
import { inDugHole } from '../sim.js';
import { finishedOrAtExit } from './measures.js';
import type { SearchContext } from './types.js';

/** Progress made: gold taken (or the exit reached) since the root. */
export const madeProgress = (ctx: SearchContext, s: GameState) =>
  finishedOrAtExit(s) || (!ctx.rootComplete && (s.goldCount < ctx.rootGold || s.goldComplete));

/**
 * A goal: progress made and the runner out of any hole — hole timing is exact because a plan
 * that takes gold from inside a hole must go on, in simulation, until he is out of it.
 */
export const isGoal = (ctx: SearchContext, s: GameState) => madeProgress(ctx, s) && !inDugHole(s);
