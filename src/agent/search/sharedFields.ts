// Ticks-to-go fields shared by the searches of one process, keyed by everything they are computed
// from: the tiles and gold of the terrain, and the target cells. A sortie's way back to ground
// through the holes open now (reach.ts, backField) is asked for again decision after decision while
// the runner works the same pocket; each search used to rebuild its graph and field from scratch.
// The key is exact, so a hit returns what a miss would compute: a pure cache that only saves time.
import { CELLS } from '../../game/constants.js';
import { buildNavGraph, costToGo, type NavGraph } from '../nav.js';
import type { Terrain } from '../terrain.js';

/** How many fields are kept (a graph and its field: some tens of kilobytes each). */
const KEPT = 256;

const fields = new Map<string, { graph: NavGraph; toGo: Int32Array }>();

/** The cache key of a terrain: one character per cell, its tile and whether gold lies there. */
export function terrainKey(terrain: Terrain): string {
  const codes = new Array<number>(CELLS);
  for (let i = 0; i < CELLS; i++) codes[i] = 48 + terrain.tiles[i]! + (terrain.gold[i] ? 16 : 0);
  return String.fromCharCode(...codes);
}

/** The cache key of a set of target cells given as a 0/1 mask. */
export function maskKey(mask: Uint8Array): string {
  const codes = new Array<number>(mask.length);
  for (let i = 0; i < mask.length; i++) codes[i] = 48 + mask[i]!;
  return String.fromCharCode(...codes);
}

/**
 * The plain navigation graph of `terrain` (no relaxed digs) and its ticks-to-go field to the cells
 * of `targets` (a 0/1 mask whose key is `targetsKey`): from the shared cache, or built and kept.
 */
export function sharedField(terrain: Terrain, targets: Uint8Array, targetsKey: string): { graph: NavGraph; toGo: Int32Array } {
  const key = targetsKey + terrainKey(terrain);
  let f = fields.get(key);
  if (f) {
    // most recently used last: the oldest is the first to go
    fields.delete(key);
    fields.set(key, f);
    return f;
  }
  const graph = buildNavGraph(terrain);
  const cells: number[] = [];
  for (let i = 0; i < CELLS; i++) if (targets[i]) cells.push(i);
  f = { graph, toGo: costToGo(graph, cells) };
  fields.set(key, f);
  if (fields.size > KEPT) fields.delete(fields.keys().next().value!);
  return f;
}
