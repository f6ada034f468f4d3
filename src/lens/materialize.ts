// Re-materialises a recorded run: replays its demo (the agent recording whose id is the trace id)
// with Game.forDemo, stops at each step's tick, and turns the playback state into the state the live
// game had there (no playback source, `start` before the first tick), so the planner sees the same
// snapshot it saw during the run. Also rebuilds the history each step was handed. Pure (engine only).
// Why: the trace keeps no raw snapshot (agent-planner §8); the recording is the deterministic source.
import { historyEntry } from '../agent/history.js';
import type { HistoryEntry, Snapshot } from '../agent/schemas.js';
import { Game } from '../game/game.js';
import type { DemoRecord, EngineState } from '../game/schemas.js';
import { lensBadRequest, lensConflict } from './errors.js';
import type { StoredStep } from './storedStep.js';

/** The live game's random machinery at a step, as the trace keeps it (see storedRandom). */
export interface RandomState {
  rng: number;
  bornColumns?: number[];
  bornCursor?: number;
}

/**
 * The engine state a live game would have had at this point of a playback. The playback cannot know
 * the live game's random machinery (the demo records the draws' results, not the seed): pass it when
 * the step stored it (`state.rng`, `state.bornColumns`, `state.bornCursor`), else the playback's own
 * stands in.
 */
export function liveEngineState(playback: Game, random?: RandomState): EngineState {
  const state = playback.serialize();
  return {
    ...state,
    // A live game waits in `start` until the first move key; once a tick ran it is `running` (or over).
    status: state.tick === 0 && state.status === 'running' ? 'start' : state.status,
    ...(random === undefined ? {} : { rng: random.rng }),
    ...(random?.bornColumns === undefined ? {} : { bornColumns: [...random.bornColumns] }),
    ...(random?.bornCursor === undefined ? {} : { bornCursor: random.bornCursor }),
    playback: null,
    recording: null,
  };
}

/** The snapshot (with engineState) a client would have sent at this point of the playback. */
export function liveSnapshot(playback: Game, random?: RandomState): Snapshot {
  return Game.restore(liveEngineState(playback, random)).snapshot({ withEngineState: true });
}

// The random machinery (generator, respawn column order) is the live game's own; the rest must agree.
const IGNORED_KEYS = new Set(['rng', 'bornColumns', 'bornCursor', 'playback', 'recording', 'status']);

/** The first engine field where a live replay and the playback disagree (the random generator aside), or null. */
export function firstDifference(live: EngineState, playback: EngineState): string | null {
  for (const key of Object.keys(live) as (keyof EngineState)[]) {
    if (IGNORED_KEYS.has(key)) continue;
    if (JSON.stringify(live[key]) !== JSON.stringify(playback[key])) return key;
  }
  return live.status === playback.status || live.tick === 0 ? null : 'status';
}

export interface CursorOptions {
  /**
   * The live game's engine seed, when known (the game page's `?seed=`, an episode's seed). The cursor
   * then also replays the recorded keys on a live game from that seed, which reproduces the run's
   * random generator exactly; a seed that does not reproduce the recording is refused.
   */
  seed?: number;
}

/** Walks a recording forward, tick by tick, handing out live snapshots at the ticks asked for (non-decreasing). */
export class RecordingCursor {
  readonly game: Game;
  /** The live twin (only with a seed): same keys, its own random generator. */
  readonly live: Game | null;
  #nextAction = 0;

  constructor(
    readonly playData: number,
    readonly demo: DemoRecord,
    readonly options: CursorOptions = {},
  ) {
    this.game = Game.forDemo(playData, demo);
    this.live =
      options.seed === undefined
        ? null
        : Game.fromLevel(playData, demo.level, { seed: options.seed, godMode: demo.godMode === 1, ai: demo.ai, record: false });
  }

  get tick(): number {
    return this.game.state.tick;
  }

  get over(): boolean {
    return this.game.over;
  }

  #stepLive(): void {
    const live = this.live!;
    const actions = this.demo.action;
    let key: number | undefined;
    if (this.#nextAction < actions.length && actions[this.#nextAction] === live.state.tick) {
      key = actions[this.#nextAction + 1];
      this.#nextAction += 2;
    }
    live.step(key);
  }

  /** Advance to `tick`; false when the recording ends (finish, death, or no more input) before it. */
  advanceTo(tick: number): boolean {
    const { game } = this;
    while (game.state.tick < tick) {
      if (this.live) this.#stepLive();
      if (!game.step()) return false;
    }
    return game.state.tick === tick;
  }

  /** Advance to `tick` (or as far as the recording goes) and return the live snapshot there. */
  snapshotAt(tick: number, random?: RandomState): { snapshot: Snapshot; reached: boolean } {
    const reached = this.advanceTo(tick);
    if (!this.live) return { snapshot: liveSnapshot(this.game, random), reached };
    const differs = firstDifference(this.live.serialize(), this.game.serialize());
    if (differs) {
      throw lensBadRequest(
        `seed ${this.options.seed} does not reproduce this recording: at tick ${this.game.state.tick} the live game's ${differs} differs from the recording's (leave the seed out to replay without it)`,
        { seed: this.options.seed, tick: this.game.state.tick, field: differs },
      );
    }
    return { snapshot: this.live.snapshot({ withEngineState: true }), reached };
  }
}

/**
 * The random machinery a stored step recorded (`state.rng`, and since the respawn order is stored too,
 * `state.bornColumns` / `state.bornCursor`), or undefined for a trace that kept none.
 */
export function storedRandom(step: StoredStep): RandomState | undefined {
  const state = step.state as Record<string, unknown>;
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
  if (!int(state.rng)) return undefined;
  const columns = state.bornColumns;
  const bornColumns = Array.isArray(columns) && columns.every((c) => int(c) && c >= 0 && c <= 27) ? (columns as number[]) : undefined;
  const bornCursor = int(state.bornCursor) && state.bornCursor >= 0 ? state.bornCursor : undefined;
  return { rng: state.rng, ...(bornColumns ? { bornColumns } : {}), ...(bornCursor !== undefined ? { bornCursor } : {}) };
}

/** True when the step stored the whole random machinery (generator and respawn order): its re-run is exact. */
export function storesWholeRandomState(step: StoredStep): boolean {
  const random = storedRandom(step);
  return random?.bornColumns !== undefined && random.bornCursor !== undefined;
}

export interface MaterializedStep {
  stepIndex: number;
  /** The snapshot the planner was handed at this step (with engineState). */
  snapshot: Snapshot;
}

export interface MaterializedRun {
  /** Snapshots before steps 0..n, in step order. */
  before: MaterializedStep[];
  /** The live snapshot after step k's action, for k < n (= the snapshot before step k+1). */
  after: Snapshot[];
  cursor: RecordingCursor;
}

/**
 * Replays the recording to the tick of every step up to `stepIndex` (steps sorted, 0..n present).
 * Throws a 409 when the recording ends before a step's tick.
 */
export function materializeSteps(
  playData: number,
  demo: DemoRecord,
  steps: readonly StoredStep[],
  stepIndex: number,
  options: CursorOptions = {},
): MaterializedRun {
  const cursor = new RecordingCursor(playData, demo, options);
  const before: MaterializedStep[] = [];
  for (const step of steps) {
    if (step.stepIndex > stepIndex) break;
    const { snapshot, reached } = cursor.snapshotAt(step.state.tick, storedRandom(step));
    if (!reached) {
      throw lensConflict(
        `the recording ends at tick ${cursor.tick}, before step ${step.stepIndex} (tick ${step.state.tick}); it does not belong to this run or was cut short`,
        { stepIndex: step.stepIndex, stepTick: step.state.tick, recordingEndTick: cursor.tick },
      );
    }
    before.push({ stepIndex: step.stepIndex, snapshot });
  }
  const after = before.slice(1).map((b) => b.snapshot);
  return { before, after, cursor };
}

/** Ticks the runner actually held the key for: clamped to 1..20 like every client does. */
export function clampTicks(ticks: number): number {
  return Math.max(1, Math.min(20, Math.round(ticks)));
}

/**
 * The history handed to step n: one entry per earlier step, built like every client builds it
 * (src/agent/history.ts) from the re-simulated snapshots before and after that step's action.
 */
export function rebuildHistory(
  steps: readonly StoredStep[],
  run: MaterializedRun,
  stepIndex: number,
  historyLimit: number,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (let k = 0; k < run.before.length - 1; k++) {
    const step = steps[k];
    if (step.stepIndex >= stepIndex) break;
    const action = step.action ?? { keyCode: 32, ticks: 1, reason: '' };
    entries.push(
      historyEntry(
        step.selectedCandidateId ?? '',
        { ...action, ticks: clampTicks(action.ticks) },
        run.before[k].snapshot,
        run.after[k],
        step.commitment,
      ),
    );
  }
  return historyLimit > 0 ? entries.slice(-historyLimit) : [];
}

/** A history entry reduced to what every stored form keeps (full entries, or the slim tail of agent-planner §8). */
function essentials(entry: unknown): string {
  const e = (entry ?? {}) as Record<string, unknown>;
  const point = (p: unknown) => {
    const q = (p ?? {}) as Record<string, unknown>;
    const runner = (q.runner ?? q) as Record<string, unknown>;
    return `${q.tick}@${runner.x},${runner.y}`;
  };
  return `${e.candidateId} ${e.keyCode}x${e.ticks} ${point(e.before)} -> ${point(e.after)}`;
}

/** Differences between the rebuilt history's newest entries and the tail the step stored (what the planner really got). */
export function historyDifferences(rebuilt: readonly HistoryEntry[], storedTail: readonly unknown[] | undefined): string[] {
  if (!storedTail || storedTail.length === 0) return [];
  const mine = rebuilt.slice(-storedTail.length);
  const out: string[] = [];
  if (mine.length !== storedTail.length) out.push(`history length: stored tail ${storedTail.length}, rebuilt ${mine.length}`);
  const offset = storedTail.length - mine.length;
  mine.forEach((entry, i) => {
    const stored = essentials(storedTail[i + offset]);
    const recomputed = essentials(entry);
    if (stored !== recomputed) out.push(`history entry ${rebuilt.length - mine.length + i}: stored ${stored}, rebuilt ${recomputed}`);
  });
  return out;
}
