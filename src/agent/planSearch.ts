// Plan search (agent-planner §3): a best-first (weighted A*) search in the exact engine (clone +
// simulate) over tile-sized macro-actions — step left/right/up/down to the next resting cell
// (falls included), dig left/right, wait — with state hashing and a budget of simulated ticks.
// The goal is the next gold (or the exit) reached in a state that can still hold out against
// the guards and that strands no gold the runner could reach. Progress is estimated on a
// dig-relaxed navigation graph, so buried gold pulls the search towards the digs, and the exact
// simulation finds the sequence that works (shafts, staircases, holes as passages while they
// last, trapped guards' heads, waiting for a guard to pass). Reads an Analysis; never mutates
// the root state. Pure: the same state gives the same plan.
import {
  ACT_IN_HOLE,
  ACT_REBORN,
  BLOCK,
  CELLS,
  GOLD,
  GUARD,
  HOLE_OPEN_TICKS,
  LADDR,
  MAX_X,
  MAX_Y,
  SOLID,
  TRAP,
  idx,
} from '../game/constants.js';
import { canDig, runnerCanAct } from '../game/rules/runner.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { advance } from '../game/tick.js';
import type { Analysis } from './analysis.js';
import { KEY_OF, NAME_OF_KEY, isDigKeyName, type KeyName } from './keys.js';
import { UNREACHABLE, buildNavGraph, costToGo, reachableFrom, routingCell, type NavGraph } from './nav.js';
import { holdsOut, inDugHole, runInPlace, runnerSettled, survivalBeamPath, survivalPath } from './sim.js';
import { terrainFromState } from './terrain.js';

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
  /** Extra simulated ticks for the escape beam when no plan to gold holds out, and its width. */
  escapeBudgetTicks: number;
  escapeWidth: number;
}

/**
 * Defaults: 24,000 simulated ticks per decision. Most decisions end far sooner, at the first
 * goal that holds out (bench:planner on 1,000 demo snapshots: median ~600 ticks, ~1 ms);
 * positions the agent gets itself into (guards all round, gold behind dig puzzles) use the
 * whole budget, ~20-35 ms (own-play p99 29-35 ms). On all of Classic 1-150, 20,000 cleared 41
 * levels, 24,000 cleared 46 and 30,000 cleared 47 at a p99 about a fifth higher (and 60,000 no
 * more of Classic 41-80): the cap stays where the worst decisions keep a margin under the 50 ms
 * that issue #9 allows, even in a slow spell of the machine. Weight 1.5 trades
 * optimal routes for reaching deep goals within budget (2.5 cleared 12 of Classic 1-40 against
 * 15). A goal must hold out 100 ticks (64 cleared fewer; 150 no more) — the escape beam gets
 * 6,000 more ticks when no plan to gold holds out.
 */
export const DEFAULT_PLAN_SEARCH: PlanSearchOptions = {
  budgetTicks: 24_000,
  heuristicWeight: 1.5,
  waitTicks: 6,
  survivalHorizon: 100,
  maxGoalChecks: 6,
  escapeBudgetTicks: 6000,
  escapeWidth: 10,
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
}

interface Node {
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
}

/**
 * One way of judging where the runner can get to: navigation graphs of the lasting terrain (open
 * holes count as bricks), one for the gold and one with the hidden ladders for the exit, and
 * their ticks-to-go fields, cached per gold set. Built lazily from the root state.
 */
interface Reach {
  digDown: boolean;
  gold: NavGraph | null;
  exit: NavGraph | null;
  fields: Map<number | string, Int32Array>;
  /** Cells reachable from a cell in the gold graph, by routing cell. */
  sets: Map<number, Uint8Array>;
}

const newReach = (digDown: boolean): Reach => ({ digDown, gold: null, exit: null, fields: new Map(), sets: new Map() });

interface SearchContext {
  root: GameState;
  rootGold: number;
  rootComplete: boolean;
  /** Dig-relaxed: the search's progress estimate (optimistic about shafts and staircases). */
  relaxed: Reach;
  /** Moves the runner can make as they are (single digs only): the strict test of a pocket. */
  strict: Reach;
  budget: number;
  /** Ticks granted so far (the search's budget, plus the escape's): spent = granted - budget. */
  granted: number;
  /** Whether the root has a (relaxed) route to a target: then dead-end states are pruned. */
  rootReachable: boolean;
}

const MOVE_KEYS: KeyName[] = ['left', 'right', 'up', 'down'];
const MAX_MOVE_TICKS = 90;
// a module-level copy: imported bindings are property reads in some loaders, and this is a hot loop
const ALL_CELLS = CELLS;

/** The closest guard, in tiles (Chebyshev); guards being reborn or stuck in a hole count only with `everyGuard`. */
function guardDistance(s: GameState, everyGuard = false): number {
  const r = s.runner;
  let best = 99;
  for (const g of s.guards) {
    if (!everyGuard && (g.action === ACT_REBORN || g.action === ACT_IN_HOLE)) continue;
    const d = Math.max(
      Math.abs(g.x * 40 + g.xOffset - r.x * 40 - r.xOffset) / 40,
      Math.abs(g.y * 44 + g.yOffset - r.y * 44 - r.yOffset) / 44,
    );
    if (d < best) best = d;
  }
  return best;
}

const finishedOrAtExit = (s: GameState) => s.status === 'finish' || (s.goldComplete && s.runner.y === 0 && s.runner.yOffset === 0);

/**
 * Runs one macro on `s` in place; returns the ticks it took, or -1 when it does nothing (a wall,
 * no ladder, a dig that is not allowed). A move ends when the runner rests in another cell (or
 * centred in his own, from mid-tile); a dig ends when the dig is over; a wait after `waitTicks`.
 */
function runMacro(s: GameState, kind: MacroKind, key: KeyName, waitTicks: number, track: { closest: number }): number {
  const r = s.runner;
  const x0 = r.x;
  const y0 = r.y;
  const centred = runnerSettled(r);
  const code = KEY_OF[key];
  let ran = 0;
  const limit = kind === 'wait' ? waitTicks : kind === 'dig' ? 40 : MAX_MOVE_TICKS;
  let lastX = r.x * 64 + r.xOffset;
  let lastY = r.y * 64 + r.yOffset;
  let still = 0;
  for (let i = 0; i < limit; i++) {
    if (!advance(s, i === 0 ? code : undefined)) return ran === 0 ? -1 : ran;
    ran++;
    const d = guardDistance(s);
    if (d < track.closest) track.closest = d;
    if (s.status !== 'running' || finishedOrAtExit(s)) return ran;
    if (kind === 'dig') {
      if (i === 0 && s.dig === null) return -1;
      if (s.dig === null) return ran;
      continue;
    }
    if (kind === 'wait') continue;
    const px = r.x * 64 + r.xOffset;
    const py = r.y * 64 + r.yOffset;
    if (px === lastX && py === lastY) {
      if (++still >= 4) return -1;
    } else still = 0;
    lastX = px;
    lastY = py;
    if (runnerSettled(r) && (r.x !== x0 || r.y !== y0 || !centred) && runnerCanAct(s) && (r.yOffset === 0 || sideOpen(s))) return ran;
  }
  return kind === 'move' ? -1 : ran;
}

/**
 * Whether the runner's cell opens to a side (no brick or concrete there): the ladder cells worth
 * stopping at on the way up or down. Elsewhere in a shaft a stop only multiplies the states.
 */
function sideOpen(s: GameState): boolean {
  const { x, y } = s.runner;
  const at = idx(x, y);
  return (x > 0 && s.act[at - 1] !== BLOCK && s.act[at - 1] !== SOLID) || (x < 27 && s.act[at + 1] !== BLOCK && s.act[at + 1] !== SOLID);
}

function reachGraph(ctx: SearchContext, reach: Reach, goldComplete: boolean): NavGraph {
  if (goldComplete)
    return (reach.exit ??= buildNavGraph(terrainFromState(ctx.root, { holesClosed: true, hiddenRevealed: true }), {
      digDown: reach.digDown,
    }));
  return (reach.gold ??= buildNavGraph(terrainFromState(ctx.root, { holesClosed: true }), { digDown: reach.digDown }));
}

/** Ticks-to-go field for the state's remaining targets (its gold, else the exit) in one reach. */
function fieldFor(ctx: SearchContext, s: GameState, reach: Reach = ctx.relaxed): { graph: NavGraph; toGo: Int32Array } {
  const graph = reachGraph(ctx, reach, s.goldComplete);
  if (s.goldComplete) {
    let f = reach.fields.get('exit');
    if (!f) {
      const tops: number[] = [];
      for (let x = 0; x < 28; x++) if (graph.rest[idx(x, 0)]) tops.push(idx(x, 0));
      f = costToGo(graph, tops);
      reach.fields.set('exit', f);
    }
    return { graph, toGo: f };
  }
  // Key the cached field by the set of gold cells (the per-column gold bitmasks) and the count.
  let key = s.goldCount;
  const mask = s.goldMask;
  for (let x = 0; x < 28; x++) key = (Math.imul(key, 31) + mask[x]!) | 0;
  let f = reach.fields.get(key);
  if (!f) {
    const gold: number[] = [];
    const base = s.base;
    for (let i = 0; i < ALL_CELLS; i++) if (base[i] === GOLD) gold.push(i);
    // gold carried by guards: head for the carriers (they drop it sooner or later)
    if (gold.length === 0) for (const g of s.guards) if (g.hasGold > 0) gold.push(routingCell(graph, g.x, g.y));
    f = costToGo(graph, withoutTraps(ctx, reach, gold));
    reach.fields.set(key, f);
  }
  return { graph, toGo: f };
}

/** The cells the runner could get to from (x, y), in the gold graph of one reach. */
function reachSet(ctx: SearchContext, reach: Reach, x: number, y: number): Uint8Array {
  const graph = reachGraph(ctx, reach, false);
  const cell = routingCell(graph, x, y);
  let set = reach.sets.get(cell);
  if (!set) {
    set = reachableFrom(graph, cell);
    reach.sets.set(cell, set);
  }
  return set;
}

/**
 * The gold worth heading for: those from which the runner could still get to every other gold
 * he can reach from the root. Gold in a pit (a one-way drop, a sealed pocket) pulls the search
 * only when nothing else is left, so it is taken last instead of ending the level.
 */
function withoutTraps(ctx: SearchContext, reach: Reach, gold: number[]): number[] {
  if (gold.length < 2) return gold;
  const fromRoot = reachSet(ctx, reach, ctx.root.runner.x, ctx.root.runner.y);
  const open = gold.filter((g) => {
    const from = reachSet(ctx, reach, g % 28, (g / 28) | 0);
    return gold.every((other) => other === g || !fromRoot[other] || from[other]);
  });
  return open.length > 0 ? open : gold;
}

/**
 * Whether a state leaves the rest of the level possible: every gold still lying about that the
 * runner could reach from the root must stay reachable from where the state leaves him (so gold
 * in a pit is taken last, and a partial plan never drops into a pit for the one gold in it),
 * and once the gold is complete the exit must stay reachable whenever it was. Judged in the
 * dig-relaxed reach and in the strict one, so a pocket whose only way out is a shaft nobody
 * could dig counts as the trap it is, while gold the runner can only reach by such a shaft is
 * still sought.
 */
function leavesLevelPossible(ctx: SearchContext, s: GameState): boolean {
  for (const reach of [ctx.relaxed, ctx.strict]) {
    if (s.goldComplete) {
      const { graph, toGo } = fieldFor(ctx, s, reach);
      const fromRoot = toGo[routingCell(graph, ctx.root.runner.x, ctx.root.runner.y)]!;
      if (fromRoot < UNREACHABLE && toGo[routingCell(graph, s.runner.x, s.runner.y)]! >= UNREACHABLE) return false;
      continue;
    }
    const fromRoot = reachSet(ctx, reach, ctx.root.runner.x, ctx.root.runner.y);
    const fromHere = reachSet(ctx, reach, s.runner.x, s.runner.y);
    if (fromHere === fromRoot) continue;
    const base = s.base;
    for (let i = 0; i < ALL_CELLS; i++) if (base[i] === GOLD && fromRoot[i] && !fromHere[i]) return false;
  }
  return true;
}

/** Estimated ticks from the node's state to its next goal (UNREACHABLE when none is known). */
function estimate(ctx: SearchContext, s: GameState): number {
  if (finishedOrAtExit(s)) return 0;
  const { graph, toGo } = fieldFor(ctx, s);
  const r = s.runner;
  const cell = routingCell(graph, r.x, r.y);
  return toGo[cell];
}

/** Progress made: gold taken (or the exit reached) since the root. */
const madeProgress = (ctx: SearchContext, s: GameState) =>
  finishedOrAtExit(s) || (!ctx.rootComplete && (s.goldCount < ctx.rootGold || s.goldComplete));

/**
 * A goal: progress made and the runner out of any hole — hole timing is exact because a plan
 * that takes gold from inside a hole must go on, in simulation, until he is out of it.
 */
const isGoal = (ctx: SearchContext, s: GameState) => madeProgress(ctx, s) && !inDugHole(s);

/**
 * The state's key: one character per number (offset by 64, so offsets down to -64 stay
 * positive), which is cheaper to build and to look up than a decimal string. Guards come
 * before holes and their number never changes within a level, so the key is unambiguous.
 */
function hashState(s: GameState): string {
  const r = s.runner;
  let h = String.fromCharCode(r.x + 64, r.y + 64, r.xOffset + 64, r.yOffset + 64, s.goldCount + 64);
  // Guards by cell only: finer keys (offsets, actions, hole ages) multiply the states and cost
  // more depth than they save in Classic 41-80 (measured: 5 cleared against 8).
  for (const g of s.guards) h += String.fromCharCode(g.x + 64, g.y + 64);
  for (const hole of s.holes) h += String.fromCharCode(hole.x + 64, hole.y + 64);
  return h;
}

/** A binary min-heap of nodes by f (ties: deeper first, which finishes plans sooner). */
class NodeHeap {
  private items: Node[] = [];
  get size(): number {
    return this.items.length;
  }
  push(n: Node): void {
    const a = this.items;
    a.push(n);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(n, a[p]!)) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = n;
  }
  pop(): Node | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= a.length) break;
        if (c + 1 < a.length && less(a[c + 1]!, a[c]!)) c++;
        if (!less(a[c]!, last)) break;
        a[i] = a[c]!;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

const less = (p: Node, q: Node) => p.f < q.f || (p.f === q.f && p.depth > q.depth);

const NEAREST_KEPT = 10;
const closer = (p: Node, q: Node) => p.h < q.h || (p.h === q.h && p.ticks < q.ticks);

/** Whether `n` would make the list of nearest nodes (checked before the dearer tests). */
const wouldKeep = (list: Node[], n: Node) => list.length < NEAREST_KEPT || closer(n, list[list.length - 1]!);

function keepNearest(list: Node[], n: Node): void {
  if (!wouldKeep(list, n)) return;
  let i = list.length;
  while (i > 0 && closer(n, list[i - 1]!)) i--;
  list.splice(i, 0, n);
  if (list.length > NEAREST_KEPT) list.pop();
}

/** Closest approach (tiles) a partial plan may make to a guard and still be preferred. */
const PARTIAL_MARGIN = 2;

/**
 * The partial plan to follow when no goal was found: the closest to gold whose end state holds
 * out, preferring those that never come within PARTIAL_MARGIN tiles of a guard — without a goal
 * in sight, progress is not worth brushing past a guard.
 */
function partialThatHoldsOut(list: Node[], horizon: number): Node | null {
  // the list holds no plan that ends in a hole (it refills, and the runner with it) nor one
  // that leaves gold behind for good: bestFirst keeps no others
  const ordered = [...list.filter((n) => n.closest >= PARTIAL_MARGIN), ...list.filter((n) => n.closest < PARTIAL_MARGIN)];
  for (const n of ordered) if (holdsOut(n.state, horizon)) return n;
  return null;
}

/** Guards this close (tiles) make any dig worth trying: a trap in front of a closing guard. */
const TRAP_RANGE = 6;

/**
 * Whether digging to side `dir` is worth simulating: a guard is near (a trap), or the dug brick
 * leads closer to the target on the dig-relaxed graph (a shaft, a staircase, a drop). Digs are
 * possible almost everywhere on brick floors; trying them all would spend half the budget.
 */
function digWorthTrying(ctx: SearchContext, s: GameState, h: number, dir: -1 | 1): boolean {
  if (guardDistance(s) < TRAP_RANGE) return true;
  const { toGo } = fieldFor(ctx, s);
  const brick = idx(s.runner.x + dir, s.runner.y + 1);
  return toGo[brick]! < h || (brick + 28 < ALL_CELLS && toGo[brick + 28]! < h);
}

/**
 * Whether a step to side `dir` certainly does nothing: the runner stands centred against a
 * wall, brick or trap door, on ground that stays (not a guard's head), not digging, with no
 * guard within two tiles, no hole refilling within five ticks (it kills whoever is in it, and a
 * dead guard is reborn anywhere on top) and no guard being reborn. runMacro would give such a
 * step up after four still ticks and charge nothing, so leaving it out changes no plan; it saves
 * the copy and the ticks (one copy in seven, and a tenth more ticks than the budget counts, on
 * the slowest decisions of the agent's own play).
 */
export function againstWall(s: GameState, dir: -1 | 1): boolean {
  const r = s.runner;
  if (s.status !== 'running' || s.dig !== null || (s.goldComplete && r.y === 0) || r.yOffset !== 0) return false;
  if (dir < 0 ? r.xOffset > 0 : r.xOffset < 0) return false;
  const tx = r.x + dir;
  if (tx >= 0 && tx <= MAX_X) {
    const side = s.act[idx(tx, r.y)];
    if (side !== BLOCK && side !== SOLID && side !== TRAP) return false;
  }
  if (r.y < MAX_Y && s.act[idx(r.x, r.y + 1)] === GUARD) return false;
  // a hole that refills within the still ticks kills whoever is in it (a guard is reborn on top)
  for (const hole of s.holes) if (s.tick + 5 - hole.openedAt >= HOLE_OPEN_TICKS) return false;
  return s.reborns.length === 0 && guardDistance(s, true) >= 2;
}

/** The macros worth trying from a state (those that certainly do nothing are left out). */
function macroOptions(ctx: SearchContext, s: GameState, h: number): [MacroKind, KeyName][] {
  if (s.status === 'start') return MOVE_KEYS.map((k) => ['move', k]);
  // falling: the key held on landing decides what he does next
  if (!runnerCanAct(s))
    return [
      ['move', 'left'],
      ['move', 'right'],
      ['move', 'down'],
      ['wait', 'stop'],
    ];
  const r = s.runner;
  const out: [MacroKind, KeyName][] = [];
  if (!againstWall(s, -1)) out.push(['move', 'left']);
  if (!againstWall(s, 1)) out.push(['move', 'right']);
  const at = idx(r.x, r.y);
  if (s.base[at] === LADDR || r.yOffset !== 0) out.push(['move', 'up']);
  if (r.y < 15) {
    const below = s.act[at + 28];
    if ((below !== BLOCK && below !== SOLID) || r.yOffset !== 0) out.push(['move', 'down']);
  }
  for (const dir of [-1, 1] as const)
    if (canDig(s, dir) && digWorthTrying(ctx, s, h, dir)) out.push(['dig', dir < 0 ? 'dig_left' : 'dig_right']);
  out.push(['wait', 'stop']);
  return out;
}

/**
 * The live children of a node, one per macro that does something (budget charged). With
 * `lastUse`, nothing reads the node's state after this call, so the last macro runs on it
 * instead of on a copy: one copy fewer per expansion.
 */
function childrenOf(ctx: SearchContext, n: Node, opts: PlanSearchOptions, lastUse = false): Node[] {
  const out: Node[] = [];
  const options = macroOptions(ctx, n.state, n.h);
  for (let o = 0; o < options.length; o++) {
    const [kind, key] = options[o]!;
    const s = lastUse && o === options.length - 1 ? n.state : cloneState(n.state, false);
    const track = { closest: 99 };
    const ran = runMacro(s, kind, key, opts.waitTicks, track);
    if (ran > 0) ctx.budget -= ran;
    if (ran <= 0 || s.status === 'runner_dead') continue;
    // a state that made progress estimates zero: its next target is the next decision's business
    const h = madeProgress(ctx, s) ? 0 : estimate(ctx, s);
    // A dead end (no route to any target even with digging, e.g. a pit) is never entered unless
    // the root is in one already.
    if (h >= UNREACHABLE && ctx.rootReachable) continue;
    // Brushing past a guard is allowed when the simulation says it is survivable, but costs.
    const nearPenalty = track.closest < 1.5 ? 12 : track.closest < 2.5 ? 4 : 0;
    out.push({
      state: s,
      parent: n,
      macro: { kind, key, ticks: ran, to: { x: s.runner.x, y: s.runner.y } },
      depth: n.depth + 1,
      ticks: n.ticks + ran,
      g: n.g + ran + nearPenalty,
      closest: Math.min(n.closest, track.closest),
      h,
      f: 0,
    });
  }
  return out;
}

/**
 * The escape when no plan to gold holds out: a beam over macros that keeps the runner alive
 * longest, preferring the states farthest from the guards, then closest to gold. Returns the
 * path's end node (a plan of survival), or null when every move dies at once.
 */
function escape(ctx: SearchContext, start: Node, opts: PlanSearchOptions): Node | null {
  const horizon = opts.survivalHorizon;
  const topped = Math.max(ctx.budget, 0) + opts.escapeBudgetTicks;
  ctx.granted += topped - ctx.budget;
  ctx.budget = topped;
  let frontier: Node[] = [start];
  const done: Node[] = [];
  let longest: Node | null = null;
  const seen = new Set<string>();
  while (frontier.length && ctx.budget > 0) {
    const next: Node[] = [];
    for (const n of frontier) {
      for (const c of childrenOf(ctx, n, opts)) {
        const hash = hashState(c.state);
        if (seen.has(hash)) continue;
        seen.add(hash);
        if (!longest || c.ticks > longest.ticks) longest = c;
        if (c.ticks >= horizon) done.push(c);
        else next.push(c);
      }
      if (ctx.budget <= 0) break;
    }
    next.sort((p, q) => guardDistance(q.state) - guardDistance(p.state) || p.h - q.h);
    frontier = next.slice(0, opts.escapeWidth);
  }
  if (done.length === 0) return longest;
  // an escape that strands gold is a slower way to lose the level: the others first
  const keeps = new Map(done.map((n) => [n, leavesLevelPossible(ctx, n.state) ? 0 : 1]));
  done.sort((p, q) => keeps.get(p)! - keeps.get(q)! || guardDistance(q.state) - guardDistance(p.state) || p.h - q.h);
  return done[0]!;
}

/** Ticks per segment of the fine-grained survival fallback (the survival checks' own steps). */
const SURVIVAL_SEGMENT = 6;
const SURVIVAL_BEAM_SEGMENT = 8;

/**
 * The last resort when no tile-sized plan holds out: the survival check's own depth-first search
 * in 6-tick segments, which can stop mid-tile, turn back or dig at once where a tile macro
 * cannot. The candidates' safety check judges with the same search, so a runner it calls safe
 * always has a plan that says how. Returns the path's end node, or null when there is none.
 */
function survivalEscape(start: Node, opts: PlanSearchOptions): Node | null {
  // the depth-first search first (6-tick segments), then the beam (8-tick held keys) that
  // holdsOut() falls back on: each finds escapes the other misses
  let segment = SURVIVAL_SEGMENT;
  let keys = survivalPath(start.state, opts.survivalHorizon, SURVIVAL_SEGMENT);
  if (!keys) {
    segment = SURVIVAL_BEAM_SEGMENT;
    keys = survivalBeamPath(start.state, opts.survivalHorizon, SURVIVAL_BEAM_SEGMENT);
  }
  if (!keys || keys.length === 0) return null;
  let node = start;
  for (const code of keys) {
    const key = NAME_OF_KEY[code]!;
    const s = cloneState(node.state, false);
    const track = { closest: 99 as number | null };
    const ran = runInPlace(s, code, segment, track);
    node = {
      state: s,
      parent: node,
      macro: {
        kind: isDigKeyName(key) ? 'dig' : key === 'stop' ? 'wait' : 'move',
        key,
        ticks: ran,
        to: { x: s.runner.x, y: s.runner.y },
        fixed: true,
      },
      depth: node.depth + 1,
      ticks: node.ticks + ran,
      g: node.g + ran,
      closest: Math.min(node.closest, track.closest ?? 99),
      h: node.h,
      f: 0,
    };
  }
  return node;
}

function pathOf(n: Node): Macro[] {
  const out: Macro[] = [];
  for (let c: Node | null = n; c && c.macro; c = c.parent) out.push(c.macro);
  return out.reverse();
}

function describe(macros: Macro[], n: Node, mode: PlanMode, ctx: SearchContext): string {
  // runs of the same macro read as one: "left x4, dig right, ..."
  const runs: { word: string; n: number }[] = [];
  for (const m of macros) {
    const word = m.kind === 'wait' ? 'wait' : m.key.replace('_', ' ');
    const last = runs.at(-1);
    if (last?.word === word) last.n++;
    else runs.push({ word, n: 1 });
  }
  const moves = runs.map((r) => (r.n > 1 ? `${r.word} x${r.n}` : r.word));
  const shown = moves.slice(0, 8).join(', ') + (moves.length > 8 ? ', ...' : '');
  const gold = ctx.rootGold - n.state.goldCount;
  const gain = finishedOrAtExit(n.state)
    ? 'reaches the exit'
    : gold > 0
      ? `collects ${gold} gold`
      : mode === 'goal'
        ? 'completes the gold'
        : mode === 'escape'
          ? `stays alive ${n.ticks} ticks away from the guards (no plan to gold holds out)`
          : 'gets closer to gold (no goal within the search budget)';
  const guard = n.closest >= 99 ? 'no guard near' : `closest guard ${n.closest.toFixed(1)} tiles`;
  return `${gain} in ${n.ticks} ticks (${shown}); ${guard}`;
}

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
