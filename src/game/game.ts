// The engine's public face: a Game wraps one GameState and offers step/press, demo
// recording and playback, snapshot(), serialize()/restore() and a cheap clone().
// Same code in the server, the headless runner and the browser; no I/O, no DOM.
import { ACT_STOP, GOLD, MAX_GUARDS, idx } from './constants.js';
import { parseLevel } from './level.js';
import { levelText } from './levels.js';
import { seedFrom } from './rng.js';
import type { DemoRecord, EngineState, Snapshot } from './schemas.js';
import { cloneState, restoreState, serializeState } from './serialize.js';
import { buildSnapshot } from './snapshot.js';
import { buildGoldMask, buildWalkStops, levelTerrain } from './rules/terrain.js';
import { newGuard, newMover, type GameState, type PlaybackSource } from './state.js';
import { advance, isOver } from './tick.js';

export interface GameOptions {
  /** Seed of the game's own random generator (guard gold counters, respawn columns). */
  seed?: number | string;
  godMode?: boolean;
  /** Rule set: 4 (default) or 3. */
  ai?: 3 | 4;
  /** Keep a legacy demo of what is played (default true). */
  record?: boolean;
  /** Replay this recorded input instead of taking keys; randomness comes from it too. */
  playback?: PlaybackSource;
}

export function createState(text: string, playData: number, level: number, options: GameOptions = {}): GameState {
  const parsed = parseLevel(text, MAX_GUARDS);
  const playback = options.playback ?? null;
  const terrain = levelTerrain(text, parsed.base);
  // A draft: cloneState builds the real object, so new, cloned and restored states share one hidden class.
  const draft: GameState = {
    playData,
    level,
    ai: options.ai ?? 4,
    godMode: options.godMode ?? false,
    base: parsed.base,
    act: parsed.act,
    runner: newMover(parsed.runner.x, parsed.runner.y, 0, 0, ACT_STOP),
    guards: parsed.guards.map((g) => newGuard(g.x, g.y, 0, 0, ACT_STOP, 0, -1, -1)),
    keyAction: ACT_STOP,
    status: playback ? 'running' : 'start',
    deathCause: null,
    tick: 0,
    score: 0,
    goldCount: parsed.goldCount,
    goldComplete: false,
    dig: null,
    holes: [],
    shakes: [],
    reborns: [],
    moveOffset: 0,
    moveId: 0,
    rng: seedFrom(options.seed ?? 1),
    bornColumns: [],
    bornCursor: 0,
    playback: playback ? { source: playback, actionIndex: 0, goldIndex: 0, bornIndex: 0 } : null,
    terrain,
    goldMask: buildGoldMask(parsed.base),
    walkStops: buildWalkStops(parsed.act, terrain),
    recording: options.record === false || playback ? null : { action: [], lastKey: -1, goldDrop: [], born: [] },
  };
  return cloneState(draft);
}

export class Game {
  constructor(public state: GameState) {}

  static fromLevel(playData: number, level: number, options: GameOptions = {}): Game {
    return new Game(createState(levelText(playData, level), playData, level, options));
  }

  static fromText(text: string, options: GameOptions & { playData?: number; level?: number } = {}): Game {
    return new Game(createState(text, options.playData ?? 0, options.level ?? 0, options));
  }

  /** A game that replays a legacy demo record of (playData, demo.level). */
  static forDemo(playData: number, demo: DemoRecord, text = levelText(playData, demo.level)): Game {
    return new Game(
      createState(text, playData, demo.level, {
        ai: demo.ai,
        godMode: demo.godMode === 1,
        playback: { action: demo.action, goldDrop: demo.goldDrop, bornPos: demo.bornPos },
      }),
    );
  }

  static restore(engineState: unknown): Game {
    return new Game(restoreState(engineState));
  }

  get status() {
    return this.state.status;
  }

  get over(): boolean {
    return isOver(this.state);
  }

  /** Advances one tick; a key code, when given, is pressed at the start of that tick. */
  step(keyCode?: number): boolean {
    return advance(this.state, keyCode);
  }

  /** Presses `keyCode` (if any) on the first tick, then lets `ticks` ticks run; returns ticks run. */
  press(keyCode: number | undefined, ticks: number): number {
    let ran = 0;
    for (let i = 0; i < ticks; i++) {
      if (!advance(this.state, i === 0 ? keyCode : undefined)) {
        if (this.over) break;
        continue;
      }
      ran++;
    }
    return ran;
  }

  /** Runs to the end (finish or death) or until `maxTicks`; returns the tick count. */
  runToEnd(maxTicks = 1_000_000): number {
    const s = this.state;
    // advance() returns false only when no tick ran: the game waits for a key or is over.
    while (s.tick < maxTicks) {
      if (!advance(s) && (s.status === 'start' || isOver(s))) break;
    }
    return s.tick;
  }

  clone(keepRecording = false): Game {
    return new Game(cloneState(this.state, keepRecording));
  }

  serialize(): EngineState {
    return serializeState(this.state);
  }

  snapshot(options: { withEngineState?: boolean } = {}): Snapshot {
    return buildSnapshot(this.state, options.withEngineState ? serializeState(this.state) : undefined);
  }

  /** The legacy demo of what was played so far (game-mechanics §7). */
  demo(): DemoRecord {
    const s = this.state;
    const rec = s.recording;
    if (!rec) throw new Error('this game does not record (created with record: false, or replaying a demo)');
    const born = rec.born;
    let bornPos: number[] = [];
    if (born.length > 0) {
      let allRowOne = true;
      for (let i = 1; i < born.length; i += 2) if (born[i] !== 1) allRowOne = false;
      bornPos = allRowOne ? [1, ...born.filter((_, i) => i % 2 === 0)] : [2, ...born];
    }
    return {
      level: s.level,
      ai: s.ai,
      time: s.tick,
      state: s.status === 'finish' ? 1 : 0,
      godMode: s.godMode ? 1 : 0,
      action: rec.action.slice(),
      goldDrop: rec.goldDrop.slice(),
      bornPos,
    };
  }

  /** Gold still lying on the board (not carried). */
  visibleGold(): { x: number; y: number }[] {
    const out: { x: number; y: number }[] = [];
    for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (this.state.base[idx(x, y)] === GOLD) out.push({ x, y });
    return out;
  }
}

export interface DemoResult {
  /** 1 finished, 0 died, -1 neither within the tick limit. */
  state: 1 | 0 | -1;
  time: number;
}

/** Replays one demo record to its end; the limit guards against a demo that never ends. */
export function replayDemo(playData: number, demo: DemoRecord, text?: string): DemoResult {
  const game = Game.forDemo(playData, demo, text);
  const limit = Math.max(demo.time + 2_000, 10_000);
  game.runToEnd(limit);
  const s = game.state;
  return { state: s.status === 'finish' ? 1 : s.status === 'runner_dead' ? 0 : -1, time: s.tick };
}
