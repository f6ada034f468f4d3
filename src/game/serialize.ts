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

// The layers of copies are views into shared slabs, not buffers of their own. The plan search
// clones ~10,000 states a decision, and a buffer per copy means a backing store allocated
// outside the V8 heap and a finalizer for the collector each time: the two layers of a copy took
// ~2.5 us as buffers of their own, ~0.6 us as slab views (and the slowest decisions of
// bench:planner spent a quarter of their time in cloneState). A slab lives while any of its
// views does: at most SLAB_LAYERS * 448 bytes.
const SLAB_LAYERS = 128;
let slab = new ArrayBuffer(SLAB_LAYERS * CELLS);
let slabNext = 0;

function layerSlot(): Uint8Array {
  if (slabNext === SLAB_LAYERS) {
    slab = new ArrayBuffer(SLAB_LAYERS * CELLS);
    slabNext = 0;
  }
  return new Uint8Array(slab, CELLS * slabNext++, CELLS);
}

/**
 * The deep copy the planner simulates on, and the one place a GameState object is built:
 * createState and restoreState pass their drafts through it, so every state has the same
 * hidden class, as have its guards, dig, holes and timers (see the factories in state.ts).
 */
export function cloneState(s: GameState, keepRecording = true): GameState {
  const guards: GuardState[] = [];
  for (let i = 0; i < s.guards.length; i++) {
    const g = s.guards[i];
    guards.push(newGuard(g.x, g.y, g.xOffset, g.yOffset, g.action, g.hasGold, g.holeX, g.holeY));
  }
  const holes: OpenHole[] = [];
  for (let i = 0; i < s.holes.length; i++) holes.push(newHole(s.holes[i].x, s.holes[i].y, s.holes[i].openedAt));
  const shakes: TimedGuard[] = [];
  for (let i = 0; i < s.shakes.length; i++) shakes.push(newTimed(s.shakes[i].id, s.shakes[i].since));
  const reborns: TimedGuard[] = [];
  for (let i = 0; i < s.reborns.length; i++) reborns.push(newTimed(s.reborns[i].id, s.reborns[i].since));
  const { runner: r, dig: d, playback: pb, recording: rec } = s;
  const base = layerSlot();
  base.set(s.base);
  const act = layerSlot();
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
    goldMask: s.goldMask.slice(),
    walkStops: s.walkStops.slice(),
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
