// Navigation graphs shared by the searches of one process, keyed by all they are built from: the
// tiles of the terrain and where gold lies. A sortie's way back to ground through the holes open
// now (reach.ts, backGraph) is asked for again decision after decision while the runner works the
// same pocket; each search used to rebuild its graph from scratch. The key is exact, so a hit
// returns what a miss would build: a pure cache that only saves time.
import { CELLS } from '../../game/constants.js';
import { buildNavCore, type NavCore } from '../nav.js';
import type { Terrain } from '../terrain.js';

/**
 * How many graphs are kept: flat graphs of about 15 KB each, so at most ~30 MB. A level dug
 * through many pockets has a few thousand hole patterns (Classic 16: 2,400 in its first 120
 * decisions); 256 kept missed more than half the lookups there, 2,048 miss a tenth.
 */
const KEPT = 2048;

const graphs = new Map<string, NavCore>();

/** The cache key of a terrain: one character per cell, its tile and whether gold lies there. */
function terrainKey(terrain: Terrain): string {
  const codes = keyCodes;
  for (let i = 0; i < CELLS; i++) codes[i] = 48 + terrain.tiles[i]! + (terrain.gold[i] ? 16 : 0);
  return String.fromCharCode.apply(null, codes as unknown as number[]);
}
const keyCodes = new Uint16Array(CELLS);

/** The plain navigation graph of `terrain` (no relaxed digs, flat: navCore.ts): from the shared cache, or built and kept. */
export function sharedGraph(terrain: Terrain): NavCore {
  const key = terrainKey(terrain);
  let graph = graphs.get(key);
  if (graph) {
    // most recently used last: the oldest is the first to go
    graphs.delete(key);
    graphs.set(key, graph);
    return graph;
  }
  graph = buildNavCore(terrain);
  graphs.set(key, graph);
  if (graphs.size > KEPT) graphs.delete(graphs.keys().next().value!);
  return graph;
}
