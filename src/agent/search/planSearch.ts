// Plan search (agent-planner §3): a best-first (weighted A*) search in the exact engine (clone +
// simulate) over tile-sized macro-actions with state hashing and a budget of simulated ticks.
// The goal is the next gold (or the exit) reached in a state that can still hold out against
// the guards and that strands no gold the runner could reach. Progress is estimated on a
// dig-relaxed navigation graph, so buried gold pulls the search towards the digs, and the exact
// simulation finds the sequence that works. Reads an Analysis; never mutates the root state.
// Pure: the same state gives the same plan. The parts are in this folder (README).
import { cloneState } from '../../game/serialize.js';
import type { Analysis } from '../analysis.js';
import { UNREACHABLE } from '../nav.js';
import { holdsOut, inDugHole } from '../sim.js';
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

interface SearchResult {
  goal: Node | null;
  /** The best partial plans: the nodes with the smallest estimate (then fewest ticks) seen. */
  nearest: Node[];
  expanded: number;
}

/** The weighted A* itself: runs until a goal that holds out is found or the budget is spent. */
function bestFirst(ctx: SearchContext, start: Node, opts: PlanSearchOptions): SearchResult {
  const open = new NodeHeap();
  open.push(start);
  const seen = new Set<string>([hashState(start.state)]);
  let expanded = 0;
  let goalChecks = 0;
  let goal: Node | null = null;
  const nearest: Node[] = [];
  while (open.size && ctx.budget > 0) {
    const n = open.pop()!;
    if (n !== start && isGoal(ctx, n.state)) {
      if (goalChecks >= opts.maxGoalChecks) continue;
      goalChecks++;
      // A goal must leave the rest of the level possible (gold sealed in a pit is a trap) and
      // hold out against the guards.
      const ok = finishedOrAtExit(n.state) || (leavesLevelPossible(ctx, n.state) && holdsOut(n.state, opts.survivalHorizon));
      ctx.budget -= 300; // survival checks are cheap when they succeed, bounded when they do not
      if (ok) {
        goal = n;
        break;
      }
      continue;
    }
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
  return { goal, nearest, expanded };
}

/** Runs the search from the analysis' exact state; null in geometric mode or with nothing to do. */
export function planSearch(root: Analysis, options: Partial<PlanSearchOptions> = {}): Plan | null {
  // A level still waiting for its first key is planned too: the first move starts it.
  const rootState = root.state;
  if (!rootState || (rootState.status !== 'running' && rootState.status !== 'start')) return null;
  const opts = { ...DEFAULT_PLAN_SEARCH, ...options };
  const ctx: SearchContext = {
    root: rootState,
    rootGold: rootState.goldCount,
    rootComplete: rootState.goldComplete,
    relaxed: newReach(true),
    strict: newReach(false),
    budget: opts.budgetTicks,
    granted: opts.budgetTicks,
    rootReachable: true,
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
    f: 0,
  };
  start.f = opts.heuristicWeight * Math.min(h0, 5000);
  const { goal, nearest, expanded } = bestFirst(ctx, start, opts);
  // No safe goal: the closest partial plan that holds out, else the best escape from the guards.
  let mode: PlanMode = 'goal';
  let chosen = goal;
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
  return {
    macros,
    goldGained: ctx.rootGold - chosen.state.goldCount,
    ticks: chosen.ticks,
    closestGuard: chosen.closest >= 99 ? null : Math.round(chosen.closest * 10) / 10,
    value: chosen.h >= UNREACHABLE ? -1 : chosen.h,
    finished: finishedOrAtExit(chosen.state),
    reachesGoal: goal !== null,
    endCell: { x: chosen.state.runner.x, y: chosen.state.runner.y },
    expanded,
    simulatedTicks: ctx.granted - ctx.budget,
    mode,
    why: describe(macros, chosen, mode, ctx),
  };
}
