// The navigation graph: which cells the runner can rest in and which moves join them (walk,
// climb, rope, let go / walk off and fall, dig-then-drop), each with its tick cost, built from
// the terrain and the engine's movement rules; plus shortest routes by ticks (Dijkstra).
// Pure and allocation-light: one build per planning step must stay well under a millisecond.
import { BAR, BLOCK, CELLS, LADDR, SOLID, TRAP, idx } from '../game/constants.js';
import type { Terrain } from './terrain.js';

export const TICKS_PER_TILE = 5;
export const DIG_TICKS = 12;

export type MoveKind = 'walk' | 'rope' | 'climb_up' | 'climb_down' | 'fall' | 'let_go' | 'dig_drop';
export type MoveKey = 'left' | 'right' | 'up' | 'down' | 'dig_left' | 'dig_right';

export interface NavEdge {
  from: number;
  to: number;
  kind: MoveKind;
  /** The first key of the move (a dig-drop is DIG then a walk). */
  key: MoveKey;
  cost: number;
  /** For dig_drop: the brick to dig. */
  dig: number;
}

export interface NavGraph {
  terrain: Terrain;
  /** 1 where the runner can be at rest (standing, hanging, holding a ladder). */
  rest: Uint8Array;
  /** Outgoing edges per cell (cells are also nodes when reached through a dug brick). */
  edges: NavEdge[][];
}

/** Whether a tile stops a runner stepping into it from the side (brick, rock, trap door). */
export const isWallFromSide = (t: number) => t === BLOCK || t === SOLID || t === TRAP;
const supports = (t: number) => t === BLOCK || t === SOLID || t === LADDR;

/** Whether (x, y) holds the runner at offset 0, with `dug` (a brick being treated as open) or -1. */
function restsAt(tiles: Uint8Array, x: number, y: number, dug: number): boolean {
  const i = idx(x, y);
  const t = i === dug ? 0 : tiles[i];
  if (t === BLOCK || t === SOLID) return false;
  if (t === LADDR || t === BAR || y === 15) return true;
  const below = i + 28;
  return below !== dug && supports(tiles[below]);
}

/** Where a runner entering (x, y) at offset 0 comes to rest, falling as needed. */
function landing(tiles: Uint8Array, x: number, y: number, dug: number): number {
  while (y < 15 && !restsAt(tiles, x, y, dug)) y++;
  return idx(x, y);
}

export interface NavGraphOptions {
  /**
   * Add a relaxed "dig straight down" move from every cell standing on a brick (cost of two digs
   * and the drop). Not a move the runner can make in one go — shafts and staircases take several
   * digs from beside — so this graph is only a progress estimate for the plan search, which finds
   * the actual dig sequence by exact simulation.
   */
  digDown?: boolean;
}

export function buildNavGraph(terrain: Terrain, options: NavGraphOptions = {}): NavGraph {
  const tiles = terrain.tiles;
  const rest = new Uint8Array(CELLS);
  const edges: NavEdge[][] = new Array(CELLS);
  for (let i = 0; i < CELLS; i++) edges[i] = [];
  for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (restsAt(tiles, x, y, -1)) rest[idx(x, y)] = 1;

  const addMoves = (x: number, y: number, self: number): void => {
    // `self` >= 0: moves out of a dug brick (the runner dropped into a hole there).
    const from = idx(x, y);
    const out = edges[from];
    const cur = from === self ? 0 : tiles[from];
    for (const dir of [-1, 1] as const) {
      const nx = x + dir;
      if (nx < 0 || nx > 27) continue;
      const side = tiles[idx(nx, y)];
      if (isWallFromSide(side)) continue;
      const to = landing(tiles, nx, y, -1);
      const dy = (to - idx(nx, y)) / 28;
      const key: MoveKey = dir < 0 ? 'left' : 'right';
      const kind: MoveKind = dy > 0 ? 'fall' : side === BAR ? 'rope' : 'walk';
      out.push({ from, to, kind, key, cost: TICKS_PER_TILE * (1 + dy), dig: -1 });
    }
    if (cur === LADDR && y > 0 && !isWallFromSide(tiles[from - 28])) {
      out.push({ from, to: from - 28, kind: 'climb_up', key: 'up', cost: TICKS_PER_TILE, dig: -1 });
    }
    if (y < 15) {
      const below = tiles[from + 28];
      if (below !== BLOCK && below !== SOLID) {
        const to = landing(tiles, x, y + 1, -1);
        const dy = (to - from) / 28;
        const kind: MoveKind = below === LADDR ? 'climb_down' : cur === BAR ? 'let_go' : 'fall';
        out.push({ from, to, kind, key: 'down', cost: TICKS_PER_TILE * dy, dig: -1 });
      }
    }
    // Dig a brick diagonally below, step over it and drop through the hole.
    if (y < 15) {
      for (const dir of [-1, 1] as const) {
        const nx = x + dir;
        if (nx < 0 || nx > 27) continue;
        const brick = idx(nx, y + 1);
        const above = idx(nx, y);
        if (tiles[brick] !== BLOCK || tiles[above] !== 0 || terrain.gold[above]) continue;
        const to = landing(tiles, nx, y + 1, brick);
        const dy = (to - above) / 28;
        out.push({
          from,
          to,
          kind: 'dig_drop',
          key: dir < 0 ? 'dig_left' : 'dig_right',
          cost: DIG_TICKS + TICKS_PER_TILE * (1 + dy),
          dig: brick,
        });
        if (tiles[to] === BLOCK && edges[to].length === 0) addMoves(nx, (to / 28) | 0, to);
      }
    }
    // (Digging is diagonal: the runner needs room beside him, unless he is already in a staircase.)
    const roomBeside = (x > 0 && !isWallFromSide(tiles[from - 1])) || (x < 27 && !isWallFromSide(tiles[from + 1]));
    if (options.digDown && y < 15 && tiles[from + 28] === BLOCK && cur !== LADDR && cur !== BAR && (roomBeside || from === self)) {
      const brick = from + 28;
      const to = landing(tiles, x, y + 1, brick);
      const dy = (to - from) / 28;
      out.push({ from, to, kind: 'dig_drop', key: 'dig_left', cost: 2 * DIG_TICKS + TICKS_PER_TILE * (1 + dy), dig: brick });
      if (tiles[to] === BLOCK && edges[to].length === 0) addMoves(x, (to / 28) | 0, to);
    }
  };

  for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (rest[idx(x, y)]) addMoves(x, y, -1);
  return { terrain, rest, edges };
}

/** Where the runner is for routing purposes: his cell, or where he will land if falling. */
export function routingCell(graph: NavGraph, x: number, y: number): number {
  const cell = idx(x, y);
  // A runner inside a brick cell stands in a hole dug after the graph was built.
  return landing(graph.terrain.tiles, x, y, graph.terrain.tiles[cell] === BLOCK ? cell : -1);
}

export interface RouteTable {
  source: number;
  dist: Int32Array;
  prev: (NavEdge | null)[];
}

const INF = 0x3fffffff;

/** Dijkstra from `source` over tick costs (small graph: a binary heap on a flat array). */
export function shortestRoutes(graph: NavGraph, source: number): RouteTable {
  const dist = new Int32Array(CELLS).fill(INF);
  const prev: (NavEdge | null)[] = new Array(CELLS).fill(null);
  const heap: number[] = []; // packed dist * 512 + cell
  dist[source] = 0;
  heap.push(source);
  while (heap.length) {
    const top = popMin(heap);
    const d = Math.floor(top / 512);
    const cell = top % 512;
    if (d > dist[cell]) continue;
    for (const e of graph.edges[cell]) {
      const nd = d + e.cost;
      if (nd < dist[e.to]) {
        dist[e.to] = nd;
        prev[e.to] = e;
        heap.push(nd * 512 + e.to);
        siftUp(heap);
      }
    }
  }
  return { source, dist, prev };
}

/** Removes and returns the smallest packed entry of the heap. */
function popMin(heap: number[]): number {
  const top = heap[0];
  const last = heap.pop()!;
  if (heap.length) {
    heap[0] = last;
    siftDown(heap);
  }
  return top;
}

function siftUp(h: number[]): void {
  let i = h.length - 1;
  const v = h[i];
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (h[p] <= v) break;
    h[i] = h[p];
    i = p;
  }
  h[i] = v;
}

function siftDown(h: number[]): void {
  const n = h.length;
  let i = 0;
  const v = h[0];
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && h[c + 1] < h[c]) c++;
    if (h[c] >= v) break;
    h[i] = h[c];
    i = c;
  }
  h[i] = v;
}

export function isReachable(table: RouteTable, cell: number): boolean {
  return table.dist[cell] < INF;
}

/** The edges from the source to `cell`, in order (empty when unreachable or already there). */
export function routeTo(table: RouteTable, cell: number): NavEdge[] {
  if (table.dist[cell] >= INF) return [];
  const path: NavEdge[] = [];
  let c = cell;
  while (c !== table.source) {
    const e = table.prev[c];
    if (!e) return [];
    path.push(e);
    c = e.from;
  }
  return path.reverse();
}

/**
 * The first row of the cells a move passes on its way down to `e.to` in the column of `e.to`: a
 * step or walk off falls from the row it starts on, a move down from the row below it.
 */
const firstCrossedRow = (e: NavEdge): number => ((e.from / 28) | 0) + (e.key === 'down' ? 1 : 0);

/**
 * The cheapest cost to pass through `cell`, also counting cells a fall passes through
 * (gold hanging in mid-air is collected on the way down). UNREACHABLE when it is not.
 */
export function passCost(graph: NavGraph, table: RouteTable, cell: number): { cost: number; via: NavEdge | null } {
  let best = table.dist[cell];
  let via: NavEdge | null = table.prev[cell];
  if (best < INF) return { cost: best, via };
  const x = cell % 28;
  const row = (cell / 28) | 0;
  for (let from = 0; from < CELLS; from++) {
    const d = table.dist[from];
    if (d >= INF) continue;
    for (const e of graph.edges[from]) {
      if (e.to % 28 !== x || e.to <= cell) continue;
      if (firstCrossedRow(e) > row) continue;
      const cost = d + e.cost - TICKS_PER_TILE * (((e.to / 28) | 0) - row);
      if (cost < best) {
        best = cost;
        via = e;
      }
    }
  }
  return { cost: best, via };
}

/**
 * Every cell the runner can get to from `source` (1 in the result): the cells he can rest in and
 * the cells his falls pass through (gold in mid-air is taken on the way down). A forward search
 * without costs, for "is this gold still reachable at all" checks.
 */
export function reachableFrom(graph: NavGraph, source: number | readonly number[]): Uint8Array {
  const seen = new Uint8Array(CELLS);
  const queued = new Uint8Array(CELLS);
  const stack = typeof source === 'number' ? [source] : [...source];
  for (const cell of stack) seen[cell] = queued[cell] = 1;
  while (stack.length) {
    const from = stack.pop()!;
    for (const e of graph.edges[from]) {
      const col = e.to % 28;
      const toRow = (e.to / 28) | 0;
      for (let y = firstCrossedRow(e); y < toRow; y++) seen[idx(col, y)] = 1;
      seen[e.to] = 1;
      if (queued[e.to]) continue;
      queued[e.to] = 1;
      stack.push(e.to);
    }
  }
  return seen;
}

export const UNREACHABLE = INF;

/**
 * The cells the runner at (x, y) can get to in `now` (the terrain as it is, holes open) that are
 * ground he rests on in `lasting` (the same terrain with its holes refilled), in cell order: where
 * the open holes lead him, judged on what lasts. Empty when he cannot leave the hole he is in.
 */
export function lastingGroundReached(now: NavGraph, lasting: NavGraph, x: number, y: number): number[] {
  const reached = reachableFrom(now, routingCell(now, x, y));
  const ground: number[] = [];
  for (let i = 0; i < CELLS; i++) if (reached[i] && lasting.rest[i]) ground.push(i);
  return ground;
}

/** Human-readable cell label used in ids and prompts. */
export const cellXY = (cell: number) => ({ x: cell % 28, y: (cell / 28) | 0 });

/**
 * Ticks from every cell to the nearest target (a reverse multi-source Dijkstra): the planner's
 * progress potential. A target that is only passed through in a fall (gold in mid-air) is
 * reached by the moves whose fall crosses it. UNREACHABLE where no target can be reached.
 */
export function costToGo(graph: NavGraph, targets: number[], penalty?: Int32Array): Int32Array {
  const back = reverseOf(graph);
  const dist = new Int32Array(CELLS).fill(INF);
  const heap: number[] = [];
  const seed = (cell: number, d: number) => {
    if (d < dist[cell]) {
      dist[cell] = d;
      heap.push(d * 512 + cell);
      siftUp(heap);
    }
  };
  if (back.crossCell.length > 0) {
    const isTarget = new Uint8Array(CELLS);
    for (const t of targets) isTarget[t] = 1;
    // a fall that crosses a target on its way down reaches it
    for (let i = 0; i < back.crossCell.length; i++) if (isTarget[back.crossCell[i]]) seed(back.crossFrom[i], back.crossCost[i]);
  }
  for (const t of targets) seed(t, 0);
  const { inStart, inFrom, inCost } = back;
  while (heap.length) {
    const top = popMin(heap);
    const d = Math.floor(top / 512);
    const cell = top % 512;
    if (d > dist[cell]) continue;
    const extra = penalty ? penalty[cell] : 0;
    for (let i = inStart[cell]; i < inStart[cell + 1]; i++) {
      const nd = d + inCost[i] + extra;
      const from = inFrom[i];
      if (nd < dist[from]) {
        dist[from] = nd;
        heap.push(nd * 512 + from);
        siftUp(heap);
      }
    }
  }
  return dist;
}

/**
 * Ticks from `from` to the nearest cell marked in `targets`: the value costToGo(graph, the marked
 * cells) holds at `from` (a target crossed in a fall is reached there too), found by a forward
 * Dijkstra that stops at the first target it settles. When the targets are near, as the ground
 * is to a runner on a sortie, this explores a few cells instead of building a whole field.
 */
export function costToNearest(graph: NavGraph, from: number, targets: Uint8Array): number {
  if (targets[from]) return 0;
  const dist = new Int32Array(CELLS).fill(INF);
  const heap: number[] = [from];
  dist[from] = 0;
  while (heap.length) {
    const top = popMin(heap);
    const d = Math.floor(top / 512);
    const cell = top % 512;
    // a target crossed in a fall, queued at the tick it is passed
    if (cell === CROSSED) return d;
    if (d > dist[cell]) continue;
    if (targets[cell]) return d;
    for (const e of graph.edges[cell]) {
      const col = e.to % 28;
      const toRow = (e.to / 28) | 0;
      for (let y = firstCrossedRow(e); y < toRow; y++)
        if (targets[idx(col, y)]) {
          heap.push((d + e.cost - TICKS_PER_TILE * (toRow - y)) * 512 + CROSSED);
          siftUp(heap);
        }
      const nd = d + e.cost;
      if (nd < dist[e.to]) {
        dist[e.to] = nd;
        heap.push(nd * 512 + e.to);
        siftUp(heap);
      }
    }
  }
  return INF;
}

/** costToNearest's heap entry for a target crossed in a fall (no cell is numbered this high). */
const CROSSED = 511;

/**
 * A graph's edges turned around (by the cell they lead to, as flat arrays) and the cells its falls
 * cross on the way down, built once per graph: costToGo runs on the same graph for every search
 * node, and rebuilding 448 edge lists per call was a fifth of a search's time in the collector.
 */
interface ReverseGraph {
  inStart: Int32Array;
  inFrom: Int32Array;
  inCost: Int32Array;
  crossFrom: Int32Array;
  crossCell: Int32Array;
  /** The cost of reaching the crossed cell: the edge's cost less the tiles still to fall. */
  crossCost: Int32Array;
}

const reverseGraphs = new WeakMap<NavGraph, ReverseGraph>();

function reverseOf(graph: NavGraph): ReverseGraph {
  const cached = reverseGraphs.get(graph);
  if (cached) return cached;
  const inStart = new Int32Array(CELLS + 1);
  let edgeCount = 0;
  for (let from = 0; from < CELLS; from++) {
    for (const e of graph.edges[from]) inStart[e.to + 1]++;
    edgeCount += graph.edges[from].length;
  }
  for (let c = 0; c < CELLS; c++) inStart[c + 1] += inStart[c];
  const fill = inStart.slice(0, CELLS);
  const inFrom = new Int32Array(edgeCount);
  const inCost = new Int32Array(edgeCount);
  const cross: number[] = [];
  for (let from = 0; from < CELLS; from++) {
    for (const e of graph.edges[from]) {
      const at = fill[e.to]++;
      inFrom[at] = e.from;
      inCost[at] = e.cost;
      const col = e.to % 28;
      const toRow = (e.to / 28) | 0;
      for (let y = firstCrossedRow(e); y < toRow; y++) cross.push(from, idx(col, y), e.cost - TICKS_PER_TILE * (toRow - y));
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
    back.crossFrom[i] = cross[3 * i];
    back.crossCell[i] = cross[3 * i + 1];
    back.crossCost[i] = cross[3 * i + 2];
  }
  reverseGraphs.set(graph, back);
  return back;
}

/**
 * Guard danger per cell: how much sooner than `horizon` ticks some active guard could be there,
 * from graph distances (guards move about one tile per 10 ticks, half the runner's speed; dig
 * moves excluded). Added to route costs so routes prefer cells guards cannot reach soon.
 */
export function guardDanger(graph: NavGraph, guards: { x: number; y: number }[], horizon = 60, ticksPerRunnerTick = 2): Int32Array {
  const danger = new Int32Array(CELLS);
  for (const g of guards) {
    const from = routingCell(graph, g.x, g.y);
    const table = shortestRoutes(graph, from);
    for (let c = 0; c < CELLS; c++) {
      const d = table.dist[c];
      if (d >= INF) continue;
      const t = d * ticksPerRunnerTick;
      if (t < horizon && horizon - t > danger[c]) danger[c] = horizon - t;
    }
  }
  return danger;
}
