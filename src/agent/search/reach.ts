// Where the runner can still get to, judged on the lasting terrain (open holes count as the
// bricks they will be again): the navigation graphs and ticks-to-go fields of a Reach, the gold
// worth heading for, the search's progress estimate (ticks to go, plus the guards camping the
// way), and whether a state leaves the rest of the level possible. Reads the search context's
// root state; caches per gold set. Pure.
import { BLOCK, CELLS, GOLD, idx } from '../../game/constants.js';
import type { GameState } from '../../game/state.js';
import {
  UNREACHABLE,
  costToGo,
  costToNearest,
  isWallFromSide,
  lastingGroundReached,
  reachableFrom,
  routingCell,
  type NavCore,
  type NavGraph,
} from '../nav.js';
import { terrainFromState } from '../terrain.js';
import { finishedOrAtExit } from './measures.js';
import { sharedGraph, sharedNavGraph, sharedReach } from '../sharedGraphs.js';
import type { Reach, SearchContext } from './types.js';

// a module-level copy: imported bindings are property reads in some loaders, and this is a hot loop
const ALL_CELLS = CELLS;

/**
 * The gold graph (or, `goldComplete`, the exit's) of one reach on the root's lasting terrain; with
 * `stateKey` (stateGoldKey of `s`), the same terrain with the gold `s` has left, so the brick under a
 * gold taken is diggable.
 */
function reachGraph(ctx: SearchContext, reach: Reach, goldComplete: boolean, stateKey: string | null = null, s?: GameState): NavGraph {
  if (goldComplete)
    return (reach.exit ??= sharedNavGraph(terrainFromState(ctx.root, { holesClosed: true, hiddenRevealed: true }), {
      digDown: reach.digDown,
      stairRoom: reach.stairRoom,
    }));
  if (stateKey === null || !s)
    return (reach.gold ??= sharedNavGraph(terrainFromState(ctx.root, { holesClosed: true }), {
      digDown: reach.digDown,
      stairRoom: reach.stairRoom,
    }));
  let graph = reach.byGold.get(stateKey);
  if (!graph) {
    const terrain = terrainFromState(ctx.root, { holesClosed: true });
    for (let i = 0; i < ALL_CELLS; i++) terrain.gold[i] = s.base[i] === GOLD ? 1 : 0;
    graph = sharedNavGraph(terrain, { digDown: reach.digDown, stairRoom: reach.stairRoom });
    reach.byGold.set(stateKey, graph);
  }
  return graph;
}

/** The gold a state has left, as a key (the per-column gold bitmasks). */
export function goldKey(s: GameState): string {
  let key = '';
  for (let x = 0; x < 28; x++) key += String.fromCharCode(48 + (s.goldMask[x]! & 0xff), 48 + (s.goldMask[x]! >> 8));
  return key;
}

/** With `takenGoldDigs`, the key of a state's own gold graph; null when the root's serves (same gold, or the option off). */
function stateGoldKey(ctx: SearchContext, s: GameState): string | null {
  if (!ctx.takenGoldDigs || s.goldCount === ctx.rootGold) return null;
  const key = goldKey(s);
  return key === ctx.rootGoldKey ? null : key;
}

/** Ticks to the top row (the exit once the gold is complete) in one reach. */
function exitField(ctx: SearchContext, reach: Reach): { graph: NavGraph; toGo: Int32Array } {
  const graph = reachGraph(ctx, reach, true);
  let f = reach.fields.get('exit');
  if (!f) {
    const tops: number[] = [];
    for (let x = 0; x < 28; x++) if (graph.rest[idx(x, 0)]) tops.push(idx(x, 0));
    f = costToGo(graph, tops);
    reach.fields.set('exit', f);
  }
  return { graph, toGo: f };
}

/** Ticks-to-go field for the state's remaining targets (its gold, else the exit) in one reach. */
export function fieldFor(ctx: SearchContext, s: GameState, reach: Reach = ctx.relaxed): { graph: NavGraph; toGo: Int32Array } {
  if (s.goldComplete) return exitField(ctx, reach);
  const graph = reachGraph(ctx, reach, false, stateGoldKey(ctx, s), s);
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

/** The cells the runner could get to from (x, y), in the gold graph of one reach (of state `s`'s gold, when given). */
export function reachSet(ctx: SearchContext, reach: Reach, x: number, y: number, s?: GameState): Uint8Array {
  const stateKey = s ? stateGoldKey(ctx, s) : null;
  const graph = reachGraph(ctx, reach, false, stateKey, s);
  const cell = routingCell(graph, x, y);
  const key = stateKey === null ? cell : stateKey + cell;
  let set = reach.sets.get(key);
  if (!set) {
    set = sharedReach(graph, cell);
    reach.sets.set(key, set);
  }
  return set;
}

/**
 * The cells the rest of the level is judged from (Sortie.rootCells): the root's own cell, unless
 * the root stands in a pocket: no way to the top row on the lasting terrain, one through the holes
 * open now. Then they are the cells of lasting ground it can get to now. Without this a search
 * started inside a pocket took the pocket for ground and the last gold in it for a goal, leaving
 * the runner walled in once the hole refilled.
 */
function rootCells(ctx: SearchContext): number[] {
  if (ctx.sortie.rootCells) return ctx.sortie.rootCells;
  const r = ctx.root.runner;
  let cells = [idx(r.x, r.y)];
  const { graph, toGo } = exitField(ctx, ctx.relaxed);
  if (toGo[routingCell(graph, r.x, r.y)]! >= UNREACHABLE) {
    const now = sharedNavGraph(terrainFromState(ctx.root, { hiddenRevealed: true }), { digDown: true });
    const ground = lastingGroundReached(now, graph, r.x, r.y).filter((i) => toGo[i]! < UNREACHABLE);
    if (ground.length > 0) cells = ground;
  }
  return (ctx.sortie.rootCells = cells);
}

/** The root's reference cells as routing cells of `graph` (cached per search and graph: read on every goal test). */
function rootRouting(ctx: SearchContext, graph: NavGraph): number[] {
  let cells = ctx.sortie.rootRouting.get(graph);
  if (!cells) {
    cells = rootCells(ctx).map((c) => routingCell(graph, c % 28, (c / 28) | 0));
    ctx.sortie.rootRouting.set(graph, cells);
  }
  return cells;
}

/** The cells the runner could get to from the root's reference cells, in the gold graph of one reach. */
function rootReach(ctx: SearchContext, reach: Reach): Uint8Array {
  const cells = rootCells(ctx);
  if (cells.length === 1) return reachSet(ctx, reach, cells[0]! % 28, (cells[0]! / 28) | 0);
  let set = reach.sets.get(-1);
  if (!set) {
    const graph = reachGraph(ctx, reach, false);
    set = reachableFrom(graph, rootRouting(ctx, graph));
    reach.sets.set(-1, set);
  }
  return set;
}

/** Ticks to go from the nearest of the root's reference cells. */
function rootToGo(ctx: SearchContext, graph: NavGraph, toGo: Int32Array): number {
  let best = UNREACHABLE;
  for (const c of rootRouting(ctx, graph)) best = Math.min(best, toGo[c]!);
  return best;
}

/**
 * The gold worth heading for: those from which the runner could still get to every other gold
 * he can reach from the root. Gold in a pit (a one-way drop, a sealed pocket) pulls the search
 * only when nothing else is left, so it is taken last instead of ending the level.
 */
function withoutTraps(ctx: SearchContext, reach: Reach, gold: number[]): number[] {
  if (gold.length < 2) return gold;
  const fromRoot = rootReach(ctx, reach);
  const open = gold.filter((g) => {
    const from = reachSet(ctx, reach, g % 28, (g / 28) | 0);
    return gold.every((other) => other === g || !fromRoot[other] || from[other]);
  });
  return open.length > 0 ? open : gold;
}

/**
 * Whether a state leaves the rest of the level possible: every gold still lying about that the
 * runner could reach from the root must stay reachable from where the state leaves him (so gold
 * in a pit is taken last, and a partial plan never drops into a pit for the one gold in it), and
 * the exit (its hidden ladders shown) must stay reachable whenever it was, gold complete or not:
 * a pit entered by a trap door, whose only ladder ends under a brick, keeps its gold reachable but
 * ends the level there. Judged in the dig-relaxed reach (ctx.judge: with `roomyJudge`, staircases
 * only where they have room) and in the strict one, so a pocket whose
 * only way out is a shaft nobody could dig counts as the trap it is, while gold the runner can
 * only reach by such a shaft is still sought.
 */
export function leavesLevelPossible(ctx: SearchContext, s: GameState): boolean {
  for (const reach of [ctx.judge, ctx.strict]) {
    const exit = exitField(ctx, reach);
    const cell = routingCell(exit.graph, s.runner.x, s.runner.y);
    const exitLost = rootToGo(ctx, exit.graph, exit.toGo) < UNREACHABLE && exit.toGo[cell]! >= UNREACHABLE;
    if (exitLost && (reach !== ctx.strict || s.goldComplete || !ctx.oneWayLevels)) return false;
    if (s.goldComplete) continue;
    const fromRoot = rootReach(ctx, reach);
    const fromHere = reachSet(ctx, reach, s.runner.x, s.runner.y, s);
    if (fromHere === fromRoot) continue;
    const base = s.base;
    for (let i = 0; i < ALL_CELLS; i++) if (base[i] === GOLD && fromRoot[i] && !fromHere[i]) return false;
  }
  return true;
}

/**
 * Whether the runner could get to the top row from the root (the exit's hidden ladders shown,
 * digging wherever a brick allows): where he cannot, no goal state leads anywhere, and a goal
 * that goes on nowhere tells nothing about that goal.
 */
export function rootReachesExit(ctx: SearchContext): boolean {
  const { graph, toGo } = exitField(ctx, ctx.relaxed);
  return rootToGo(ctx, graph, toGo) < UNREACHABLE;
}

/** Estimated ticks from the node's state to its next goal (UNREACHABLE when none is known). */
export function estimate(ctx: SearchContext, s: GameState): number {
  if (finishedOrAtExit(s)) return 0;
  const { graph, toGo } = fieldFor(ctx, s);
  return estimateOn(ctx, graph, toGo, s);
}

function estimateOn(ctx: SearchContext, graph: NavGraph, toGo: Int32Array, s: GameState): number {
  const r = s.runner;
  const cell = routingCell(graph, r.x, r.y);
  const h = toGo[cell]!;
  if (ctx.guardOnRoutePenalty <= 0 || h >= UNREACHABLE || s.guards.length === 0) return h;
  return h + ctx.guardOnRoutePenalty * guardsOnRoute(graph, toGo, cell, s);
}

/** Ticks-to-go field for one gold cell alone, in the dig-relaxed reach (cached by cell). */
function targetField(ctx: SearchContext, target: number): Int32Array {
  const key = `t${target}`;
  let f = ctx.relaxed.fields.get(key);
  if (!f) {
    f = costToGo(reachGraph(ctx, ctx.relaxed, false), [target]);
    ctx.relaxed.fields.set(key, f);
  }
  return f;
}

/**
 * The gold the search's extra queues head for, one queue each (bestFirst.ts): the `count`
 * nearest to the root of those worth heading for (the gold the estimate's field is made of).
 * The estimate pulls towards the nearest gold alone; when that one is a decoy (camped by guards,
 * behind a dig the search cannot find) the other queues still make headway towards the rest.
 */
export function headingTargets(ctx: SearchContext, count: number): number[] {
  const s = ctx.root;
  if (count <= 0 || s.goldComplete) return [];
  const graph = reachGraph(ctx, ctx.relaxed, false);
  const gold: number[] = [];
  for (let i = 0; i < ALL_CELLS; i++) if (s.base[i] === GOLD) gold.push(i);
  if (gold.length < 2) return [];
  const worth = withoutTraps(ctx, ctx.relaxed, gold);
  const r = s.runner;
  const from = routingCell(graph, r.x, r.y);
  const ranked = worth
    .map((g) => ({ g, d: targetField(ctx, g)[from]! }))
    .filter((t) => t.d < UNREACHABLE)
    .sort((p, q) => p.d - q.d || p.g - q.g);
  return ranked.length < 2 ? [] : ranked.slice(0, count).map((t) => t.g);
}

/**
 * The estimate towards one gold cell (as `estimate`, with that gold as the only target), as a
 * function the search calls per child: the graph and the field are looked up once, here.
 */
export function targetEstimate(ctx: SearchContext, target: number): (s: GameState) => number {
  const graph = reachGraph(ctx, ctx.relaxed, false);
  const field = targetField(ctx, target);
  return (s) => (finishedOrAtExit(s) || s.goldComplete ? 0 : estimateOn(ctx, graph, field, s));
}

/** Whether an open hole is at (x, y): a guard there is held (a plain loop: this runs per search node). */
function heldInHole(s: GameState, x: number, y: number): boolean {
  for (const hole of s.holes) if (hole.x === x && hole.y === y) return true;
  return false;
}

/** How far down the ticks-to-go field the route is read for guards (cells). */
const ROUTE_LOOKAHEAD = 40;

/**
 * Free guards (not held in a hole) standing on the runner's shortest way to the target, read down
 * the ticks-to-go field from his cell: a guard camping the ladder or corridor ahead makes the
 * state worth less than its distance says, so the search values states where the guards have
 * left the way (a lure) and its partial plans stop walking into a blocked chokepoint.
 * The way down the field from every cell is a tree (each cell's next step points to a cell nearer
 * the target), so "on the way, within ROUTE_LOOKAHEAD steps" is an ancestor test, answered per
 * guard from the tree's entry and exit numbers: this runs for every child in every queue.
 */
export function guardsOnRoute(graph: NavGraph, toGo: Int32Array, from: number, s: GameState): number {
  const { enter, exit, depth } = routeTree(graph, toGo);
  let onRoute = 0;
  for (const g of s.guards) {
    const at = idx(g.x, g.y);
    const steps = depth[from]! - depth[at]!;
    // an ancestor of the runner's cell, 1 to ROUTE_LOOKAHEAD steps down the way
    if (steps < 1 || steps > ROUTE_LOOKAHEAD || enter[at]! > enter[from]! || exit[from]! > exit[at]!) continue;
    if (!heldInHole(s, g.x, g.y)) onRoute++;
  }
  return onRoute;
}

/** The way down one ticks-to-go field as a tree: each cell's depth (steps from where the way ends) and its entry and exit numbers in a depth-first walk. */
interface RouteTree {
  depth: Int32Array;
  enter: Int32Array;
  exit: Int32Array;
}

/** Per ticks-to-go field (each made for one graph, and never changed once made). */
const treeByField = new WeakMap<Int32Array, RouteTree>();

function routeTree(graph: NavGraph, toGo: Int32Array): RouteTree {
  let tree = treeByField.get(toGo);
  if (tree) return tree;
  // each cell's next step: the last edge that keeps to the shortest way, none at the target
  const parent = new Int32Array(ALL_CELLS).fill(-1);
  const firstChild = new Int32Array(ALL_CELLS).fill(-1);
  const sibling = new Int32Array(ALL_CELLS).fill(-1);
  for (let c = 0; c < ALL_CELLS; c++) {
    if (!(toGo[c]! > 0)) continue;
    let next = -1;
    for (const e of graph.edges[c]!) if (toGo[e.to]! + e.cost === toGo[c]) next = e.to;
    parent[c] = next;
    if (next >= 0) {
      sibling[c] = firstChild[next]!;
      firstChild[next] = c;
    }
  }
  // every step costs ticks, so ticks to go fall along the way and the steps form a forest
  const depth = new Int32Array(ALL_CELLS);
  const enter = new Int32Array(ALL_CELLS);
  const exit = new Int32Array(ALL_CELLS);
  const stack: number[] = [];
  let clock = 0;
  for (let root = 0; root < ALL_CELLS; root++) {
    if (parent[root] !== -1) continue;
    stack.push(root);
    enter[root] = clock++;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      // descend into the next child not yet entered (children are entered in list order)
      const child = firstChild[top]!;
      if (child >= 0) {
        firstChild[top] = sibling[child]!;
        depth[child] = depth[top]! + 1;
        enter[child] = clock++;
        stack.push(child);
        continue;
      }
      exit[top] = clock++;
      stack.pop();
    }
  }
  tree = { depth, enter, exit };
  treeByField.set(toGo, tree);
  return tree;
}

/** Ground for a sortie (see Sortie): 1 where the rest of the level stays possible, on the lasting strict terrain. */
function groundOf(ctx: SearchContext, goldComplete: boolean): Uint8Array {
  const key = goldComplete ? 'exit' : 'gold';
  let ground = ctx.sortie.ground.get(key);
  if (!ground) {
    ground = new Uint8Array(ALL_CELLS);
    if (goldComplete) {
      // as leavesLevelPossible: the exit must stay reachable in each reach where the root reaches it
      ground.fill(1);
      for (const reach of [ctx.relaxed, ctx.strict]) {
        const { graph, toGo } = exitField(ctx, reach);
        if (rootToGo(ctx, graph, toGo) >= UNREACHABLE) continue;
        for (let i = 0; i < ALL_CELLS; i++) if (toGo[i]! >= UNREACHABLE || !graph.rest[i]) ground[i] = 0;
      }
    } else {
      const graph = reachGraph(ctx, ctx.strict, false);
      const toGo = costToGo(graph, rootRouting(ctx, graph));
      for (let i = 0; i < ALL_CELLS; i++) if (toGo[i]! < UNREACHABLE && graph.rest[i]) ground[i] = 1;
    }
    ctx.sortie.ground.set(key, ground);
  }
  return ground;
}

/**
 * Whether digging to side `dir` opens a passage out of a pocket: the dug brick joins lasting
 * ground under the runner (the ladder he stands on) to an open cell beside the brick that is not
 * lasting ground (a pocket, or a hole dug into one), from which there is no way back once the
 * holes refill. Such a pocket is entered and left through the hole before it refills, and the hole
 * must be dug from outside first: from inside, the brick is not diagonally below the runner. The
 * dig-relaxed estimate does not ask for it (it leads nowhere new on the lasting terrain), so the
 * search would not try it; the sortie estimate then finds the way back through it.
 */
export function opensPocket(ctx: SearchContext, s: GameState, dir: -1 | 1): boolean {
  const r = s.runner;
  const y = r.y + 1;
  const far = r.x + 2 * dir;
  if (y > 15 || far < 0 || far > 27) return false;
  const farCell = idx(far, y);
  if (isWallFromSide(s.act[farCell]!)) return false;
  const ground = groundOf(ctx, s.goldComplete);
  return ground[idx(r.x, y)] === 1 && ground[farCell] === 0;
}

/**
 * The estimate once progress is made: 0 where the runner stands on ground (the goal test then
 * decides), else the ticks back to ground through the holes open now, UNREACHABLE when there is
 * no way back (the branch is pruned). This is what lets a plan take the gold of a pit entered
 * through dug holes and leave it before they refill, instead of never accepting such gold. A pit
 * whose way out opens only with the last gold (the exit's hidden ladders past a dug brick) is
 * cleared in one sortie: while all the gold left is in reach, the estimate heads for it.
 */
export function sortieEstimate(ctx: SearchContext, s: GameState): number {
  if (finishedOrAtExit(s)) return 0;
  const r = s.runner;
  const cell = idx(r.x, r.y);
  if (groundOf(ctx, s.goldComplete)[cell] && s.base[cell] !== BLOCK) return 0;
  // in a level played one way (a drop through a trap door onto its next part) ground need not lead
  // back to the root: it is wherever the rest of the level stays possible on the lasting terrain
  if (ctx.oneWayLevels && s.base[cell] !== BLOCK && leavesLevelPossible(ctx, s)) return 0;
  const back = backGraph(ctx, s, s.goldComplete);
  const toGround = costToNearest(back, routingCell(back, r.x, r.y), groundOf(ctx, s.goldComplete));
  if (toGround < UNREACHABLE) return toGround;
  // the last gold taken in a pocket: the way on to the exit may run through its floor
  if (s.goldComplete) return digOutEstimate(ctx, s, true);
  // No way back to ground with gold left, but one through the holes open now once the exit's
  // hidden ladders appear: a pocket whose way out opens only with its last gold is cleared in one
  // sortie, so the estimate heads for the gold left (the simulation holds the refill deadlines).
  const out = backGraph(ctx, s, true);
  if (costToNearest(out, routingCell(out, r.x, r.y), groundOf(ctx, true)) >= UNREACHABLE) return digOutEstimate(ctx, s);
  // ... and only when every gold left can be taken from here (none carried by a guard)
  if (s.guards.some((g) => g.hasGold > 0)) return UNREACHABLE;
  const holes = holesKey(s);
  const gold = goldKey(s);
  const from = routingCell(back, r.x, r.y);
  const inReachKey = holes + '|' + gold + '|' + from;
  let inReach = ctx.sortie.goldInReach.get(inReachKey);
  if (inReach === undefined) {
    const cells = reachableFrom(back, from);
    inReach = true;
    for (let i = 0; i < ALL_CELLS && inReach; i++) if (s.base[i] === GOLD && !cells[i]) inReach = false;
    ctx.sortie.goldInReach.set(inReachKey, inReach);
  }
  if (!inReach) return digOutEstimate(ctx, s);
  const key = 'p' + holes + gold;
  let f = ctx.sortie.fields.get(key);
  if (!f) {
    const gold: number[] = [];
    for (let i = 0; i < ALL_CELLS; i++) if (s.base[i] === GOLD) gold.push(i);
    f = { graph: back, toGo: costToGo(back, gold) };
    ctx.sortie.fields.set(key, f);
  }
  return f.toGo[routingCell(f.graph, r.x, r.y)]!;
}

/**
 * The way back to ground when the holes open now give none (with `sortieDigs`): through bricks
 * still to be dug (the terrain as it is, digging down relaxed), so a pocket entered from above is
 * left by digging its floor; once the gold is `complete`, the way on to the exit's ground (its
 * hidden ladders shown). UNREACHABLE when even digging finds no way (the branch is pruned).
 * Graphs cached per set of open holes.
 */
function digOutEstimate(ctx: SearchContext, s: GameState, complete = false): number {
  if (!ctx.sortieDigs) return UNREACHABLE;
  const key = (complete ? 'D' : 'd') + holesKey(s);
  let graph = ctx.sortie.graphs.get(key);
  if (!graph) {
    graph = sharedGraph(terrainFromState(s, { hiddenRevealed: complete }), { digDown: true });
    ctx.sortie.graphs.set(key, graph);
  }
  const r = s.runner;
  return costToNearest(graph, routingCell(graph, r.x, r.y), groundOf(ctx, complete));
}

function holesKey(s: GameState): string {
  let key = '';
  for (const hole of s.holes) key += String.fromCharCode(hole.x + 64, hole.y + 64);
  return key;
}

/**
 * The navigation graph of the terrain as `s` leaves it (holes open; the exit's hidden ladders shown
 * once `complete`): the sortie's way back to ground runs on it. Cached per set of open holes, and
 * shared by the searches of one process (sharedGraphs.ts): the same pocket and holes recur
 * decision after decision.
 */
function backGraph(ctx: SearchContext, s: GameState, complete: boolean): NavCore {
  const key = (complete ? 'x' : 'g') + holesKey(s);
  let graph = ctx.sortie.graphs.get(key);
  if (!graph) {
    graph = sharedGraph(terrainFromState(s, { hiddenRevealed: complete }));
    ctx.sortie.graphs.set(key, graph);
  }
  return graph;
}
