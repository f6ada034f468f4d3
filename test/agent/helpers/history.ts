// Test helper: builds recorded histories (agent-planner §1) from compact tuples, so a test reads
// as the path the runner took: [candidateId, keyCode, x, y, remainingGold?] per step, each step
// starting where the previous one ended. goldComplete is true once the remaining count is 0.
import type { HistoryEntry, HistoryPoint } from '../../../src/agent/schemas.js';

export const STOP = 32;
export const LEFT = 37;
export const UP = 38;
export const RIGHT = 39;
export const DOWN = 40;
export const DIG_RIGHT = 88;
export const DIG_LEFT = 90;

/** One step: the candidate chosen, the key sent, where the runner ended, the gold left afterwards. */
export type StepTuple = readonly [candidateId: string, keyCode: number, x: number, y: number, remainingGold?: number];

export interface Start {
  x: number;
  y: number;
  /** Gold remaining at the start (default 5). */
  gold?: number;
  tick?: number;
}

const TICKS = 5;

function point(tick: number, x: number, y: number, gold: number): HistoryPoint {
  return { tick, state: 'running', goldCount: gold, goldComplete: gold === 0, runner: { x, y, xOffset: 0, yOffset: 0, action: 'stop' } };
}

export function track(start: Start, steps: readonly StepTuple[]): HistoryEntry[] {
  let before = point(start.tick ?? 100, start.x, start.y, start.gold ?? 5);
  return steps.map(([candidateId, keyCode, x, y, gold]) => {
    const after = point(before.tick + TICKS, x, y, gold ?? before.goldCount);
    const entry: HistoryEntry = { candidateId, keyCode, ticks: TICKS, reason: '', before, after };
    before = after;
    return entry;
  });
}

/** `times` copies of a pair of steps, flattened: the shape of every oscillation. */
export function repeatSteps(times: number, ...pattern: StepTuple[]): StepTuple[] {
  return Array.from({ length: times }, () => pattern).flat();
}
