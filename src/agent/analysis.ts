// The working context of one planning step: the snapshot, the exact engine state when the
// client sent it, the terrain, the navigation graph and the shortest routes from the runner.
// Built once per step by analyze() and shared (read-only) by facts, candidates and policies.
import { restoreState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { idx } from '../game/constants.js';
import { costToGo, guardDanger, routingCell, shortestRoutes, type NavGraph, type RouteTable } from './nav.js';
import type { Snapshot } from './schemas.js';
import { terrainFromSnapshot, terrainFromState, type Terrain } from './terrain.js';
import { sharedNavGraph } from './sharedGraphs.js';

export interface Analysis {
  snapshot: Snapshot;
  /** The exact engine state (null when the snapshot carries no engineState: geometric mode). */
  state: GameState | null;
  terrain: Terrain;
  graph: NavGraph;
  routes: RouteTable;
  /** The runner's routing cell (his cell, or where he lands when falling). */
  source: number;
  /** Ticks from each cell to the nearest progress target (gold, or the exit once all gold is taken), guard danger included. */
  toGo: Int32Array;
  /** Per-cell guard danger added to route costs (see nav.guardDanger). */
  danger: Int32Array;
}

function activeGuards(snapshot: Snapshot): { x: number; y: number }[] {
  return snapshot.godMode ? [] : snapshot.guards.filter((g) => g.actionName !== 'in_hole' && g.actionName !== 'reborn');
}

function withPotential(snapshot: Snapshot, graph: NavGraph): { toGo: Int32Array; danger: Int32Array } {
  const danger = guardDanger(graph, activeGuards(snapshot));
  return { toGo: costToGo(graph, progressTargets(snapshot, graph), danger), danger };
}

/** Progress targets: lying gold (and carried gold as a fallback), or top-row cells once all gold is taken. */
function progressTargets(snapshot: Snapshot, graph: NavGraph): number[] {
  if (snapshot.gold.complete) {
    const out: number[] = [];
    for (let x = 0; x < 28; x++) if (graph.rest[idx(x, 0)]) out.push(idx(x, 0));
    return out;
  }
  const lying = snapshot.gold.visiblePositions.map((c) => idx(c.x, c.y));
  return lying.length ? lying : snapshot.gold.carriedByGuards.map((c) => idx(c.x, c.y));
}

export function analyzeSnapshot(snapshot: Snapshot, options: { simulate?: boolean } = {}): Analysis {
  const state = options.simulate !== false && snapshot.engineState ? restoreState(snapshot.engineState) : null;
  // A snapshot of a replayed recording carries its playback, which would drive every simulated
  // runner by the recorded keys whatever the planner presses: the planner's copy drops it.
  if (state) state.playback = null;
  const terrain = state ? terrainFromState(state) : terrainFromSnapshot(snapshot);
  const graph = sharedNavGraph(terrain);
  const source = routingCell(graph, snapshot.runner.x, snapshot.runner.y);
  const routes = shortestRoutes(graph, source);
  return { snapshot, state, terrain, graph, routes, source, ...withPotential(snapshot, graph) };
}

/** Same, from a live engine state (the headless runner and the plan search use this). */
export function analyzeState(state: GameState, snapshot: Snapshot): Analysis {
  const terrain = terrainFromState(state);
  const graph = sharedNavGraph(terrain);
  const source = routingCell(graph, state.runner.x, state.runner.y);
  return {
    snapshot,
    state,
    terrain,
    graph,
    routes: shortestRoutes(graph, source),
    source,
    ...withPotential(snapshot, graph),
  };
}
