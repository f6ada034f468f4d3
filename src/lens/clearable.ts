// Whether a failed run's level could still have been cleared from one of its steps: from the step's
// exact engine state, the deterministic planner with a larger search budget plays on to the clear;
// the keys it pressed are the witness (they clear the level when posted as forceKeys to the what-if).
// Nothing proves a level unclearable, so a step without a witness is `unknown`, never "lost".
// Walks back from the end (or from the point of no return), then narrows to the latest witness.
import { historyEntry } from '../agent/history.js';
import { planStep } from '../agent/planStep.js';
import type { HistoryEntry } from '../agent/schemas.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import { DEFAULT_PLAN_SEARCH } from '../agent/search/planSearch.js';
import { Game } from '../game/game.js';
import { localChoice } from '../llm/localPolicy.js';
import type { ForcedKey } from './survivalSearch.js';

/** The clear search plans with this many times the agent's own plan-search budget. */
export const CLEAR_BUDGET_FACTOR = 3;
/** The whole clear search's time limit (on top of the point-of-no-return search's). */
export const CLEAR_TIME_LIMIT_MS = 30_000;

export interface ClearCheck {
  stepIndex: number;
  tick: number;
  verdict: 'clearable' | 'unknown';
}

export interface StillClearable {
  stepIndex: number;
  tick: number;
  clearedAtTick: number;
  /** Post as it is to POST .../steps/:stepIndex/counterfactual: the level clears at clearedAtTick. */
  alternative: { forceKeys: ForcedKey[]; horizonTicks: number };
}

export interface ClearAnswer {
  stillClearable: StillClearable | null;
  checked: ClearCheck[];
  note: string;
}

/** Plays the planner on from an engine state until the clear, a death, `maxTicks` or the deadline; the keys when it cleared. */
export function clearWitness(
  engineState: unknown,
  options: { search: Partial<PlanSearchOptions>; maxTicks: number; deadline: number },
): { keys: ForcedKey[]; clearedAtTick: number } | null {
  const game = Game.restore(engineState);
  const keys: ForcedKey[] = [];
  const history: HistoryEntry[] = [];
  while (game.state.status === 'running' && game.state.tick < options.maxTicks && keys.length < 2000) {
    if (performance.now() > options.deadline) return null;
    const before = game.snapshot({ withEngineState: true });
    const plan = planStep(before, history.slice(-24), { search: options.search });
    const chosen = localChoice(plan.candidates).candidate ?? plan.candidates[0];
    if (!chosen) return null;
    const ticks = Math.max(1, Math.min(20, Math.round(chosen.firstAction.ticks)));
    game.press(chosen.firstAction.keyCode, ticks);
    keys.push({ keyCode: chosen.firstAction.keyCode, ticks });
    history.push(historyEntry(chosen.id, { ...chosen.firstAction, ticks }, before, game.snapshot(), chosen.commitment));
  }
  return game.state.status === 'finish' ? { keys, clearedAtTick: game.state.tick } : null;
}

/**
 * The latest step (of `states`, one engine state per step, with its tick) from which a clear is
 * found, searched from `fromStep` back: steps fromStep, fromStep-1, -3, -7, ... until a witness,
 * then bisected between it and the nearest later step without one. Clearing is monotone like
 * survival (a later step's state is reachable from every earlier one), so a witness at step j
 * means the level was clearable from every step up to j.
 */
export function findStillClearable(
  states: readonly { engineState: unknown; tick: number }[],
  fromStep: number,
  options: { maxTicks: number; timeLimitMs?: number; budgetTicks?: number },
): ClearAnswer {
  const deadline = performance.now() + (options.timeLimitMs ?? CLEAR_TIME_LIMIT_MS);
  const search = { budgetTicks: options.budgetTicks ?? DEFAULT_PLAN_SEARCH.budgetTicks * CLEAR_BUDGET_FACTOR };
  const checked: ClearCheck[] = [];
  const witnesses = new Map<number, { keys: ForcedKey[]; clearedAtTick: number }>();
  const check = (k: number): boolean => {
    const w = clearWitness(states[k]!.engineState, { search, maxTicks: options.maxTicks, deadline });
    checked.push({ stepIndex: k, tick: states[k]!.tick, verdict: w ? 'clearable' : 'unknown' });
    if (w) witnesses.set(k, w);
    return w !== null;
  };
  let found = -1;
  let after = fromStep + 1;
  for (let back = 0, k = fromStep; k >= 0 && performance.now() <= deadline; back = back * 2 + 1, k = fromStep - back) {
    if (check(k)) {
      found = k;
      break;
    }
    after = k;
  }
  while (found >= 0 && after - found > 1 && performance.now() <= deadline) {
    const mid = (found + after) >> 1;
    if (check(mid)) found = mid;
    else after = mid;
  }
  checked.sort((a, b) => a.stepIndex - b.stepIndex);
  const budget = search.budgetTicks.toLocaleString('en-US');
  if (found < 0)
    return {
      stillClearable: null,
      checked,
      note: `no clear was found from steps ${checked[0]?.stepIndex ?? fromStep}..${fromStep} (planner with ${budget}-tick searches, ${Math.round((options.timeLimitMs ?? CLEAR_TIME_LIMIT_MS) / 1000)} s): unknown whether it still could be cleared`,
    };
  const w = witnesses.get(found)!;
  const tick = states[found]!.tick;
  return {
    stillClearable: {
      stepIndex: found,
      tick,
      clearedAtTick: w.clearedAtTick,
      alternative: { forceKeys: w.keys, horizonTicks: w.clearedAtTick - tick },
    },
    checked,
    note: `from step ${found} the level could still be cleared (at tick ${w.clearedAtTick}, found by the planner with ${budget}-tick searches)${
      after <= fromStep ? `; from step ${after} no clear was found` : ''
    }`,
  };
}
