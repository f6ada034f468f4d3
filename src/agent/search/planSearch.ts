// Plan search (agent-planner §3): a best-first (weighted A*) search in the exact engine (clone +
// simulate) over tile-sized macro-actions with state hashing and a budget of simulated ticks.
// The goal is the next gold (or the exit) reached in a state that can still hold out against
// the guards and that strands no gold the runner could reach. Progress is estimated on a
// dig-relaxed navigation graph, so buried gold pulls the search towards the digs, and the exact
// simulation finds the sequence that works. Reads an Analysis; never mutates the root state.
// Pure: the same state gives the same plan. The parts are in this folder (README).
import { cloneState } from '../../game/serialize.js';
import type { GameState } from '../../game/state.js';
import type { Analysis } from '../analysis.js';
import type { Commitment } from '../schemas.js';
import { UNREACHABLE } from '../nav.js';
import { holdsOut, inDugHole } from '../sim.js';
import { committedPlan } from './commitment.js';
import { describe, pathOf } from './describe.js';
import { escape, survivalEscape } from './escape.js';
import { NodeHeap, hashState } from './frontier.js';
import { isGoal } from './goals.js';
import { childrenOf } from './macros.js';
import { finishedOrAtExit, guardDistance } from './measures.js';
import { keepNearest, partialThatHoldsOut, wouldKeep } from './partial.js';
import { estimate, leavesLevelPossible } from './reach.js';
import { DEFAULT_PLAN_SEARCH, newReach, type Node, type Plan, type PlanMode, type PlanSearchOptions, type SearchContext } from './types.js';

export { DEFAULT_PLAN_SEARCH, type Macro, type MacroKind, type Plan, type PlanMode, type PlanSearchOptions } from './types.js';
export { againstWall } from './macros.js';

/** Why goal states were turned down, by reason (the eval's failure mechanisms read them). */
export interface GoalRejections {
  /** Gold taken, but the runner left in a pocket he may not get out of: expanded as a sortie. */
  pocket: number;
  /** The goal state does not hold out against the guards. */
  survival: number;
  /** It holds out, but no next goal could be reached from it within the onward search. */
  onward: number;
}

interface SearchResult {
  goal: Node | null;
  /** The best partial plans: the nodes with the smallest estimate (then fewest ticks) seen. */
  nearest: Node[];
  expanded: number;
  /** The first goal that held out but had no onward goal: the plan when no better goal is found. */
  fallback: Node | null;
  rejected: GoalRejections;
}

/** The weighted A* itself: runs until a goal that holds out is found or the budget is spent. */
function bestFirst(ctx: SearchContext, start: Node, opts: PlanSearchOptions): SearchResult {
  const open = new NodeHeap();
  open.push(start);
  const seen = new Set<string>([hashState(start.state)]);
  let expanded = 0;
  let goalChecks = 0;
  let goal: Node | null = null;
  let fallback: Node | null = null;
  const rejected: GoalRejections = { pocket: 0, survival: 0, onward: 0 };
  const nearest: Node[] = [];
  while (open.size && ctx.budget > 0) {
    const n = open.pop()!;
    // A goal must leave the rest of the level possible, hold out against the guards and lead on
    // to a next goal. One that leaves the runner in a pocket (gold taken in a pit entered through
    // dug holes) is no goal yet but a sortie under way: it is expanded, and its children head
    // back to ground.
    const atGoal = n !== start && isGoal(ctx, n.state);
    if (atGoal && (finishedOrAtExit(n.state) || leavesLevelPossible(ctx, n.state))) {
      if (goalChecks >= opts.maxGoalChecks) continue;
      goalChecks++;
      if (finishedOrAtExit(n.state)) {
        goal = n;
        break;
      }
      const holds = holdsOut(n.state, opts.survivalHorizon);
      ctx.budget -= 300; // survival checks are cheap when they succeed, bounded when they do not
      if (!holds) {
        rejected.survival++;
        continue;
      }
      if (opts.onwardTicks <= 0 || goesOn(ctx, n.state, opts)) {
        goal = n;
        break;
      }
      rejected.onward++;
      fallback ??= n;
      continue;
    }
    if (atGoal) rejected.pocket++;
    // partial plans that strand gold are no plans at all
    if (n !== start && wouldKeep(nearest, n) && !inDugHole(n.state) && leavesLevelPossible(ctx, n.state)) keepNearest(nearest, n);
    expanded++;
    // the start node's state is read again by the escape, a nearest node's by its survival check
    const lastUse = n !== start && !nearest.includes(n);
    for (const child of childrenOf(ctx, n, opts, lastUse)) {
      const hash = hashState(child.state);
      if (seen.has(hash)) continue;
      seen.add(hash);
      child.f = child.g + opts.heuristicWeight * Math.min(child.h, 5000);
      open.push(child);
    }
  }
  return { goal, nearest, expanded, fallback, rejected };
}

/**
 * Whether a next goal can be reached from a goal state (its own goal test, without a further
 * onward search), within opts.onwardTicks: a state that survives a while but from which the
 * guards close every way on is a trap, not a goal. Charges the ticks to the caller's budget.
 */
function goesOn(ctx: SearchContext, s: GameState, opts: PlanSearchOptions): boolean {
  const onward = newSearch(s, opts.onwardTicks, opts);
  const found = bestFirst(onward.ctx, onward.start, { ...opts, onwardTicks: 0, maxGoalChecks: 3 }).goal !== null;
  ctx.budget -= onward.ctx.granted - onward.ctx.budget;
  return found;
}

/** A search context and its start node for a search from `rootState` with `budget` ticks. */
function newSearch(rootState: GameState, budget: number, opts: PlanSearchOptions): { ctx: SearchContext; start: Node } {
  const { heuristicWeight } = opts;
  const ctx: SearchContext = {
    root: rootState,
    rootGold: rootState.goldCount,
    rootComplete: rootState.goldComplete,
    relaxed: newReach(true),
    strict: newReach(false),
    budget,
    granted: budget,
    rootReachable: true,
    sortie: { rootCells: null, ground: new Map(), fields: new Map() },
    guardOnRoutePenalty: opts.guardOnRoutePenalty,
  };
  const startState = cloneState(rootState, false);
  const h0 = estimate(ctx, startState);
  ctx.rootReachable = h0 < UNREACHABLE;
  const start: Node = {
    state: startState,
    parent: null,
    macro: null,
    depth: 0,
    ticks: 0,
    g: 0,
    closest: guardDistance(startState),
    h: h0,
    f: heuristicWeight * Math.min(h0, 5000),
  };
  return { ctx, start };
}

/**
 * Runs the search from the analysis' exact state; null in geometric mode or with nothing to do.
 * `commitment` is the plan the last step handed on (history): a goal plan still on course is
 * followed without a search, so the agent does not swap between goals of equal promise. Partial
 * plans and escapes are searched again every step: following them to their end (tried on Classic)
 * led the runner into corners a fresh search from half-way would have avoided.
 */
export function planSearch(root: Analysis, options: Partial<PlanSearchOptions> = {}, commitment: Commitment | null = null): Plan | null {
  // A level still waiting for its first key is planned too: the first move starts it.
  const rootState = root.state;
  if (!rootState || (rootState.status !== 'running' && rootState.status !== 'start')) return null;
  const followed = commitment?.mode === 'goal' ? committedPlan(commitment, rootState) : null;
  return followed ?? searchFrom(rootState, { ...DEFAULT_PLAN_SEARCH, ...options });
}

function searchFrom(rootState: GameState, opts: PlanSearchOptions): Plan | null {
  let { ctx, start } = newSearch(rootState, opts.budgetTicks, opts);
  let found = bestFirst(ctx, start, opts);
  const deepened = !found.goal && !found.fallback && (opts.deepBudgetTicks ?? 0) > opts.budgetTicks;
  if (deepened) {
    const spent = ctx.granted - ctx.budget;
    // a fresh search with the deep budget rather than continuing the normal one: the search is
    // deterministic, so it retraces the same first 40,000 ticks (10% of the deep budget) and
    // keeps one code path; both searches' ticks are counted
    ({ ctx, start } = newSearch(rootState, opts.deepBudgetTicks!, opts));
    ctx.granted += spent;
    found = bestFirst(ctx, start, opts);
  }
  const { goal, nearest, expanded, fallback, rejected } = found;
  // No goal that leads on: the first that held out, else the closest partial plan that holds
  // out, else the best escape from the guards.
  let mode: PlanMode = 'goal';
  let chosen = goal ?? fallback;
  if (!chosen) {
    mode = 'partial';
    chosen = partialThatHoldsOut(nearest, opts.survivalHorizon);
  }
  if (!chosen) {
    mode = 'escape';
    chosen = escape(ctx, start, opts);
    if (!chosen || chosen.ticks < opts.survivalHorizon) chosen = survivalEscape(start, opts) ?? chosen ?? nearest[0] ?? null;
  }
  if (!chosen) return null;
  const macros = pathOf(chosen);
  if (macros.length === 0) return null;
  const why = describe(macros, chosen, mode, ctx);
  return {
    macros,
    goldGained: ctx.rootGold - chosen.state.goldCount,
    ticks: chosen.ticks,
    closestGuard: chosen.closest >= 99 ? null : Math.round(chosen.closest * 10) / 10,
    value: chosen.h >= UNREACHABLE ? -1 : chosen.h,
    finished: finishedOrAtExit(chosen.state),
    reachesGoal: chosen === goal || chosen === fallback,
    endCell: { x: chosen.state.runner.x, y: chosen.state.runner.y },
    expanded,
    simulatedTicks: ctx.granted - ctx.budget,
    mode,
    why: deepened ? `${why}; deep search` : why,
    followed: false,
    searchedAtTick: rootState.tick,
    deepened,
    rejected,
  };
}
