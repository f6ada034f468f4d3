// The navigation graph with an object per move (navMoves.ts makes the moves), for what needs the
// moves themselves: shortest routes by ticks (Dijkstra) and the route a candidate follows, the
// cheapest pass through a cell, guard danger. Distances and reach alone are navCore.ts's flat
// graph's business; they are re-exported here. Pure; one build per planning step.
import { BLOCK, CELLS, idx } from '../game/constants.js';
import { firstCrossedRow, popMin, reachableFrom, siftUp, UNREACHABLE } from './navCore.js';
import {
  landing,
  MOVE_KEYS,
  MOVE_KINDS,
  recordMoves,
  recorded,
  restCells,
  TICKS_PER_TILE,
  type MoveKey,
  type MoveKind,
  type NavGraphOptions,
} from './navMoves.js';
import type { Terrain } from './terrain.js';

export { DIG_TICKS, TICKS_PER_TILE, isWallFromSide, type MoveKey, type MoveKind, type NavGraphOptions } from './navMoves.js';
export { UNREACHABLE, buildNavCore, costToGo, costToNearest, reachableFrom, type NavCore, type Routable } from './navCore.js';

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

export function buildNavGraph(terrain: Terrain, options: NavGraphOptions = {}): NavGraph {
  const rest = restCells(terrain.tiles);
  const edges: NavEdge[][] = new Array(CELLS);
  for (let i = 0; i < CELLS; i++) edges[i] = [];
  const n = recordMoves(terrain, rest, options);
  const { from, to, kind, key, cost, dig } = recorded;
  for (let i = 0; i < n; i++)
    edges[from[i]!]!.push({
      from: from[i]!,
      to: to[i]!,
      kind: MOVE_KINDS[kind[i]!]!,
      key: MOVE_KEYS[key[i]!]!,
      cost: cost[i]!,
      dig: dig[i]!,
    });
  return { terrain, rest, edges };
}

/** Where the runner is for routing purposes: his cell, or where he will land if falling. */
export function routingCell(graph: { terrain: Terrain }, x: number, y: number): number {
  const cell = idx(x, y);
  // A runner inside a brick cell stands in a hole dug after the graph was built.
  return landing(graph.terrain.tiles, x, y, graph.terrain.tiles[cell] === BLOCK ? cell : -1);
}

export interface RouteTable {
  source: number;
  dist: Int32Array;
  prev: (NavEdge | null)[];
}

const INF = UNREACHABLE;

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
      if (firstCrossedRow(e.from, e.key === 'down') > row) continue;
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
