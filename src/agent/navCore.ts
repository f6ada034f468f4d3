// The navigation graph as flat arrays (each cell's moves as a slice of typed arrays, no edge
// objects) and the routing that only needs distances and reach: cost-to-go fields, one cell's
// ticks to the nearest target, the cells reachable from a cell. The plan search builds a graph per
// set of open holes on a sortie, up to hundreds a decision; as edge objects (nav.ts) those builds
// were most of what the search allocated, and the collector copying them a good part of its
// slowest decisions. Reads a Terrain or an edge graph; pure.
import { CELLS, idx } from '../game/constants.js';
import { DOWN, recordMoves, recorded, restCells, TICKS_PER_TILE, type NavGraphOptions } from './navMoves.js';
import type { NavEdge, NavGraph } from './nav.js';
import type { Terrain } from './terrain.js';

export const UNREACHABLE = 0x3fffffff;
const INF = UNREACHABLE;

/** A navigation graph's moves as flat arrays: the moves out of cell c are start[c] .. start[c + 1] - 1, in the order nav.ts lists them. */
export interface NavCore {
  terrain: Terrain;
  /** 1 where the runner can be at rest (standing, hanging, holding a ladder). */
  rest: Uint8Array;
  start: Int32Array;
  to: Int32Array;
  cost: Int32Array;
  /** The first row a move crosses in the column of its end cell on its way down (firstCrossedRow). */
  first: Int32Array;
}

/** What the routing functions accept: an edge graph (its flat form is made once and kept) or a flat one. */
export type Routable = NavGraph | NavCore;

/**
 * The first row of the cells a move passes on its way down to its end cell, in that cell's column:
 * a step or walk off falls from the row it starts on, a move down from the row below it.
 */
export const firstCrossedRow = (from: number, down: boolean): number => ((from / 28) | 0) + (down ? 1 : 0);

/** A NavCore for `n` moves, its arrays views of one buffer (one backing store per graph, not four). */
function emptyCore(terrain: Terrain, rest: Uint8Array, n: number): NavCore {
  const buffer = new ArrayBuffer(4 * (CELLS + 1 + 3 * n));
  return {
    terrain,
    rest,
    start: new Int32Array(buffer, 0, CELLS + 1),
    to: new Int32Array(buffer, 4 * (CELLS + 1), n),
    cost: new Int32Array(buffer, 4 * (CELLS + 1 + n), n),
    first: new Int32Array(buffer, 4 * (CELLS + 1 + 2 * n), n),
  };
}

const fillScratch = new Int32Array(CELLS);

/**
 * The flat navigation graph of `terrain`: the same moves buildNavGraph makes, without an object per
 * move. The record lists a dug brick's moves right after the dig-drop into it, so they are laid
 * out by the cell they leave (a stable counting sort).
 */
export function buildNavCore(terrain: Terrain, options: NavGraphOptions = {}): NavCore {
  const rest = restCells(terrain.tiles);
  const n = recordMoves(terrain, rest, options);
  const { from, to, key, cost } = recorded;
  const core = emptyCore(terrain, rest, n);
  const start = core.start;
  for (let i = 0; i < n; i++) start[from[i]! + 1]++;
  for (let c = 0; c < CELLS; c++) start[c + 1] += start[c]!;
  const fill = fillScratch;
  fill.set(start.subarray(0, CELLS));
  for (let i = 0; i < n; i++) {
    const at = fill[from[i]!]!++;
    core.to[at] = to[i]!;
    core.cost[at] = cost[i]!;
    core.first[at] = firstCrossedRow(from[i]!, key[i] === DOWN);
  }
  return core;
}

const cores = new WeakMap<NavGraph, NavCore>();

/** The flat form of a graph (made once per edge graph; its edge lists are already by cell, in order). */
export function coreOf(graph: Routable): NavCore {
  if ('start' in graph) return graph;
  let core = cores.get(graph);
  if (!core) {
    let n = 0;
    for (let c = 0; c < CELLS; c++) n += graph.edges[c]!.length;
    core = emptyCore(graph.terrain, graph.rest, n);
    let at = 0;
    for (let c = 0; c < CELLS; c++) {
      core.start[c] = at;
      for (const e of graph.edges[c] as NavEdge[]) {
        core.to[at] = e.to;
        core.cost[at] = e.cost;
        core.first[at] = firstCrossedRow(e.from, e.key === 'down');
        at++;
      }
    }
    core.start[CELLS] = at;
    cores.set(graph, core);
  }
  return core;
}

/** Removes and returns the smallest packed entry of a binary heap on a flat array. */
export function popMin(heap: number[]): number {
  const top = heap[0]!;
  const last = heap.pop()!;
  if (heap.length) {
    heap[0] = last;
    siftDown(heap);
  }
  return top;
}

export function siftUp(h: number[]): void {
  let i = h.length - 1;
  const v = h[i]!;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p]! <= v) break;
    h[i] = h[p]!;
    i = p;
  }
  h[i] = v;
}

function siftDown(h: number[]): void {
  const n = h.length;
  let i = 0;
  const v = h[0]!;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && h[c + 1]! < h[c]!) c++;
    if (h[c]! >= v) break;
    h[i] = h[c]!;
    i = c;
  }
  h[i] = v;
}

/**
 * Every cell the runner can get to from `source` (1 in the result): the cells he can rest in and
 * the cells his falls pass through (gold in mid-air is taken on the way down). A forward search
 * without costs, for "is this gold still reachable at all" checks.
 */
export function reachableFrom(graph: Routable, source: number | readonly number[]): Uint8Array {
  const { start, to, first } = coreOf(graph);
  const seen = new Uint8Array(CELLS);
  const queued = new Uint8Array(CELLS);
  const stack = typeof source === 'number' ? [source] : [...source];
  for (const cell of stack) seen[cell] = queued[cell] = 1;
  while (stack.length) {
    const from = stack.pop()!;
    for (let i = start[from]!; i < start[from + 1]!; i++) {
      const t = to[i]!;
      const col = t % 28;
      const toRow = (t / 28) | 0;
      for (let y = first[i]!; y < toRow; y++) seen[idx(col, y)] = 1;
      seen[t] = 1;
      if (queued[t]) continue;
      queued[t] = 1;
      stack.push(t);
    }
  }
  return seen;
}

/**
 * Ticks from every cell to the nearest target (a reverse multi-source Dijkstra): the planner's
 * progress potential. A target that is only passed through in a fall (gold in mid-air) is
 * reached by the moves whose fall crosses it. UNREACHABLE where no target can be reached.
 */
export function costToGo(graph: Routable, targets: number[], penalty?: Int32Array): Int32Array {
  const back = reverseOf(coreOf(graph));
  const dist = new Int32Array(CELLS).fill(INF);
  const heap: number[] = [];
  const seed = (cell: number, d: number) => {
    if (d < dist[cell]!) {
      dist[cell] = d;
      heap.push(d * 512 + cell);
      siftUp(heap);
    }
  };
  if (back.crossCell.length > 0) {
    const isTarget = new Uint8Array(CELLS);
    for (const t of targets) isTarget[t] = 1;
    // a fall that crosses a target on its way down reaches it
    for (let i = 0; i < back.crossCell.length; i++) if (isTarget[back.crossCell[i]!]) seed(back.crossFrom[i]!, back.crossCost[i]!);
  }
  for (const t of targets) seed(t, 0);
  const { inStart, inFrom, inCost } = back;
  while (heap.length) {
    const top = popMin(heap);
    const d = Math.floor(top / 512);
    const cell = top % 512;
    if (d > dist[cell]!) continue;
    const extra = penalty ? penalty[cell]! : 0;
    for (let i = inStart[cell]!; i < inStart[cell + 1]!; i++) {
      const nd = d + inCost[i]! + extra;
      const from = inFrom[i]!;
      if (nd < dist[from]!) {
        dist[from] = nd;
        heap.push(nd * 512 + from);
        siftUp(heap);
      }
    }
  }
  return dist;
}

/** costToNearest's heap entry for a target crossed in a fall (no cell is numbered this high). */
const CROSSED = 511;

/**
 * Ticks from `from` to the nearest cell marked in `targets`: the value costToGo(graph, the marked
 * cells) holds at `from` (a target crossed in a fall is reached there too), found by a forward
 * Dijkstra that stops at the first target it settles. When the targets are near, as the ground
 * is to a runner on a sortie, this explores a few cells instead of building a whole field.
 */
export function costToNearest(graph: Routable, from: number, targets: Uint8Array): number {
  if (targets[from]) return 0;
  const { start, to, cost, first } = coreOf(graph);
  // one distance array for every call, reset where this call wrote (it runs for every sortie node)
  const dist = nearestDist;
  const touched = nearestTouched;
  touched.length = 0;
  const heap: number[] = [from];
  dist[from] = 0;
  touched.push(from);
  const found = nearest(start, to, cost, first, targets, dist, touched, heap);
  for (const c of touched) dist[c] = INF;
  return found;
}

const nearestDist = new Int32Array(CELLS).fill(INF);
const nearestTouched: number[] = [];

function nearest(
  start: Int32Array,
  to: Int32Array,
  cost: Int32Array,
  first: Int32Array,
  targets: Uint8Array,
  dist: Int32Array,
  touched: number[],
  heap: number[],
): number {
  while (heap.length) {
    const top = popMin(heap);
    const d = Math.floor(top / 512);
    const cell = top % 512;
    // a target crossed in a fall, queued at the tick it is passed
    if (cell === CROSSED) return d;
    if (d > dist[cell]!) continue;
    if (targets[cell]) return d;
    for (let i = start[cell]!; i < start[cell + 1]!; i++) {
      const t = to[i]!;
      const col = t % 28;
      const toRow = (t / 28) | 0;
      for (let y = first[i]!; y < toRow; y++)
        if (targets[idx(col, y)]) {
          heap.push((d + cost[i]! - TICKS_PER_TILE * (toRow - y)) * 512 + CROSSED);
          siftUp(heap);
        }
      const nd = d + cost[i]!;
      if (nd < dist[t]!) {
        if (dist[t] === INF) touched.push(t);
        dist[t] = nd;
        heap.push(nd * 512 + t);
        siftUp(heap);
      }
    }
  }
  return INF;
}

/**
 * A graph's moves turned around (by the cell they lead to) and the cells its falls cross on the
 * way down, made once per graph: costToGo runs on the same graph for every search node.
 */
interface ReverseGraph {
  inStart: Int32Array;
  inFrom: Int32Array;
  inCost: Int32Array;
  crossFrom: Int32Array;
  crossCell: Int32Array;
  /** The cost of reaching the crossed cell: the move's cost less the tiles still to fall. */
  crossCost: Int32Array;
}

const reverseGraphs = new WeakMap<NavCore, ReverseGraph>();

function reverseOf(core: NavCore): ReverseGraph {
  const cached = reverseGraphs.get(core);
  if (cached) return cached;
  const { start, to, cost, first } = core;
  const edgeCount = to.length;
  const inStart = new Int32Array(CELLS + 1);
  for (let i = 0; i < edgeCount; i++) inStart[to[i]! + 1]++;
  for (let c = 0; c < CELLS; c++) inStart[c + 1] += inStart[c]!;
  const fill = inStart.slice(0, CELLS);
  const inFrom = new Int32Array(edgeCount);
  const inCost = new Int32Array(edgeCount);
  const cross: number[] = [];
  for (let from = 0; from < CELLS; from++) {
    for (let i = start[from]!; i < start[from + 1]!; i++) {
      const t = to[i]!;
      const at = fill[t]!++;
      inFrom[at] = from;
      inCost[at] = cost[i]!;
      const col = t % 28;
      const toRow = (t / 28) | 0;
      for (let y = first[i]!; y < toRow; y++) cross.push(from, idx(col, y), cost[i]! - TICKS_PER_TILE * (toRow - y));
    }
  }
  const n = cross.length / 3;
  const back: ReverseGraph = {
    inStart,
    inFrom,
    inCost,
    crossFrom: new Int32Array(n),
    crossCell: new Int32Array(n),
    crossCost: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    back.crossFrom[i] = cross[3 * i]!;
    back.crossCell[i] = cross[3 * i + 1]!;
    back.crossCost[i] = cross[3 * i + 2]!;
  }
  reverseGraphs.set(core, back);
  return back;
}
