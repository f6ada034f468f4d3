// Builds history entries (agent-planner §1) from snapshots before and after an action, the
// same way every client does (browser, headless runner, greedy loop).
import type { Commitment, HistoryEntry, HistoryPoint, Snapshot } from './schemas.js';

export function historyPoint(s: Snapshot): HistoryPoint {
  return {
    tick: s.tick,
    state: s.gameStateName,
    goldCount: s.gold.remainingCount,
    goldComplete: s.gold.complete,
    runner: { x: s.runner.x, y: s.runner.y, xOffset: s.runner.xOffset, yOffset: s.runner.yOffset, action: s.runner.actionName },
  };
}

/**
 * `commitment`: the chosen candidate's (a planned route's rest of plan); pass it on so the next
 * step can follow the plan instead of searching again.
 */
export function historyEntry(
  candidateId: string,
  action: { keyCode: number; ticks: number; reason: string },
  before: Snapshot,
  after: Snapshot,
  commitment?: Commitment,
): HistoryEntry {
  return {
    candidateId,
    keyCode: action.keyCode,
    ticks: action.ticks,
    reason: action.reason,
    before: historyPoint(before),
    after: historyPoint(after),
    ...(commitment ? { commitment } : {}),
  };
}
