// Converts a GameState to and from its versioned plain-JSON form (layers as digit strings)
// and makes the cheap deep copy the planner simulates on. Pure: never mutates its input.
import { CELLS } from './constants.js';
import { ENGINE_STATE_VERSION, engineStateSchema, type EngineState } from './schemas.js';
import { NO_SCAN_MEMO, type GameState } from './state.js';

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

export function cloneState(s: GameState, keepRecording = true): GameState {
  const guards: GameState['guards'] = [];
  for (let i = 0; i < s.guards.length; i++) {
    const g = s.guards[i];
    guards.push({
      x: g.x,
      y: g.y,
      xOffset: g.xOffset,
      yOffset: g.yOffset,
      action: g.action,
      hasGold: g.hasGold,
      holeX: g.holeX,
      holeY: g.holeY,
    });
  }
  const r = s.runner;
  const pb = s.playback;
  const rec = s.recording;
  return {
    playData: s.playData,
    level: s.level,
    ai: s.ai,
    godMode: s.godMode,
    base: s.base.slice(),
    act: s.act.slice(),
    runner: { x: r.x, y: r.y, xOffset: r.xOffset, yOffset: r.yOffset, action: r.action },
    guards,
    keyAction: s.keyAction,
    status: s.status,
    deathCause: s.deathCause,
    tick: s.tick,
    score: s.score,
    goldCount: s.goldCount,
    goldComplete: s.goldComplete,
    dig: s.dig ? { ...s.dig } : null,
    holes: s.holes.length ? s.holes.map((h) => ({ ...h })) : [],
    shakes: s.shakes.length ? s.shakes.map((e) => ({ ...e })) : [],
    reborns: s.reborns.length ? s.reborns.map((e) => ({ ...e })) : [],
    moveOffset: s.moveOffset,
    moveId: s.moveId,
    rng: s.rng,
    bornColumns: s.bornColumns, // replaced, never mutated in place
    bornCursor: s.bornCursor,
    playback: pb ? { source: pb.source, actionIndex: pb.actionIndex, goldIndex: pb.goldIndex, bornIndex: pb.bornIndex } : null,
    scanMemo: s.scanMemo,
    recording:
      keepRecording && rec
        ? { action: rec.action.slice(), lastKey: rec.lastKey, goldDrop: rec.goldDrop.slice(), born: rec.born.slice() }
        : null,
  };
}

export function serializeState(s: GameState): EngineState {
  const { scanMemo: _memo, ...c } = cloneState(s);
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
  return {
    ...rest,
    base: layerFromString(e.base),
    act: layerFromString(e.act),
    runner: { ...e.runner },
    guards: e.guards.map((g) => ({ ...g })),
    scanMemo: NO_SCAN_MEMO,
  } as GameState;
}
