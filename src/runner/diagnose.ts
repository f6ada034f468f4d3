// Why an episode ended without clearing (issue "make the agent clear levels": diagnostics):
// death by guard or hole, stuck (no gold progress and no movement over the last steps),
// no_route (no reachable gold or exit at the end), or the tick/step limits. Pure.
import { analyzeState } from '../agent/analysis.js';
import type { HistoryEntry } from '../agent/schemas.js';
import type { Game } from '../game/game.js';
import type { FailureReason } from './types.js';

/** Steps without gold progress or movement that count as being stuck. */
export const STUCK_WINDOW = 12;

export function isStuck(history: HistoryEntry[]): boolean {
  if (history.length < STUCK_WINDOW) return false;
  const tail = history.slice(-STUCK_WINDOW);
  const gold0 = tail[0].before.goldCount;
  if (tail.some((h) => h.after.goldCount !== gold0)) return false;
  const cells = new Set(tail.map((h) => `${h.after.runner.x},${h.after.runner.y}`));
  return cells.size <= 3;
}

export function diagnoseFailure(
  game: Game,
  history: HistoryEntry[],
  limits: { maxTicks: number; maxSteps: number; steps: number },
): FailureReason {
  const s = game.state;
  if (s.status === 'runner_dead') return s.deathCause === 'hole' ? 'killed_by_hole' : 'killed_by_guard';
  const snapshot = game.snapshot();
  const a = analyzeState(s, snapshot);
  if (a.toGo[a.source] >= 0x3fffffff) return 'no_route';
  if (isStuck(history)) return 'stuck';
  if (s.tick >= limits.maxTicks) return 'time_budget';
  return 'step_limit';
}
