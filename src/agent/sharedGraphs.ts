// Navigation graphs shared by the searches and candidate checks of one process, keyed by all they
// are built from: the tiles of the terrain, where gold lies and the build's options. The lasting
// terrain of a level changes only when gold is taken, yet every decision's search and candidate
// checks rebuilt its graphs from scratch, and a sortie's way back to ground through the holes open
// now (reach.ts, backGraph) is asked for again decision after decision while the runner works the
// same pocket. The key is exact, so a hit returns what a miss would build: a pure cache that only
// saves time. Graphs are never changed once built; what is derived from one per search (the root's
// cells on it) is kept per search, not per graph.
import { CELLS } from '../game/constants.js';
import { buildNavCore, buildNavGraph, reachableFrom, type NavCore, type NavGraph } from './nav.js';
import type { NavGraphOptions } from './navMoves.js';
import type { Terrain } from './terrain.js';

/** The cache key of a terrain and the build's options: one character per cell, its tile and whether gold lies there. */
function terrainKey(terrain: Terrain, options: NavGraphOptions): string {
  const codes = keyCodes;
  for (let i = 0; i < CELLS; i++) codes[i] = 48 + terrain.tiles[i]! + (terrain.gold[i] ? 16 : 0);
  codes[CELLS] = 48 + (options.digDown ? 1 : 0) + (options.stairRoom ? 2 : 0);
  return String.fromCharCode.apply(null, codes as unknown as number[]);
}
const keyCodes = new Uint16Array(CELLS + 1);

/** Every cache below, so a test can start as a fresh process does. */
const caches: Map<string, unknown>[] = [];

/** Forgets every shared graph: what a fresh process starts with (the specs of purity compare with it). */
export function forgetSharedGraphs(): void {
  for (const cache of caches) cache.clear();
}

/** A least-recently-used map of at most `kept` graphs, built on a miss by `build`. */
function lruCache<G>(kept: number, build: (terrain: Terrain, options: NavGraphOptions) => G) {
  const graphs = new Map<string, G>();
  caches.push(graphs);
  return (terrain: Terrain, options: NavGraphOptions = {}): G => {
    const key = terrainKey(terrain, options);
    let graph = graphs.get(key);
    if (graph) {
      // most recently used last: the oldest is the first to go
      graphs.delete(key);
      graphs.set(key, graph);
      return graph;
    }
    graph = build(terrain, options);
    graphs.set(key, graph);
    if (graphs.size > kept) graphs.delete(graphs.keys().next().value!);
    return graph;
  };
}

/**
 * The flat navigation graph of `terrain` (navCore.ts): from the shared cache, or built and kept.
 * Flat graphs are about 15 KB each, so at most ~30 MB. A level dug through many pockets has a few
 * thousand hole patterns (Classic 16: 2,400 in its first 120 decisions); 256 kept missed more than
 * half the lookups there, 2,048 miss a tenth.
 */
export const sharedGraph: (terrain: Terrain, options?: NavGraphOptions) => NavCore = lruCache(2048, buildNavCore);

/**
 * The edge navigation graph of `terrain` (nav.ts): from the shared cache, or built and kept. The
 * searches and candidate checks ask for a handful per decision (the lasting terrain with the gold
 * left, the exit's, the terrain with its holes open now), most of them the same as the decision
 * before's; an edge graph is larger than a flat one (an object per move), so fewer are kept.
 */
export const sharedNavGraph: (terrain: Terrain, options?: NavGraphOptions) => NavGraph = lruCache(256, buildNavGraph);

/** Per shared graph: the cells reachable from each start cell (never changed once made). */
const reachByGraph = new WeakMap<NavGraph, Map<number, Uint8Array>>();

/**
 * The cells reachable from `cell` on `graph` (reachableFrom), kept with the graph: the goal tests
 * ask it of the same few cells on the same graphs decision after decision. The caller must not
 * change the set it gets.
 */
export function sharedReach(graph: NavGraph, cell: number): Uint8Array {
  let sets = reachByGraph.get(graph);
  if (!sets) reachByGraph.set(graph, (sets = new Map()));
  let set = sets.get(cell);
  if (!set) sets.set(cell, (set = reachableFrom(graph, cell)));
  return set;
}
