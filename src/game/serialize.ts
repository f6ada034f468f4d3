// Converts a GameState to and from its versioned plain-JSON form (layers as digit strings)
// and makes the cheap deep copy the planner simulates on. Pure: never mutates its input.
import { CELLS } from './constants.js';
import { ENGINE_STATE_VERSION, engineStateSchema, type EngineState } from './schemas.js';
import { buildGoldMask, buildTerrain, buildWalkStops } from './rules/terrain.js';
import { newDig, newGuard, newHole, newMover, newTimed, type GameState, type GuardState, type OpenHole, type TimedGuard } from './state.js';

const DIGITS = '0123456789';

function layerToString(layer: Uint8Array): string {
  let out = '';
  for (let i = 0; i < layer.length; i++) out += DIGITS[layer[i]];
  return out;
}

function layerFromString(text: string): Uint8Array {
  const layer = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) layer[i] = text.charCodeAt(i) - 48;
  return layer;
}

// Everything a copy owns in typed arrays (its two layers, goldMask, walkStops) is a view into a
// shared slab, not a buffer of its own. The plan search clones ~10,000 states a decision, and a
// buffer per array means a backing store allocated outside the V8 heap and a finalizer for the
// collector each time: the two layers of a copy took ~2.5 us as buffers of their own, ~0.6 us as
// slab views. A slab lives while any of its views does.
const SLAB_COPIES = 128;
const WALK_BYTES = 16 * 4; // walkStops: Int32Array, one per row (first, so it stays 4-aligned)
const GOLD_BYTES = 28 * 2; // goldMask: Uint16Array, one per column
const COPY_BYTES = WALK_BYTES + GOLD_BYTES + 2 * CELLS; // 1,016: a multiple of 4
let slab = new ArrayBuffer(SLAB_COPIES * COPY_BYTES);
let slabNext = 0;

/** The next copy's place in the slab: its byte offset. */
function copySlot(): number {
  if (slabNext === SLAB_COPIES) {
    slab = new ArrayBuffer(SLAB_COPIES * COPY_BYTES);
    slabNext = 0;
  }
  return COPY_BYTES * slabNext++;
}

const copyGuard = (g: GuardState): GuardState => newGuard(g.x, g.y, g.xOffset, g.yOffset, g.action, g.hasGold, g.holeX, g.holeY);
const copyHole = (h: OpenHole): OpenHole => newHole(h.x, h.y, h.openedAt);
const copyTimed = (t: TimedGuard): TimedGuard => newTimed(t.id, t.since);

/**
 * The deep copy the planner simulates on, and the one place a GameState object is built:
 * createState and restoreState pass their drafts through it, so every state has the same
 * hidden class, as have its guards, dig, holes and timers (see the factories in state.ts).
 */
export function cloneState(s: GameState, keepRecording = true): GameState {
  // map, not push: each array is built at its exact length (push grows an empty array to room
  // for 16), and a search keeps thousands of copies alive.
  const guards = s.guards.map(copyGuard);
  const holes = s.holes.map(copyHole);
  const shakes = s.shakes.map(copyTimed);
  const reborns = s.reborns.map(copyTimed);
  const { runner: r, dig: d, playback: pb, recording: rec } = s;
  const at = copySlot();
  const walkStops = new Int32Array(slab, at, 16);
  walkStops.set(s.walkStops);
  const goldMask = new Uint16Array(slab, at + WALK_BYTES, 28);
  goldMask.set(s.goldMask);
  const base = new Uint8Array(slab, at + WALK_BYTES + GOLD_BYTES, CELLS);
  base.set(s.base);
  const act = new Uint8Array(slab, at + WALK_BYTES + GOLD_BYTES + CELLS, CELLS);
  act.set(s.act);
  return {
    playData: s.playData,
    level: s.level,
    ai: s.ai,
    godMode: s.godMode,
    base,
    act,
    runner: newMover(r.x, r.y, r.xOffset, r.yOffset, r.action),
    guards,
    keyAction: s.keyAction,
    status: s.status,
    deathCause: s.deathCause,
    tick: s.tick,
    score: s.score,
    goldCount: s.goldCount,
    goldComplete: s.goldComplete,
    dig: d ? newDig(d.x, d.y, d.direction, d.frame) : null,
    holes,
    shakes,
    reborns,
    moveOffset: s.moveOffset,
    moveId: s.moveId,
    rng: s.rng,
    bornColumns: s.bornColumns, // replaced, never mutated in place
    bornCursor: s.bornCursor,
    playback: pb ? { source: pb.source, actionIndex: pb.actionIndex, goldIndex: pb.goldIndex, bornIndex: pb.bornIndex } : null,
    terrain: s.terrain,
    goldMask,
    walkStops,
    recording:
      keepRecording && rec
        ? { action: rec.action.slice(), lastKey: rec.lastKey, goldDrop: rec.goldDrop.slice(), born: rec.born.slice() }
        : null,
  };
}

export function serializeState(s: GameState): EngineState {
  const { terrain: _terrain, goldMask: _gold, walkStops: _walk, ...c } = cloneState(s);
  return {
    v: ENGINE_STATE_VERSION,
    ...c,
    base: layerToString(s.base),
    act: layerToString(s.act),
    bornColumns: s.bornColumns.slice(),
    playback: c.playback
      ? {
          ...c.playback,
          source: {
            action: [...c.playback.source.action],
            goldDrop: [...c.playback.source.goldDrop],
            bornPos: [...c.playback.source.bornPos],
          },
        }
      : null,
  };
}

export class EngineStateError extends Error {}

/** Validates then rebuilds a GameState; throws EngineStateError with the first problem. */
export function restoreState(input: unknown): GameState {
  const parsed = engineStateSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EngineStateError(`engineState is not valid: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const e = parsed.data;
  for (const g of e.guards) if (g.x > 27 || g.y > 15) throw new EngineStateError('engineState has a guard off the board');
  const { v: _v, ...rest } = e;
  const base = layerFromString(e.base);
  const act = layerFromString(e.act);
  const terrain = buildTerrain(base);
  const draft = { ...rest, base, act, terrain, goldMask: buildGoldMask(base), walkStops: buildWalkStops(act, terrain) };
  return cloneState(draft as GameState);
}
