// The weighted A* itself, as a run that can be paused when its budget is spent and resumed with
// more: resuming with k more ticks does exactly what one run with the larger budget does (the
// loop reads only its own state and ctx.budget), which lets a deep search be spread over several
// decisions and recomputed from scratch with the same result (ahead.ts). Reads the search context;
// charges simulated ticks to ctx.budget.
import { BLOCK, GUARD, idx } from '../../game/constants.js';
import { leaveCell, setAct } from '../../game/rules/common.js';
import { cloneState } from '../../game/serialize.js';
import type { GameState } from '../../game/state.js';
import { UNREACHABLE } from '../nav.js';
import { holdsOut, inDugHole } from '../sim.js';
import { Frontier, hashState, placeKey } from './frontier.js';
import { isGoal, madeProgress } from './goals.js';
import { childrenOf } from './macros.js';
import { finishedOrAtExit, guardDistance } from './measures.js';
import { keepNearest, wouldKeep } from './partial.js';
import { estimate, goldKey, headingTargets, leavesLevelPossible, rootReachesExit, targetEstimate } from './reach.js';
import { newReach, type Node, type PlanSearchOptions, type SearchContext } from './types.js';

/** Why goal states were turned down, by reason (the eval's failure mechanisms read them). */
export interface GoalRejections {
  /** Gold taken, but the runner left in a pocket he may not get out of: expanded as a sortie. */
  pocket: number;
  /** The goal state does not hold out against the guards. */
  survival: number;
  /** It holds out, but no next goal could be reached from it within the onward search (or from it at all). */
  onward: number;
}

export interface SearchResult {
  goal: Node | null;
  /** The best partial plans: the nodes with the smallest estimate (then fewest ticks) seen. */
  nearest: Node[];
  expanded: number;
  /**
   * The first goal that held out but had no onward goal within the onward budget: the plan when
   * no better goal is found. Never one whose onward search ran dry (a trap, see goesOn).
   */
  fallback: Node | null;
  /** Some goal state's onward search ran out of budget undecided (neither a next goal nor dead). */
  undecided: boolean;
  rejected: GoalRejections;
  /**
   * The open list ran empty without a goal: every state the macros reach from the root was
   * expanded (or turned down as a goal), so more budget would find nothing. False while goal
   * states were skipped unchecked (the goal-check cap), since those were never expanded.
   */
  exhausted: boolean;
}

/** A best-first search from `start`: run() searches until a goal is found or ctx.budget is spent. */
export class BestFirst {
  readonly result: SearchResult = {
    goal: null,
    nearest: [],
    expanded: 0,
    fallback: null,
    undecided: false,
    rejected: { pocket: 0, survival: 0, onward: 0 },
    exhausted: false,
  };
  private readonly open: Frontier;
  private readonly seen: Set<string>;
  /** How often each place (the state's key without the guards) was pushed: the novelty penalty's count. */
  private readonly places = new Map<string, number>();
  private goalChecks = 0;
  /** Goal states passed over once the goal-check cap was reached (neither checked nor expanded). */
  private goalsSkipped = 0;
  /** The estimate each extra queue of the frontier ranks by: one per gold it heads for (reach.ts, headingTargets). */
  private readonly targets: ((s: GameState) => number)[];
  /** Scratch for a child's f in each target's queue (the frontier copies it at once). */
  private readonly targetF: number[];

  constructor(
    readonly ctx: SearchContext,
    readonly start: Node,
    private readonly opts: PlanSearchOptions,
  ) {
    this.targets = headingTargets(ctx, opts.targetQueues).map((t) => targetEstimate(ctx, t));
    this.targetF = new Array<number>(this.targets.length).fill(0);
    this.open = new Frontier(this.targets.length);
    this.open.push(
      start,
      this.targets.map(() => start.f),
    );
    this.seen = new Set<string>([hashState(start.state)]);
  }

  /** Whether a further run() could still find something: no goal yet and nodes left to expand. */
  get searching(): boolean {
    return this.result.goal === null && this.open.size > 0;
  }

  /** Gives the run `ticks` more of budget (counted as granted). */
  grant(ticks: number): void {
    this.ctx.budget += ticks;
    this.ctx.granted += ticks;
  }

  run(): SearchResult {
    const { ctx, start, opts, open, seen, result } = this;
    const { nearest, rejected } = result;
    let ranDry = false;
    while (result.goal === null && ctx.budget > 0) {
      const n = open.pop() ?? this.takeDeadEnds();
      if (!n) {
        ranDry = true;
        break;
      }
      // A goal must leave the rest of the level possible, hold out against the guards and lead on
      // to a next goal. One that leaves the runner in a pocket (gold taken in a pit entered through
      // dug holes) is no goal yet but a sortie under way: it is expanded, and its children head
      // back to ground.
      const atGoal = n !== start && isGoal(ctx, n.state);
      if (atGoal && (finishedOrAtExit(n.state) || leavesLevelPossible(ctx, n.state))) {
        if (this.goalChecks >= opts.maxGoalChecks) {
          this.goalsSkipped++;
          continue;
        }
        this.goalChecks++;
        if (finishedOrAtExit(n.state)) {
          result.goal = n;
          break;
        }
        const holds = holdsOut(n.state, opts.survivalHorizon);
        ctx.budget -= 300; // survival checks are cheap when they succeed, bounded when they do not
        if (!holds) {
          rejected.survival++;
          continue;
        }
        const onward = opts.onwardTicks <= 0 ? 'found' : goesOn(ctx, n.state, opts);
        if (onward === 'found') {
          result.goal = n;
          break;
        }
        rejected.onward++;
        // a goal state from which every reachable state was tried without a next goal is a trap
        // (the guards close in, the last gold seals the runner in): no fallback, whatever else is
        // found, in a level whose exit the root could reach at all
        if (onward === 'unknown') result.undecided = true;
        if (onward === 'unknown' || !rootReachesExit(ctx)) result.fallback ??= n;
        continue;
      }
      if (atGoal) rejected.pocket++;
      // partial plans that strand gold are no plans at all
      if (n !== start) {
        if (ctx.revisits) n.revisit = opts.revisitPenalty * ctx.revisits[idx(n.state.runner.x, n.state.runner.y)]!;
        if (wouldKeep(nearest, n) && !inDugHole(n.state) && leavesLevelPossible(ctx, n.state)) keepNearest(nearest, n);
      }
      result.expanded++;
      // the start node's state is read again by the escape, a nearest node's by its survival check
      const lastUse = n !== start && !nearest.includes(n);
      for (const child of childrenOf(ctx, n, opts, lastUse, seen)) this.enqueue(child);
    }
    // pop() is the test (open.size also counts the entries of nodes another queue handed out); a
    // search that ran dry stays dry, so a later run with no budget leaves the verdict as it was
    if (ranDry && result.goal === null && this.goalsSkipped === 0) result.exhausted = true;
    return result;
  }

  /** Puts a child on the open list, ranked by ticks, estimate and the novelty penalty. */
  private enqueue(child: Node): void {
    const { ctx, opts, open, targets, targetF } = this;
    // a place reached before (the guards elsewhere) ranks behind a new one: the novelty penalty
    let novelty = 0;
    if (opts.noveltyPenalty > 0) {
      const place = placeKey(child.state);
      const visits = this.places.get(place) ?? 0;
      this.places.set(place, visits + 1);
      novelty = opts.noveltyPenalty * visits;
    }
    const w = opts.heuristicWeight;
    child.f = child.g + novelty + w * Math.min(child.h, 5000);
    // once progress is made the estimate is the way back to ground, the same for every target
    const progressed = targets.length > 0 && madeProgress(ctx, child.state);
    for (let i = 0; i < targets.length; i++)
      targetF[i] = progressed ? child.f : child.g + novelty + w * Math.min(targets[i]!(child.state), 5000);
    open.push(child, targetF);
  }

  /**
   * When the open list is empty: the dead ends set aside so far go on it (the estimate cannot
   * rank them, so by ticks), and the first of them is handed out; undefined when there are none.
   */
  private takeDeadEnds(): Node | undefined {
    const deadEnds = this.ctx.deadEnds;
    if (!deadEnds || deadEnds.length === 0) return undefined;
    for (const n of deadEnds.splice(0)) this.enqueue(n);
    return this.open.pop();
  }
}

/** What comes after a goal state (goesOn). */
export type Onward = 'found' | 'dead' | 'unknown';

/**
 * What comes after a goal state: `found`, a next goal within opts.onwardTicks (its own goal test,
 * without a further onward search); `dead`, the onward search ran out of states with none (every
 * state reachable from there was tried: the guards close every way on, or the runner is sealed
 * in); `unknown`, the onward budget ran out first. A state that survives a while but goes on
 * nowhere is a trap, not a goal. With `lastGoldLeadsOn` and one gold left, that last gold is a
 * next goal only when it leads on to the exit in turn (a goal whose own onward search is not
 * dead). Charges the ticks to the caller's budget, when there is one.
 */
export function goesOn(ctx: SearchContext | null, s: GameState, opts: PlanSearchOptions, lastGoldLeadsOn = false): Onward {
  const onward = newSearch(s, opts.onwardTicks, opts);
  const chain = lastGoldLeadsOn && s.goldCount === 1 && !s.goldComplete;
  const next = new BestFirst(onward.ctx, onward.start, { ...opts, onwardTicks: chain ? opts.onwardTicks : 0, maxGoalChecks: 3 }).run();
  if (ctx) ctx.budget -= onward.ctx.granted - onward.ctx.budget;
  if (next.goal !== null || (chain && next.undecided)) return 'found';
  return next.exhausted ? 'dead' : 'unknown';
}

/**
 * Whether every way on from `s` is closed for good: with the guards taken off the board (they
 * mostly close ways, and without them waiting makes no new states, so a search can run dry), a
 * search from it — the last gold asked to lead on to the exit — runs out of states before its
 * budget with no goal: a sealed pit, or gold that seals the runner in once taken. "Unknown" is
 * not dead, nor is a state where a guard carries gold or walks under the runner; a guard filling
 * a hole stays as ground (the hole closed). Charges the ticks to `ctx` when given.
 */
export function leadsNowhere(s: GameState, opts: PlanSearchOptions, ctx?: SearchContext): boolean {
  if (s.status !== 'running' || s.guards.some((g) => g.hasGold > 0)) return false;
  const inHole = (g: { x: number; y: number }) => s.holes.some((h) => h.x === g.x && h.y === g.y);
  // a guard walking under the runner holds him up: without it he would fall
  const { x, y } = s.runner;
  if (y < 15 && s.act[idx(x, y + 1)] === GUARD && !s.guards.some((g) => g.x === x && g.y === y + 1 && inHole(g))) return false;
  const bare = cloneState(s, false);
  for (const g of bare.guards) {
    if (!inHole(g)) {
      if (bare.act[idx(g.x, g.y)] === GUARD) leaveCell(bare, g.x, g.y);
      continue;
    }
    // a guard filling a hole is ground to walk on: the hole stays closed (brick) instead
    setAct(bare, g.x, g.y, BLOCK);
    bare.holes = bare.holes.filter((h) => h.x !== g.x || h.y !== g.y);
  }
  bare.guards = [];
  bare.shakes = [];
  bare.reborns = [];
  // every way the search knows: dead ends searched last, waits for holes, moves that rest off centre
  return goesOn(ctx ?? null, bare, { ...opts, deadEndsLast: true, holeWaits: true, restingMoves: true }, true) === 'dead';
}

/** A search context and its start node for a search from `rootState` with `budget` ticks. */
export function newSearch(rootState: GameState, budget: number, opts: PlanSearchOptions): { ctx: SearchContext; start: Node } {
  const { heuristicWeight } = opts;
  const relaxed = newReach(true, opts.roomyStairs);
  const ctx: SearchContext = {
    root: rootState,
    rootGold: rootState.goldCount,
    rootComplete: rootState.goldComplete,
    relaxed,
    strict: newReach(false),
    judge: opts.roomyJudge && !opts.roomyStairs ? newReach(true, true) : relaxed,
    budget,
    granted: budget,
    rootReachable: true,
    deadEnds: opts.deadEndsLast ? [] : null,
    revisits: null,
    sortie: { rootCells: null, rootRouting: new Map(), ground: new Map(), graphs: new Map(), fields: new Map(), goldInReach: new Map() },
    guardOnRoutePenalty: opts.guardOnRoutePenalty,
    oneWayLevels: opts.oneWayLevels,
    sortieDigs: opts.sortieDigs,
    takenGoldDigs: opts.takenGoldDigs,
    rootGoldKey: goldKey(rootState),
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
