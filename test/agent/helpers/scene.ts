// Test helper for planner scenes: builds a 28x16 level from a few short rows (bottom-aligned,
// with a solid floor unless told otherwise), creates the game (started, unless told otherwise),
// optionally presses keys, runs one planStep on the snapshot, and plays the greedy policy step by
// step, so a scene test reads as "this board, this situation -> these candidates / this outcome".
import { Game } from '../../../src/game/game.js';
import { KEY } from '../../../src/game/keys.js';
import { greedyChoice } from '../../../src/agent/greedyPolicy.js';
import { historyEntry } from '../../../src/agent/history.js';
import { planStep, type PlanStepResult } from '../../../src/agent/planStep.js';
import type { Candidate, HistoryEntry, PlannerOptions, Snapshot } from '../../../src/agent/schemas.js';

export const WIDTH = 28;
export const HEIGHT = 16;
export const SOLID_FLOOR = '@'.repeat(WIDTH);

export interface LevelOptions {
  /** Append a solid `@` floor as the bottom row (default true). */
  floor?: boolean;
}

/**
 * A 448-character level from `rows` (each padded with spaces to 28 columns). The rows sit at the
 * bottom of the board, directly on the floor; empty rows fill the top. Give 16 rows (with
 * `floor: false`) or 15 rows (with the floor) to place everything yourself.
 */
export function buildLevel(rows: readonly string[], options: LevelOptions = {}): string {
  const body = options.floor === false ? [...rows] : [...rows, SOLID_FLOOR];
  if (body.length > HEIGHT) throw new Error(`buildLevel: ${body.length} rows, at most ${HEIGHT}`);
  for (const row of body) if (row.length > WIDTH) throw new Error(`buildLevel: row longer than ${WIDTH}: "${row}"`);
  const padded = body.map((row) => row.padEnd(WIDTH, ' '));
  const top = Array.from({ length: HEIGHT - padded.length }, () => ' '.repeat(WIDTH));
  return [...top, ...padded].join('');
}

export type KeyPress = readonly [keyCode: number, ticks: number];
export type SceneOptions = Partial<PlannerOptions> & { planSearch?: boolean };

export interface SceneSetup extends LevelOptions {
  seed?: number;
  godMode?: boolean;
  /**
   * Start the level first (default true): a level waits for its first move key, so UP is held
   * for one tick, which starts it without moving a runner who is not on a ladder.
   */
  start?: boolean;
  /** Keys pressed before the planning step (each held for its ticks). */
  keys?: readonly KeyPress[];
}

export function sceneGame(rows: readonly string[], setup: SceneSetup = {}): Game {
  const game = Game.fromText(buildLevel(rows, setup), { seed: setup.seed ?? 1, godMode: setup.godMode });
  if (setup.start !== false) game.press(KEY.UP, 1);
  for (const [keyCode, ticks] of setup.keys ?? []) game.press(keyCode, ticks);
  return game;
}

export interface Scene {
  game: Game;
  snapshot: Snapshot;
  plan: PlanStepResult;
}

/** Builds the scene and runs one planning step on its snapshot (with engineState). */
export function planScene(
  rows: readonly string[],
  setup: SceneSetup = {},
  options: SceneOptions = {},
  history: HistoryEntry[] = [],
): Scene {
  const game = sceneGame(rows, setup);
  const snapshot = game.snapshot({ withEngineState: true });
  return { game, snapshot, plan: planStep(snapshot, history, options) };
}

/** One planning step on the game as it stands now. */
export function planNow(game: Game, history: HistoryEntry[] = [], options: SceneOptions = {}): PlanStepResult {
  return planStep(game.snapshot({ withEngineState: true }), history, options);
}

export interface GreedyStep {
  choice: Candidate;
  plan: PlanStepResult;
}

export interface GreedyRun {
  steps: GreedyStep[];
  history: HistoryEntry[];
  status: string;
  deathCause: string | null;
  ticks: number;
  goldLeft: number;
}

/**
 * Plays the greedy policy on `game` (in place) until the game ends, `until` says stop, or the
 * tick/step limits are reached. Mirrors src/agent/playGreedy.ts, on any game.
 */
export function playGreedyScene(
  game: Game,
  limits: { maxTicks?: number; maxSteps?: number; until?: (game: Game) => boolean; options?: SceneOptions } = {},
): GreedyRun {
  const maxTicks = limits.maxTicks ?? 600;
  const maxSteps = limits.maxSteps ?? 200;
  const startTick = game.state.tick;
  const history: HistoryEntry[] = [];
  const steps: GreedyStep[] = [];
  while (!game.over && steps.length < maxSteps && game.state.tick - startTick < maxTicks && !(limits.until?.(game) ?? false)) {
    const before = game.snapshot({ withEngineState: true });
    const plan = planStep(before, history.slice(-24), limits.options ?? {});
    const choice = greedyChoice(plan.candidates);
    game.press(choice.firstAction.keyCode, Math.max(1, Math.min(20, choice.firstAction.ticks)));
    steps.push({ choice, plan });
    history.push(historyEntry(choice.id, choice.firstAction, before, game.snapshot()));
  }
  const s = game.state;
  return { steps, history, status: s.status, deathCause: s.deathCause, ticks: s.tick - startTick, goldLeft: s.goldCount };
}

/**
 * The candidate-list invariants every scene must keep (agent-planner §4): never empty, sorted
 * by (-score, id), at most `limit` long, each shown candidate recorded once as `exposed`.
 * Returns the problems found (empty when the list is well formed), so a test can expect [].
 */
export function candidateListProblems(plan: PlanStepResult, limit = 7): string[] {
  const problems: string[] = [];
  const list = plan.candidates;
  if (list.length === 0) problems.push('the candidate list is empty');
  if (list.length > limit) problems.push(`${list.length} candidates, limit ${limit}`);
  for (let i = 1; i < list.length; i++) {
    const [p, q] = [list[i - 1], list[i]];
    if (p.score < q.score || (p.score === q.score && p.id > q.id))
      problems.push(`not sorted at ${i}: ${p.id} (${p.score}) before ${q.id} (${q.score})`);
  }
  for (const c of list) {
    const exposed = plan.dispositions.filter((d) => d.id === c.id && d.disposition === 'exposed').length;
    if (exposed !== 1) problems.push(`${c.id} is recorded as exposed ${exposed} times`);
  }
  return problems;
}
