// Can the runner still live from this exact engine state until a given tick? First the planner's own
// quick survival searches (src/agent/sim.ts, read-only) look for a witness; when they find none, an
// exhaustive depth-first search over held keys (a key change every SEGMENT_TICKS ticks, identical
// states merged) either proves that no such key sequence survives ("lost"), finds one ("survivable",
// with its keys), or runs out of its budget ("unknown", never "survivable" by default). Pure (engine copies).
import { inDugHole, runInPlace, survivalBeamPath, survivalPath } from '../agent/sim.js';
import { KEY } from '../game/keys.js';
import { cloneState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';

/** The exhaustive search changes keys every this many ticks (its "lost" means: no such key sequence survives). */
export const SEGMENT_TICKS = 3;
/** The simulated ticks the planner's quick depth-first survival search may spend before the exhaustive one. */
const QUICK_DFS_TICKS = 20_000;
const KEYS = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.STOP, KEY.DIG_LEFT, KEY.DIG_RIGHT];

export type Verdict = 'survivable' | 'lost' | 'unknown';

export interface ForcedKey {
  keyCode: number;
  ticks: number;
}

export interface SurvivalAnswer {
  verdict: Verdict;
  /** Engine ticks simulated to reach the verdict. */
  simulatedTicks: number;
  /** For `survivable`: keys that keep the runner alive (and out of a refilling hole) until the tick asked, or clear the level. */
  keys: ForcedKey[] | null;
}

export interface SurvivalBudget {
  /** Engine ticks the search may simulate. */
  ticks: number;
  /** performance.now() after which it stops undecided. */
  deadline: number;
}

/** Alive at `untilTick` and not inside a hole that will refill (a death postponed), or the level cleared. */
function livesUntil(s: GameState, untilTick: number): boolean {
  if (s.status === 'finish') return true;
  return s.status === 'running' && s.tick >= untilTick && !inDugHole(s);
}

/** Plays forced keys on a copy (each pressed on its first tick, as the what-if does); the state after them. */
export function playKeys(state: GameState, keys: readonly ForcedKey[]): GameState {
  const s = cloneState(state, false);
  for (const { keyCode, ticks } of keys) {
    runInPlace(s, keyCode, ticks);
    if (s.status !== 'running') break;
  }
  return s;
}

/** Segment keys (one per `segment` ticks) as forced keys, each pressed again at its segment's start, exactly as searched. */
function segmentsToKeys(keys: readonly number[], segment: number, horizon: number): ForcedKey[] {
  const out: ForcedKey[] = [];
  let left = horizon;
  for (const keyCode of keys) {
    const ticks = Math.min(segment, left);
    if (ticks <= 0) break;
    left -= ticks;
    out.push({ keyCode, ticks });
  }
  return out;
}

/** A witness from the planner's quick searches, checked by playing it: it must really live until the tick. */
function quickWitness(state: GameState, untilTick: number, horizon: number): { keys: ForcedKey[] | null; ticks: number } {
  let ticks = QUICK_DFS_TICKS;
  const path = survivalPath(state, horizon, 6, QUICK_DFS_TICKS);
  if (path) {
    const keys = segmentsToKeys(path, 6, horizon);
    if (livesUntil(playKeys(state, keys), untilTick)) return { keys, ticks };
  }
  const beam = survivalBeamPath(state, horizon, 8, 16);
  ticks += Math.ceil(horizon / 8) * 16 * KEYS.length * 8;
  if (beam) {
    const keys = segmentsToKeys(beam, 8, horizon);
    if (livesUntil(playKeys(state, keys), untilTick)) return { keys, ticks };
  }
  return { keys: null, ticks };
}

/**
 * Everything that decides the future of a state at a given tick (the layers hashed), for merging
 * equal states. Not the held key: the search presses a key at every segment's start, which replaces it.
 */
function stateKey(s: GameState): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.base.length; i++) h = Math.imul(h ^ (s.base[i] * 16 + s.act[i]), 0x01000193);
  const r = s.runner;
  const parts: number[] = [h >>> 0, r.x, r.xOffset, r.y, r.yOffset, r.action, s.goldCount, s.moveOffset, s.moveId, s.rng, s.bornCursor];
  for (const g of s.guards) parts.push(g.x, g.xOffset, g.y, g.yOffset, g.action, g.hasGold, g.holeX, g.holeY);
  for (const o of s.holes) parts.push(o.x, o.y, o.openedAt);
  for (const t of s.shakes) parts.push(-1, t.id, t.since);
  for (const t of s.reborns) parts.push(-2, t.id, t.since);
  if (s.dig) parts.push(-3, s.dig.x, s.dig.y, s.dig.direction, s.dig.frame);
  return parts.join(',');
}

/**
 * The exhaustive search: depth first over key changes every SEGMENT_TICKS ticks (moves before
 * standing still and digging, so a witness comes early), every state explored once: a state seen
 * before at the same tick (the tick is in its key) was already explored without a survival.
 */
function exhaustive(state: GameState, untilTick: number, budget: SurvivalBudget): SurvivalAnswer {
  const explored = new Set<string>();
  const path: number[] = [];
  let simulated = 0;
  let outOfBudget = false;
  const search = (s: GameState): boolean => {
    const n = Math.min(SEGMENT_TICKS, untilTick - s.tick);
    for (const key of KEYS) {
      if (simulated >= budget.ticks || ((simulated & 0x3ff) < SEGMENT_TICKS * 2 && performance.now() > budget.deadline)) {
        outOfBudget = true;
        return false;
      }
      const c = cloneState(s, false);
      simulated += runInPlace(c, key, n);
      if (c.status === 'runner_dead') continue;
      if (livesUntil(c, untilTick)) {
        path.push(key);
        return true;
      }
      if (c.tick >= untilTick) continue; // alive, but in a hole that will refill
      const k = `${c.tick}|${stateKey(c)}`;
      if (explored.has(k)) continue;
      explored.add(k);
      path.push(key);
      if (search(c)) return true;
      path.pop();
      if (outOfBudget) return false;
    }
    return false;
  };
  const found = search(cloneState(state, false));
  if (found) return { verdict: 'survivable', simulatedTicks: simulated, keys: segmentsToKeys(path, SEGMENT_TICKS, untilTick - state.tick) };
  return { verdict: outOfBudget ? 'unknown' : 'lost', simulatedTicks: simulated, keys: null };
}

/**
 * Can the runner, from `state`, stay alive until `untilTick` (or clear the level)? `survivable` comes
 * with keys that do it (exact engine playout); `lost` means the exhaustive search found no key
 * sequence (changing keys every SEGMENT_TICKS ticks) that does; `unknown` that the budget ran out first.
 */
export function survivalSearch(state: GameState, untilTick: number, budget: SurvivalBudget): SurvivalAnswer {
  if (state.status === 'runner_dead') return { verdict: 'lost', simulatedTicks: 0, keys: null };
  if (livesUntil(state, untilTick)) return { verdict: 'survivable', simulatedTicks: 0, keys: [] };
  const horizon = untilTick - state.tick;
  const quick = quickWitness(state, untilTick, horizon);
  if (quick.keys) return { verdict: 'survivable', simulatedTicks: quick.ticks, keys: quick.keys };
  const full = exhaustive(state, untilTick, { ...budget, ticks: Math.max(0, budget.ticks - quick.ticks) });
  return { ...full, simulatedTicks: full.simulatedTicks + quick.ticks };
}
