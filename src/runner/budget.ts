// Episode limits (agent-planner §9): the evaluation tick budget per level is
// max(1920, 3 x world-record ticks), or 3 x 1920 where no record is known; the step cap is half
// the tick budget so that it never ends an episode before the tick budget does.
import { worldRecordTicks } from '../game/levels.js';

export const MIN_TICK_BUDGET = 1920;

export function evalTickBudget(playData: number, level: number): number {
  const wr = worldRecordTicks(playData, level);
  return wr === null ? 3 * MIN_TICK_BUDGET : Math.max(MIN_TICK_BUDGET, 3 * wr);
}

export function evalStepCap(tickBudget: number): number {
  return Math.ceil(tickBudget / 2);
}
