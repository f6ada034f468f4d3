// Plays one level with the greedy reference policy straight through the engine (no chart, no
// server, no model): snapshot -> planStep -> best candidate -> press its key for its ticks.
// How the planner is measured until the chart exists; returns the outcome and the diagnosis.
import { Game } from '../game/game.js';
import { greedyChoice } from './greedyPolicy.js';
import { historyEntry } from './history.js';
import { planStep } from './planStep.js';
import type { HistoryEntry } from './schemas.js';

export interface GreedyResult {
  cleared: boolean;
  reason: 'cleared' | 'killed_by_guard' | 'killed_by_hole' | 'time_budget' | 'step_limit';
  ticks: number;
  steps: number;
  gold: number;
  history: HistoryEntry[];
}

export function playGreedy(
  playData: number,
  level: number,
  options: { seed?: number; maxTicks?: number; maxSteps?: number; godMode?: boolean; historyLimit?: number } = {},
): GreedyResult {
  const game = Game.fromLevel(playData, level, { seed: options.seed ?? 1, godMode: options.godMode });
  const maxTicks = options.maxTicks ?? 1920;
  const maxSteps = options.maxSteps ?? Math.ceil(maxTicks / 2);
  const history: HistoryEntry[] = [];
  let steps = 0;
  while (!game.over && steps < maxSteps && game.state.tick < maxTicks) {
    const before = game.snapshot({ withEngineState: true });
    const plan = planStep(before, history.slice(-(options.historyLimit ?? 24)));
    const choice = greedyChoice(plan.candidates);
    const { keyCode, ticks } = choice.firstAction;
    // A level waits for its first move key; STOP before that would not start it.
    game.press(keyCode, Math.max(1, Math.min(20, ticks)));
    steps++;
    history.push(historyEntry(choice.id, choice.firstAction, before, game.snapshot(), choice.commitment));
  }
  const s = game.state;
  const reason =
    s.status === 'finish'
      ? 'cleared'
      : s.status === 'runner_dead'
        ? s.deathCause === 'hole'
          ? 'killed_by_hole'
          : 'killed_by_guard'
        : s.tick >= maxTicks
          ? 'time_budget'
          : 'step_limit';
  return { cleared: s.status === 'finish', reason, ticks: s.tick, steps, gold: s.goldCount, history };
}
