// Committed plans: the rest of a searched plan, carried to the next step in the history entry of
// the step that chose it (schemas.ts, commitmentSchema). The engine is deterministic, so while the
// exact state is the one the plan predicted (same fingerprint), the rest of the plan is still
// exactly what the search simulated, and following it needs no new search. Reads engine states
// and plans; pure (the same history and state give the same decision, which is what the lens
// re-runs).
import type { GameState } from '../../game/state.js';
import { KEY_OF, NAME_OF_KEY, isDigKeyName } from '../keys.js';
import type { Commitment, CommittedMacro, HistoryEntry } from '../schemas.js';
import type { Macro, Plan } from './types.js';

/**
 * How many macros a commitment carries at most (a longer plan is searched again when they run out).
 * A plan that goes round the level before it reaches its gold has 50-70 (fanBook 2): cut at 48, it
 * was searched again where the cut fell, and the fresh search sent the runner round once more.
 */
export const COMMITTED_MACROS = 120;

/**
 * A 64-bit fingerprint (two FNV-1a lanes, hex) of everything that decides the game's future:
 * tick, status, runner, guards, dig, holes, timers, random generator, both layers. The recording
 * and a replay's playback are left out: they do not change what the engine does next.
 */
export function fingerprintState(s: GameState): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const mix = (v: number) => {
    a = Math.imul(a ^ (v & 0xffff), 0x01000193);
    a = Math.imul(a ^ (v >>> 16), 0x01000193);
    b = Math.imul(b ^ (v & 0xffff), 0x5bd1e995);
    b = Math.imul(b ^ (b >>> 15) ^ (v >>> 16), 0x01000193);
  };
  const mixAll = (...values: number[]) => {
    for (const v of values) mix(v);
  };
  const text = (t: string | null) => {
    if (t === null) return mix(-1);
    for (let i = 0; i < t.length; i++) mix(t.charCodeAt(i));
    mix(t.length);
  };
  mix(s.tick);
  text(s.status);
  text(s.deathCause);
  mix(s.goldCount);
  mix(s.goldComplete ? 1 : 0);
  mix(s.keyAction);
  mix(s.score);
  const r = s.runner;
  mixAll(r.x, r.y, r.xOffset, r.yOffset, r.action);
  mix(s.guards.length);
  for (const g of s.guards) mixAll(g.x, g.y, g.xOffset, g.yOffset, g.action, g.hasGold, g.holeX, g.holeY);
  if (s.dig) mixAll(s.dig.x, s.dig.y, s.dig.direction, s.dig.frame);
  else mix(-2);
  mix(s.holes.length);
  for (const h of s.holes) mixAll(h.x, h.y, h.openedAt);
  mix(s.shakes.length);
  for (const t of s.shakes) mixAll(t.id, t.since);
  mix(s.reborns.length);
  for (const t of s.reborns) mixAll(t.id, t.since);
  mixAll(s.moveOffset, s.moveId, s.rng, s.bornCursor);
  for (let i = 0; i < s.base.length; i++) mix((s.base[i]! << 8) | s.act[i]!);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const toTuple = (m: Macro, ticks: number, fixed: boolean): CommittedMacro =>
  fixed ? [KEY_OF[m.key] as CommittedMacro[0], ticks, m.to.x, m.to.y, 1] : [KEY_OF[m.key] as CommittedMacro[0], ticks, m.to.x, m.to.y];

export function toMacro(t: CommittedMacro): Macro {
  const key = NAME_OF_KEY[t[0]]!;
  const kind = isDigKeyName(key) ? 'dig' : key === 'stop' ? 'wait' : 'move';
  return { kind, key, ticks: t[1], to: { x: t[2], y: t[3] }, ...(t[4] === 1 ? { fixed: true as const } : {}) };
}

/**
 * The commitment of a plan whose first `ticksPlayed` ticks the step's action plays, ending in the
 * exact state `after`. A macro the action cuts short goes on as its key held for the ticks it has
 * left (pressing a held move key again changes nothing in the engine, and a dig in progress runs
 * on whatever is pressed), so the rest is exactly the simulated plan. Null when nothing is left.
 */
export function commitmentFor(plan: Plan, after: GameState, ticksPlayed: number, searchedAtTick: number): Commitment | null {
  if (after.status !== 'running') return null;
  const rest: CommittedMacro[] = [];
  let played = 0;
  let cut = false;
  for (const m of plan.macros) {
    if (rest.length >= COMMITTED_MACROS) {
      cut = true;
      break;
    }
    if (played + m.ticks <= ticksPlayed) {
      played += m.ticks;
      continue;
    }
    const left = played + m.ticks - ticksPlayed;
    rest.push(toTuple(m, left, left !== m.ticks || m.fixed === true));
    played = ticksPlayed;
  }
  // a search run ahead is carried even with nothing left: its root is then the next step's state
  if (rest.length === 0 && !plan.ahead && !plan.next) return null;
  return {
    mode: plan.mode,
    expect: fingerprintState(after),
    rest,
    goldGained: plan.goldGained,
    reachesGoal: plan.reachesGoal,
    finished: plan.finished,
    searchedAtTick,
    why: plan.why.slice(0, 300),
    ...(plan.ahead ? { ahead: { ...plan.ahead } } : {}),
    // the next search's root is the end of the whole plan: carried only while the rest is all of it
    ...(plan.next && !cut ? { next: { ...plan.next } } : {}),
    // so is the fallback goal's check (fallbackCheck.ts), rooted at the plan's end
    ...(plan.check && !cut ? { check: { ...plan.check } } : {}),
  };
}

/**
 * How many of `macros` the first action plays (the planned route's grouping): consecutive moves
 * or waits with the same key become one held key of up to 20 ticks; a dig is an action of its own.
 */
export function actionGroupSize(macros: readonly Macro[]): number {
  const first = macros[0];
  if (!first) return 0;
  if (first.kind === 'dig') return 1;
  let ticks = first.ticks;
  let n = 1;
  for (const m of macros.slice(1)) {
    if (m.kind !== first.kind || m.key !== first.key || m.fixed !== first.fixed || ticks + m.ticks > 20) break;
    ticks += m.ticks;
    n++;
  }
  return n;
}

/** The commitment the last step handed on, if any. */
export const lastCommitment = (history: readonly HistoryEntry[]): Commitment | null => history.at(-1)?.commitment ?? null;

/** The committed plan, when the exact state is the one it predicted; null when the world went another way. */
export function committedPlan(c: Commitment, root: GameState): Plan | null {
  if (c.rest.length === 0 || fingerprintState(root) !== c.expect) return null;
  const macros = c.rest.map(toMacro);
  const last = macros.at(-1)!;
  return {
    mode: c.mode,
    macros,
    goldGained: c.goldGained,
    ticks: macros.reduce((sum, m) => sum + m.ticks, 0),
    closestGuard: null,
    value: -1,
    finished: c.finished,
    reachesGoal: c.reachesGoal,
    endCell: { ...last.to },
    expanded: 0,
    simulatedTicks: 0,
    why: c.why,
    followed: true,
    searchedAtTick: c.searchedAtTick,
    // no search ran this step (a deep search that found the plan says so in its why)
    deepened: false,
  };
}
