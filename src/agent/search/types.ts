// The plan search's shared vocabulary: its options and defaults, the macros a plan is made of,
// the plan it returns, the search nodes and the per-decision context every part reads. Types
// only (and the defaults); the search itself lives in the files beside this one.
import type { GameState } from '../../game/state.js';
import type { KeyName } from '../keys.js';
import type { NavCore, NavGraph } from '../nav.js';

export interface PlanSearchOptions {
  /** Simulated ticks the search may spend per decision (goal checks included). */
  budgetTicks: number;
  /** Weight of the progress estimate against ticks spent (weighted A*: >1 is greedier, faster). */
  heuristicWeight: number;
  waitTicks: number;
  /** How long the state at the goal must be able to hold out (exact survival search). */
  survivalHorizon: number;
  /** At most this many goal states are checked for survival per decision. */
  maxGoalChecks: number;
  /**
   * Simulated ticks of the onward search from a goal that holds out: the goal is accepted when
   * the next goal (gold or the exit) can be reached from it in turn. 0 turns the check off.
   */
  onwardTicks: number;
  /** Extra simulated ticks for the escape beam when no plan to gold holds out, and its width. */
  escapeBudgetTicks: number;
  escapeWidth: number;
  /** Ticks added to a state's estimate per free guard on the runner's shortest way to the target (0: off). */
  guardOnRoutePenalty: number;
  /** Extra queues of the search, one per gold (the nearest worth heading for), expanded in turn with the main one (bestFirst.ts): 0 is off. */
  targetQueues: number;
  /** Ticks added to a state's f per earlier state at the same place (runner, gold, holes; guards aside): 0 is off. */
  noveltyPenalty: number;
  /** Budget multiplier of a deep search, tried when the normal budget finds no goal (effort.ts); 1 turns it off. */
  deepSearchFactor: number;
  /** At most one deep search per this many ticks of the game clock. */
  deepSearchPeriod: number;
  /** Whether a deep search is spread ahead over the next decisions (ahead.ts) or run at once in the decision that starts it. */
  deepSearchAhead: boolean;
  /**
   * Goal states a deep search (spread ahead or run at once; ahead.ts) may check for survival and an onward goal. Its
   * budget is ten normal ones, and with the normal cap its goal tests ran out early: every later
   * goal state was skipped and the rest of the budget could only end in a partial plan. 60
   * against 6 (2026-12-05, direct planner): Classic 465 against 460 over engine seeds 1-5 and
   * professional 113 gained, no level lost in any pack (docs/eval/classic-2026-12-05.md).
   */
  deepGoalChecks: number;
  /** Simulated ticks of each decision's slice of a deep search ahead (ahead.ts); 60,000 cleared no more than 40,000. */
  deepSliceTicks: number;
  /** Slices of the next goal's search run ahead while a goal plan is followed, one per decision (nextSearch.ts): 0 is off. */
  nextSlices: number;
  /** Simulated ticks of each such slice. */
  nextSliceTicks: number;
  /** Whether a staircase two to stairDepthMax bricks deep is one choice of the search (stairs.ts). */
  stairs: boolean;
  /** The deepest staircase tried as one choice (stairs.ts), from two bricks: four takes ten holes, about a hole's lifetime. */
  stairDepthMax: number;
  /**
   * Whether a staircase may also have its top row dug behind the runner as he walks on to the
   * stair's side (stairs.ts): the triangle one column further on, for a layer with a wall behind
   * him or a rope over its far end.
   */
  stairsDugBehind: boolean;
  /**
   * Whether the lasting terrain a state is judged on lets a brick under a gold's cell be dug once
   * that gold is taken (reach.ts): the graphs were the root's, where the gold still lies, so a goal
   * whose way on runs under the gold just taken was turned down.
   */
  takenGoldDigs: boolean;
  /** Whether a dig from a ladder that opens a way out of a pocket (reach.ts, opensPocket) is tried where the estimate does not ask for it. */
  pocketPassages: boolean;
  /** Whether "dig in front of a guard coming along the row and wait until he drops in" is one choice of the search (guardTrap.ts). */
  guardTraps: boolean;
  /** Whether waiting until the oldest open hole refills is one choice of the search (holeWait.ts). */
  holeWaits: boolean;
  /**
   * Whether states the estimate calls dead ends (no route to any target, even digging) are set
   * aside and searched once every other state is, instead of dropped: the estimate's terrain is a
   * relaxation, and where it is wrong the dropped states were the only way on (off by default).
   */
  deadEndsLast: boolean;
  /**
   * Whether the exact trap test (bestFirst.ts, leadsNowhere: with the guards off the board, a
   * search from the state runs dry with no goal, the last gold asked to lead on to the exit) judges
   * partial plans and escapes (one that leads nowhere is taken only when every other does too)
   * and the candidates ranked above the plan (one that leads nowhere is turned down, outlast.ts).
   * The relaxed reachability misses such traps: a drop onto the last gold in a shaft walled in brick.
   */
  trapChecks: boolean;
  /**
   * Whether a move held still after it got somewhere ends there (macros.ts, runMacro) instead of
   * counting as a move that did nothing: a drop down a shaft walled on both sides onto a ladder's
   * top rests off the tile's centre, and without it the search never takes that drop.
   */
  restingMoves: boolean;
  /**
   * Whether a level may be played one way (a drop through a trap door onto its next part, with no
   * way back): ground, where a sortie is over, is then wherever the rest of the level stays
   * possible on the lasting terrain, not only what leads back to the root; and the strict reach
   * (single digs) judges the exit only once the gold is complete, since the way on from a drop is
   * often a staircase only the dig-relaxed reach sees (reach.ts, leavesLevelPossible).
   */
  oneWayLevels: boolean;
  /**
   * Whether a sortie (gold taken in a pocket, not yet back on ground) tries every dig the rules
   * allow, not only those the estimate asks for, and, when the holes open now lead nowhere, is
   * estimated by its way back through bricks still to be dug: a pocket entered from above is left
   * by digging its floor, a dig the estimate towards the next gold does not ask for.
   */
  sortieDigs: boolean;
  /**
   * Whether a search that ran out of states (every state its macros reach tried, no goal) is run
   * again with every dig and staircase the rules allow (`wideMacros`), not only those the estimate
   * asks for: a chamber left by digging its floor in an order the estimate does not see.
   */
  wideRetry: boolean;
  /**
   * Whether a deep search ahead whose plan is shorter than its window holds the runner still for
   * the decisions left (ahead.ts, holdStill), while no guard comes near: its window lasted only as
   * long as the plan, so a short partial plan left it two slices of its ten.
   */
  deepHold: boolean;
  /**
   * Simulated ticks of a second, longer onward search from the fallback goal (a goal whose onward
   * search ran out of budget undecided) before it is followed (choose.ts): one that runs dry there
   * is a trap, and the plan falls back to a partial plan instead. At most onwardTicks: off.
   */
  fallbackOnwardTicks: number;
  /**
   * Simulated ticks of each decision's slice of that onward search (fallbackCheck.ts): the
   * decision that finds the fallback runs the first, and the rest run on while its plan is
   * followed, one per decision, when the plan lasts that many decisions. 0: all in one decision
   * (which alone took bench:planner's p99 from 75 to 105 ms).
   */
  fallbackCheckSliceTicks: number;
  /**
   * Whether the dig-relaxed reach (the estimate, and whether a state leaves the level possible)
   * digs a staircase only as deep as the row above it has room for (navMoves.ts, stairRoom):
   * without it a pocket two cells wide passed for one whose floor could be dug through, and its
   * first gold for a goal that leaves the exit in reach.
   */
  roomyStairs: boolean;
  /**
   * The same room for staircases, but only where a state is judged to leave the level possible
   * (reach.ts, leavesLevelPossible): the estimate that guides the search stays as optimistic.
   */
  roomyJudge: boolean;
  /**
   * Ticks added to a partial plan's estimate (its rank among the nodes nearest to gold) for each
   * decision since the last gold was taken that left the runner in the cell the plan ends in
   * (partial.ts; the history's cells, counted by plannedRoute.ts): without it a runner whose
   * searches find no goal walks between the same few cells the estimate ranks best, a local
   * minimum, until the time runs out. 0: off.
   */
  revisitPenalty: number;
  /** Set for such a second search (planSearch.ts): every dig and staircase the rules allow is tried. */
  wideMacros?: boolean;
  /** Set by searchEffort: when the normal search finds no goal, a deep search of this budget is spread ahead (ahead.ts). */
  deepBudgetTicks?: number;
}

/**
 * Defaults: 40,000 simulated ticks per fresh search. A goal plan, once found, is followed without
 * a search while the world goes as it predicted (commitment.ts). Weight 1.5 trades optimal routes
 * for reaching deep goals within budget. A goal must hold out 200 ticks and have an onward goal
 * within 3,000 ticks (else it is taken only when nothing better is found) — the escape beam gets
 * 6,000 more ticks when no plan to gold holds out. The same 200 ticks judge partial plans and
 * escapes: with 100, goals, partial plans and escapes walked into corners a guard closed on later
 * (Classic 1-150, direct planner, 2026-12-03: 82 cleared against 78 with seed 1, 84 with seed 2;
 * 150 ticks cleared 78, 300 cleared 75). Each free guard standing on the runner's
 * shortest way to the target adds 40 ticks to a state's estimate, so guards camping a ladder or
 * corridor are lured off or trapped rather than walked into. The search takes every other node
 * from a queue per gold (the three nearest worth heading for) instead of its main queue, and a
 * place it reached before (runner, gold and holes alike, the guards elsewhere) ranks 20 ticks
 * behind per earlier visit: on Classic 1-150 (direct planner, 2026-12-03) the two together cleared
 * 76 levels against 65 (seed 1) and, with the next search ahead, 77 (seed 2: 81 against 65); each
 * alone cleared 68 and 69. A goal plan followed searches the next goal ahead from where it ends,
 * one 20,000-tick slice per decision for up to sixteen (nextSearch.ts): half the slice of a normal
 * search keeps a followed decision cheap (bench:planner's own-play p99 77 ms against 104-138 ms
 * with 40,000-tick slices) and cleared 78 Classic levels against 77 (direct planner, seed 1).
 * When a search finds no goal at the first step past a 100-tick boundary of the game clock, a
 * deep search of 10 times the budget is spread ahead (ahead.ts), one slice per decision (Classic
 * 1-150, direct planner, 2026-12-04: 96 and 93 with seeds 1 and 2 against 91 and 90 with a
 * 200-tick period, for about the same wall time; docs/eval/classic-2026-12-04.md). A
 * staircase two to four bricks deep is one choice of the search (stairs.ts), and so is a dig
 * from a ladder that opens a way out of a pocket where the estimate does not ask for it
 * (pocketPassages: Classic 1-150, direct planner, 2026-12-04: 445 levels against 440 over engine
 * seeds 1-5; the other four packs 45 against 46, the five packs 136 either way;
 * docs/eval/classic-2026-12-04.md). A trap for a guard is not a choice by default (guardTraps: 87
 * against 90), nor is waiting for a hole to refill (holeWaits: 84 against 90;
 * docs/eval/classic-2026-12-03f.md). Nor are the estimate's dead ends searched last (deadEndsLast:
 * 148 of 434 either way, 16 fewer false "exhausted" verdicts, Classic 92 lost;
 * docs/eval/search-experiments-2026-12-05b.md). The exact trap test is on (trapChecks: Classic
 * 1-150 with engine seeds 1-5, 472 against 471, one level gained on seeds 1 and 4, one lost on
 * seed 3; the other four packs as many; docs/eval/classic-2026-12-05e.md): it turns down the
 * kind of step the relaxed reachability cannot see is fatal, for a whole-step p99 within the
 * spread between bench:planner runs (fresh searches' p99 about 95 ms against 72). Moves that rest
 * off a tile's centre (restingMoves) clear 95 Classic levels against 97
 * (docs/eval/search-experiments-2026-12-05c.md). Levels played one way (oneWayLevels), every dig
 * on a sortie (sortieDigs) and a search that ran dry run again with every dig (wideRetry), with the
 * exit's board read without gold: the five packs 154 of 434 against 149 (professional 42 against
 * 38, Classic 98 either way; direct planner, seed 1, docs/eval/search-experiments-2026-12-06c.md).
 * Staircases whose top row is dug behind the runner (stairsDugBehind), the last gold's way on
 * through a pocket's floor, the brick under a gold taken judged diggable (takenGoldDigs) and
 * staircases up to four deep: professional 1-150, direct planner, seed 1, 46 against 42 with the
 * first two, 47 with four-deep staircases too (docs/eval/search-experiments-2026-12-06d.md, which
 * has the five packs with all four).
 * A deep search ahead that keeps its whole window (deepHold) and digs as widely as the retry that
 * found its plan, with commitments of up to 120 macros, and the fallback goal's onward search of
 * 40,000 ticks (fallbackOnwardTicks): the five packs 165 of 434 against 159 (Classic 100 against
 * 97; docs/eval/search-experiments-2026-12-07.md). That onward search is spread over the
 * decisions that follow the plan, 10,000 ticks each (fallbackCheckSliceTicks): run in one decision
 * it took bench:planner's p99 from 75 to 105 ms; spread, the five packs play alike
 * (docs/eval/search-experiments-2026-12-07b.md).
 * Partial plans that rank the cells the runner kept coming back to since the last gold behind, 40
 * ticks a decision (revisitPenalty): the five packs 174 of 434 against 165 with seed 1 (fanBook 6
 * against 2, Classic 105 against 100), though Classic over seeds 1-5 clears 488 against 492
 * (docs/eval/search-experiments-2026-12-07c.md);
 * staircases dug only as deep as they have room for (roomyStairs, roomyJudge) were measured and
 * left off there.
 * History of these figures: docs/eval/.
 */
export const DEFAULT_PLAN_SEARCH: PlanSearchOptions = {
  budgetTicks: 40_000,
  heuristicWeight: 1.5,
  waitTicks: 6,
  survivalHorizon: 200,
  maxGoalChecks: 6,
  onwardTicks: 3000,
  escapeBudgetTicks: 6000,
  escapeWidth: 10,
  guardOnRoutePenalty: 40,
  noveltyPenalty: 20,
  targetQueues: 3,
  deepSearchFactor: 10,
  deepSearchPeriod: 100,
  deepSearchAhead: true,
  deepGoalChecks: 60,
  deepSliceTicks: 40_000,
  nextSlices: 16,
  nextSliceTicks: 20_000,
  stairs: true,
  stairDepthMax: 4,
  stairsDugBehind: true,
  takenGoldDigs: true,
  pocketPassages: true,
  guardTraps: false,
  holeWaits: false,
  deadEndsLast: false,
  trapChecks: true,
  restingMoves: false,
  oneWayLevels: true,
  sortieDigs: true,
  wideRetry: true,
  deepHold: true,
  fallbackOnwardTicks: 40_000,
  fallbackCheckSliceTicks: 10_000,
  roomyStairs: false,
  roomyJudge: false,
  revisitPenalty: 40,
};

export type MacroKind = 'move' | 'dig' | 'wait';

export interface Macro {
  kind: MacroKind;
  key: KeyName;
  ticks: number;
  /** The runner's cell when the macro ends. */
  to: { x: number; y: number };
  /** A key held for exactly `ticks` (a survival segment), not until the runner rests in a cell. */
  fixed?: true;
}

/** goal: reaches gold or the exit and holds out; partial: heads for it; escape: only survives. */
export type PlanMode = 'goal' | 'partial' | 'escape';

export interface Plan {
  mode: PlanMode;
  macros: Macro[];
  goldGained: number;
  ticks: number;
  closestGuard: number | null;
  /** Search value of the chosen end state (lower estimate of ticks to the goal is better). */
  value: number;
  finished: boolean;
  /** Whether the plan reaches its goal (gold or exit); false for a best partial plan. */
  reachesGoal: boolean;
  endCell: { x: number; y: number };
  expanded: number;
  simulatedTicks: number;
  why: string;
  /** True when the plan is an earlier step's, followed because the world went as it predicted. */
  followed: boolean;
  /** The tick of the step whose search found the plan. */
  searchedAtTick: number;
  /** True when the plan comes from a deep search (effort.ts, ahead.ts): its goal, or its best plan at the end of its window. */
  deepened: boolean;
  /** A deep search ahead under way, rooted where this plan ends (ahead.ts): slices searched so far, of how many. */
  ahead?: { expect: string; slices: number; of: number; wide?: true };
  /** The next goal's search run ahead while this goal plan is followed (nextSearch.ts): its root's fingerprint and the slices searched. */
  next?: { expect: string; slices: number };
  /** The fallback goal's onward search running on while this plan is followed (fallbackCheck.ts): the goal state's fingerprint, slices run, of how many. */
  check?: { expect: string; slices: number; of: number; wide?: true };
  /** Goal states the search turned down, by reason (none counted for a followed plan). */
  rejected?: { pocket: number; survival: number; onward: number };
  /** The search ran out of states before its budget, with no goal: as far as its macros reach, the runner is walled in or cornered. */
  exhausted?: boolean;
}

export interface Node {
  state: GameState;
  parent: Node | null;
  macro: Macro | null;
  depth: number;
  ticks: number;
  /** Ticks plus the penalties for brushing past guards. */
  g: number;
  closest: number;
  h: number;
  f: number;
  /** Set when the frontier has handed the node out (it sits in several queues, expanded once). */
  handedOut?: boolean;
  /** With revisitPenalty, in a fresh search: ticks added to h when ranking partial plans, for the runner's earlier visits to the node's cell. */
  revisit?: number;
}

/**
 * One way of judging where the runner can get to: navigation graphs of the lasting terrain (open
 * holes count as bricks), one for the gold and one with the hidden ladders for the exit, and
 * their ticks-to-go fields, cached per gold set. Built lazily from the root state.
 */
export interface Reach {
  digDown: boolean;
  /** With digDown: staircases only as deep as they have room for (NavGraphOptions.stairRoom). */
  stairRoom: boolean;
  gold: NavGraph | null;
  exit: NavGraph | null;
  fields: Map<number | string, Int32Array>;
  /**
   * Cells reachable from a cell in the gold graph, by routing cell (with `takenGoldDigs`, a state's
   * own gold graph's by the gold left and the routing cell).
   */
  sets: Map<number | string, Uint8Array>;
  /** With `takenGoldDigs`: the gold graphs of states that took gold the root still has, keyed by the gold left. */
  byGold: Map<string, NavGraph>;
}

/**
 * The way back to lasting ground for a runner who took gold inside a pocket (a pit, a chamber)
 * whose only exits are holes that will refill: "ground" is where the rest of the level stays
 * possible (cells that reach the root's cell, or the exit once the gold is complete, on the
 * lasting strict terrain); the fields give ticks to it on the terrain as it is (open holes
 * passable), cached per set of open holes. The exact simulation enforces the deadlines: a
 * runner still in a hole when it refills dies there, and that branch ends.
 */
export interface Sortie {
  /**
   * Where the rest of the level is judged from: the root's cell, or, when the root itself stands
   * in a pocket (it reaches the top row only through holes open now), the cells of lasting ground
   * it can get to now, so a search started mid-sortie still brings the runner back out.
   */
  rootCells: number[] | null;
  /** rootCells as routing cells of each graph they are read on (the graphs are shared between searches: sharedGraphs.ts). */
  rootRouting: Map<NavGraph, number[]>;
  ground: Map<string, Uint8Array>;
  /** The graphs of the terrain as it is (holes open), by open holes and whether the exit's ladders are shown. */
  graphs: Map<string, NavCore>;
  /** Ticks to the gold left through the holes open now (a pit cleared in one sortie), by holes and gold. */
  fields: Map<string, { graph: NavCore; toGo: Int32Array }>;
  /** Whether every gold left is in reach of a cell through the holes open now, by holes, gold and cell. */
  goldInReach: Map<string, boolean>;
}

export const newReach = (digDown: boolean, stairRoom = false): Reach => ({
  digDown,
  stairRoom,
  gold: null,
  exit: null,
  fields: new Map(),
  sets: new Map(),
  byGold: new Map(),
});

export interface SearchContext {
  root: GameState;
  rootGold: number;
  rootComplete: boolean;
  /** Dig-relaxed: the search's progress estimate (optimistic about shafts and staircases). */
  relaxed: Reach;
  /** Moves the runner can make as they are (single digs only): the strict test of a pocket. */
  strict: Reach;
  /**
   * The dig-relaxed reach whether a state leaves the level possible is judged in: `relaxed` itself,
   * or with `roomyJudge` one whose staircases need room (navMoves.ts, stairRoom).
   */
  judge: Reach;
  budget: number;
  /** Ticks granted so far (the search's budget, plus the escape's): spent = granted - budget. */
  granted: number;
  /** Whether the root has a (relaxed) route to a target: then dead-end states are pruned (or set aside, `deadEnds`). */
  rootReachable: boolean;
  /** Per cell, the decisions since the last gold that left the runner there (revisitPenalty); null in searches that do not rank by it. */
  revisits: Uint8Array | null;
  /** Dead-end states set aside (PlanSearchOptions.deadEndsLast), searched when nothing else is left; null when they are dropped. */
  deadEnds: Node[] | null;
  sortie: Sortie;
  /** PlanSearchOptions.guardOnRoutePenalty, read by the estimate. */
  guardOnRoutePenalty: number;
  /** PlanSearchOptions.oneWayLevels, read by the goal and ground tests. */
  oneWayLevels: boolean;
  /** PlanSearchOptions.sortieDigs, read by the sortie estimate and the macros. */
  sortieDigs: boolean;
  /** PlanSearchOptions.takenGoldDigs, read by the reach graphs; the root's gold, as its key. */
  takenGoldDigs: boolean;
  rootGoldKey: string;
}
