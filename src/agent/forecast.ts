// The stand-still forecast: what the exact engine does if the runner holds still from here, read
// off copies of the engine state. It names the guard that reaches him first (and when), and when
// each trapped guard gets out of its hole and each open hole refills. The state summary's danger,
// guard and hole lines come from it, so they are facts of the same simulation the candidates use.
import { ACT_CLIMB_OUT, ACT_IN_HOLE, ACT_REBORN, TILE_H, TILE_W } from '../game/constants.js';
import { KEY } from '../game/keys.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { runInPlace } from './sim.js';

/** How far the danger look-ahead runs (ticks standing still). */
export const CONTACT_HORIZON = 60;
/** How far the trap and hole look-ahead runs: a hole refills within 186 ticks. */
export const TRAP_HORIZON = 200;

export interface FirstContact {
  /** Ticks until the runner dies standing still. */
  ticks: number;
  cause: 'guard' | 'hole';
  /** The guard that catches him (nearest at the moment of death); null for a hole. */
  guardId: number | null;
}

export interface GuardRelease {
  guardId: number;
  /** Ticks until the guard is out of its hole (alive, or respawned); null: not within the horizon. */
  ticks: number | null;
  /** How it gets out: climbs out, or dies in the refilling hole and respawns. */
  how: 'climbs_out' | 'respawns' | null;
}

export interface StandStillForecast {
  /** null: no death within CONTACT_HORIZON ticks of standing still. */
  firstContact: FirstContact | null;
  /** One entry per guard that is in a hole or respawning now. */
  releases: GuardRelease[];
  /** Ticks until each open hole is solid again (key `x,y`); absent: not within the horizon. */
  refills: Record<string, number>;
}

const trappedNow = (action: number) => action === ACT_IN_HOLE || action === ACT_CLIMB_OUT || action === ACT_REBORN;

/** The guard nearest the runner (pixel distance), the one whose touch killed him. */
export function nearestGuardId(s: GameState): number | null {
  const rx = s.runner.x * TILE_W + s.runner.xOffset;
  const ry = s.runner.y * TILE_H + s.runner.yOffset;
  let best: { id: number; d: number } | null = null;
  s.guards.forEach((g, id) => {
    if (g.action === ACT_REBORN) return;
    const d = Math.hypot(g.x * TILE_W + g.xOffset - rx, g.y * TILE_H + g.yOffset - ry);
    if (!best || d < best.d) best = { id, d };
  });
  return (best as { id: number; d: number } | null)?.id ?? null;
}

/** Standing still for up to CONTACT_HORIZON ticks: who kills the runner first, and when. */
export function firstContact(state: GameState, horizon = CONTACT_HORIZON): FirstContact | null {
  const s = cloneState(state, false);
  for (let t = 1; t <= horizon; t++) {
    runInPlace(s, t === 1 ? KEY.STOP : undefined, 1);
    if (s.status === 'runner_dead') {
      const cause = s.deathCause === 'hole' ? 'hole' : 'guard';
      return { ticks: t, cause, guardId: cause === 'guard' ? nearestGuardId(s) : null };
    }
    if (s.status !== 'running') return null;
  }
  return null;
}

/**
 * Trapped guards and open holes, standing still in god mode (guards cannot kill the runner, so
 * the look-ahead runs on past a contact; a hole still can).
 */
export function trapsAndHoles(state: GameState, horizon = TRAP_HORIZON): Pick<StandStillForecast, 'releases' | 'refills'> {
  const s = cloneState(state, false);
  s.godMode = true;
  const pending = new Map<number, GuardRelease & { reborn: boolean }>();
  s.guards.forEach((g, id) => {
    if (g.action === ACT_IN_HOLE || g.action === ACT_REBORN)
      pending.set(id, { guardId: id, ticks: null, how: null, reborn: g.action === ACT_REBORN });
  });
  const holes = new Set(s.holes.map((h) => `${h.x},${h.y}`));
  const refills: Record<string, number> = {};
  for (let t = 1; t <= horizon && (pending.size > 0 || holes.size > 0); t++) {
    runInPlace(s, t === 1 ? KEY.STOP : undefined, 1);
    if (s.status !== 'running') break;
    for (const [id, r] of pending) {
      const g = s.guards[id];
      if (!g) continue;
      if (g.action === ACT_REBORN) r.reborn = true;
      if (!trappedNow(g.action) && r.ticks === null) {
        r.ticks = t;
        r.how = r.reborn ? 'respawns' : 'climbs_out';
      }
    }
    const open = new Set(s.holes.map((h) => `${h.x},${h.y}`));
    for (const key of holes)
      if (!open.has(key)) {
        refills[key] = t;
        holes.delete(key);
      }
  }
  return { releases: [...pending.values()].map(({ guardId, ticks, how }) => ({ guardId, ticks, how })), refills };
}

export function standStillForecast(state: GameState): StandStillForecast {
  return { firstContact: firstContact(state), ...trapsAndHoles(state) };
}
