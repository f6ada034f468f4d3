// Forward simulation on copies of the exact engine state: "press key k for n ticks" with its
// outcome (cell, gold taken, death, closest guard approach), and survives()/holdsOut(): does some
// continuation keep the runner alive (and out of a hole that will refill), with the keys that do
// it for an escape. This is what makes guard safety exact instead of guessed.
import { ACT_IN_HOLE, ACT_REBORN, BLOCK, idx } from '../game/constants.js';
import { KEY } from '../game/keys.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import { advance } from '../game/tick.js';

export interface SimOutcome {
  state: GameState;
  ticks: number;
  goldTaken: number;
  died: boolean;
  deathCause: 'guard' | 'hole' | null;
  finished: boolean;
  /** Closest live-guard distance seen (in tiles, Chebyshev on pixel positions), null with no guards. */
  closestGuard: number | null;
}

/** Distance in tiles from the runner to the nearest live (not respawning, not trapped) guard. */
export function nearestGuardDistance(s: GameState, includeTrapped = false): number | null {
  const r = s.runner;
  const rx = r.x * 40 + r.xOffset;
  const ry = r.y * 44 + r.yOffset;
  let best: number | null = null;
  for (const g of s.guards) {
    if (g.action === ACT_REBORN) continue;
    if (!includeTrapped && g.action === ACT_IN_HOLE) continue;
    const d = Math.max(Math.abs(g.x * 40 + g.xOffset - rx) / 40, Math.abs(g.y * 44 + g.yOffset - ry) / 44);
    if (best === null || d < best) best = d;
  }
  return best;
}

/**
 * Whether the runner is as near his cell's centre as he gets: across, always exactly (8 px steps,
 * 40 px tiles); on a ladder, within half a 9 px step, because 44 px tiles put each cell's
 * offsets in a different phase and most ladder cells are never passed at offset 0 exactly.
 * A move that stops at a cell (a plan's macro, a candidate's waypoint) stops there.
 */
export const runnerSettled = (r: GameState['runner']) => r.xOffset === 0 && r.yOffset <= 4 && r.yOffset >= -4;

/** The runner stands in a dug brick: a hole that will refill, so no place to end a plan in. */
export const inDugHole = (s: GameState) => s.status !== 'finish' && s.base[idx(s.runner.x, s.runner.y)] === BLOCK;

/** Runs `ticks` ticks on `s` in place, pressing `keyCode` (if any) on the first; stops at the end of the game. */
export function runInPlace(s: GameState, keyCode: number | undefined, ticks: number, track?: { closest: number | null }): number {
  let ran = 0;
  for (let i = 0; i < ticks; i++) {
    if (!advance(s, i === 0 ? keyCode : undefined)) break;
    ran++;
    if (track) {
      const d = nearestGuardDistance(s);
      if (d !== null && (track.closest === null || d < track.closest)) track.closest = d;
    }
    if (s.status !== 'running') break;
  }
  return ran;
}

/** The outcome of pressing `keyCode` for `ticks` ticks on a copy of `state`. */
export function simulate(state: GameState, keyCode: number | undefined, ticks: number): SimOutcome {
  const s = cloneState(state, false);
  const before = s.goldCount;
  const track = { closest: nearestGuardDistance(s) };
  const ran = runInPlace(s, keyCode, ticks, track);
  return {
    state: s,
    ticks: ran,
    goldTaken: Math.max(0, before - s.goldCount),
    died: s.status === 'runner_dead',
    deathCause: s.deathCause,
    finished: s.status === 'finish',
    closestGuard: track.closest,
  };
}

// Moves before standing still: an escape is usually a run in one direction, and a depth-first
// search that tries STOP first spends its budget on the stand-still branch.
const CONTINUATIONS = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.STOP, KEY.DIG_LEFT, KEY.DIG_RIGHT];

export interface SurvivalOptions {
  /** Ticks per continuation segment (default 6). */
  segment?: number;
  /** Give up (and answer true: unknown counts as survivable) after this many simulated ticks. */
  budgetTicks?: number;
}

/**
 * Does some sequence of held keys keep the runner alive for `horizon` ticks? Depth-first over
 * segments, cheapest-looking first, skipping continuations that leave the runner exactly where
 * an earlier one did; when that finds none, the beam of survivalTicks (longer held keys) gets
 * its say. A finished level counts as survival.
 */
export function survives(state: GameState, horizon: number, options: SurvivalOptions = {}): boolean {
  const verdict = survivalVerdict(state, horizon, options.segment ?? 6, options.budgetTicks ?? 1500);
  // the depth-first search's 6-tick segments miss escapes that a longer held key makes
  return verdict === false ? survivalTicks(state, horizon) >= horizon : (verdict ?? true);
}

/**
 * A careful survival test for plan goals: a quick depth-first search finds most escapes; when it
 * finds none or runs out of budget, the beam of survivalTicks decides (never "unknown means yes").
 */
export function holdsOut(state: GameState, horizon: number): boolean {
  return survivalVerdict(state, horizon, 6, 1200) === true || survivalTicks(state, horizon) >= horizon;
}

/** The runner's exact position (and whether he is digging): continuations that share it are one. */
function positionKey(c: GameState): number {
  const r = c.runner;
  return ((r.x * 64 + r.xOffset + 32) * 32 + r.y) * 128 + (r.yOffset + 64) + (c.dig ? 1 << 30 : 0);
}

/** The depth-first survival search: true / false, or null when it ran out of budget undecided. */
function survivalVerdict(state: GameState, horizon: number, segment: number, budgetTicks: number): boolean | null {
  if (state.status === 'runner_dead') return false;
  if (state.status === 'finish' || horizon <= 0) return true;
  const budget = { left: budgetTicks };
  const found = survivesFrom(state, horizon, segment, budget);
  return budget.left <= 0 ? null : found;
}

/**
 * The keys (one per `segment` ticks) of a continuation that keeps the runner alive for `horizon`
 * ticks, found by the same depth-first search; null when there is none or the budget ran out.
 * This is the last resort of an escape: fine-grained where tile-sized macros are too coarse.
 */
export function survivalPath(state: GameState, horizon: number, segment = 6, budgetTicks = 4000): number[] | null {
  if (state.status === 'runner_dead') return null;
  if (state.status === 'finish' || horizon <= 0) return [];
  const budget = { left: budgetTicks };
  const path: number[] = [];
  const found = survivesFrom(state, horizon, segment, budget, path);
  return found && budget.left > 0 ? path : null;
}

function survivesFrom(s: GameState, horizon: number, segment: number, budget: { left: number }, path?: number[]): boolean {
  if (horizon <= 0) return true;
  if (budget.left <= 0) return true;
  const seen = new Set<number>();
  for (const key of CONTINUATIONS) {
    const c = cloneState(s, false);
    const n = Math.min(segment, horizon);
    const ran = runInPlace(c, key, n);
    budget.left -= ran;
    if (c.status === 'runner_dead') continue;
    if (c.status === 'finish') {
      path?.unshift(key);
      return true;
    }
    // alive at the horizon inside a hole that will refill is a death postponed, not survival
    if (n >= horizon && inDugHole(c)) continue;
    const h = positionKey(c);
    if (seen.has(h)) continue;
    seen.add(h);
    if (survivesFrom(c, horizon - n, segment, budget, path)) {
      path?.unshift(key);
      return true;
    }
    if (budget.left <= 0) return true;
  }
  return false;
}

/**
 * How long (in ticks, up to `horizon`) the runner can stay alive from `state`: a breadth-first
 * beam over held keys (segments of `segment` ticks), keeping at most `width` distinct runner
 * positions per depth, farthest from guards first. Unlike survives() it grades the danger, so a
 * plan search can prefer the end state that holds out longest when none holds out fully.
 */
export function survivalTicks(state: GameState, horizon: number, options: { segment?: number; width?: number } = {}): number {
  return survivalBeam(state, horizon, options.segment ?? 8, options.width ?? 8).ticks;
}

/**
 * The beam's keys (one per `segment` ticks) when it keeps the runner alive for the whole horizon,
 * else null: where the depth-first search's finer segments find nothing, a coarser held key can.
 */
export function survivalBeamPath(state: GameState, horizon: number, segment = 8, width = 8): number[] | null {
  const run = survivalBeam(state, horizon, segment, width);
  if (run.ticks < horizon) return null;
  const keys: number[] = [];
  for (let e = run.last; e && e.prev; e = e.prev) keys.push(e.key);
  return keys.reverse();
}

/** A beam entry: the state after holding `key`, linked to the entry it continues (keys rebuilt only when asked). */
interface BeamEntry {
  s: GameState;
  key: number;
  prev: BeamEntry | null;
}

function survivalBeam(state: GameState, horizon: number, segment: number, width: number): { ticks: number; last: BeamEntry | null } {
  if (state.status === 'runner_dead') return { ticks: 0, last: null };
  const root: BeamEntry = { s: state, key: 0, prev: null };
  if (state.status === 'finish') return { ticks: horizon, last: root };
  let frontier: BeamEntry[] = [root];
  let elapsed = 0;
  while (elapsed < horizon && frontier.length) {
    const n = Math.min(segment, horizon - elapsed);
    const next: { e: BeamEntry; d: number }[] = [];
    const seen = new Set<number>();
    for (const prev of frontier) {
      for (const key of CONTINUATIONS) {
        const c = cloneState(prev.s, false);
        runInPlace(c, key, n);
        if (c.status === 'runner_dead') continue;
        if (c.status === 'finish') return { ticks: horizon, last: { s: c, key, prev } };
        if (elapsed + n >= horizon && inDugHole(c)) continue;
        const h = positionKey(c);
        if (seen.has(h)) continue;
        seen.add(h);
        next.push({ e: { s: c, key, prev }, d: nearestGuardDistance(c) ?? 99 });
      }
    }
    if (next.length === 0) return { ticks: elapsed, last: frontier[0]! };
    elapsed += n;
    next.sort((p, q) => q.d - p.d);
    frontier = next.slice(0, width).map((x) => x.e);
  }
  return { ticks: elapsed, last: frontier[0] ?? null };
}
