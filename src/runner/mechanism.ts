// The mechanism behind a failed episode (issue #16's diagnostics): what the plan search was doing
// over the last steps — no goal within its budget, no goal in any state it could reach (walled
// in, or cornered by guards), goals turned down (gold only reachable through holes, guards
// closing the way on), only escapes, goals that led into a trap, or heuristic moves chosen over
// the plan — or the gold left being all in guards' hands, so a per-pack table says what to attack
// next. Reads the episode's per-step plan summaries and where the gold is at the end; pure.
import type { Snapshot } from '../game/schemas.js';
import type { FailureReason, PlanSummary } from './types.js';

/** One step as the diagnosis sees it: the chosen candidate's kind and the step's plan search. */
export interface StepPlanInfo {
  candidateKind: string;
  plan?: PlanSummary;
}

export const MECHANISMS = [
  'no plan search',
  'plan not followed (other candidates chosen)',
  'goal rejected: gold only reachable through holes',
  'goal rejected: guards close the way on',
  'no goal within budget',
  'search exhausted: no goal in any reachable state',
  'remaining gold carried by guards',
  'no plan to gold holds out (escaping)',
  'accepted goal led into a trap',
  'goal plans too slow for the tick budget',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

/** Steps looked at, newest last. */
export const MECHANISM_WINDOW = 12;

/** Where the gold not yet collected is when the episode ends. */
export interface GoldAtEnd {
  /** Gold lying on the board. */
  lying: number;
  /** Gold carried by guards. */
  carried: number;
}

/** Read off the episode's final snapshot, which lists both already. */
export const goldAtEnd = (snapshot: Snapshot): GoldAtEnd => ({
  lying: snapshot.gold.visiblePositions.length,
  carried: snapshot.gold.carriedByGuards.length,
});

export function failureMechanism(reason: FailureReason, steps: readonly StepPlanInfo[], gold?: GoldAtEnd): Mechanism | null {
  if (reason === 'cancelled' || reason === 'planning_failed') return null;
  const tail = steps.slice(-MECHANISM_WINDOW);
  const planned = tail.filter((s) => s.plan);
  if (planned.length === 0) return 'no plan search';
  // alive, and nothing left to pick up: the gold comes back only when a guard drops it
  const died = reason === 'killed_by_guard' || reason === 'killed_by_hole';
  if (!died && gold && gold.lying === 0 && gold.carried > 0) return 'remaining gold carried by guards';
  const followedPlan = tail.filter((s) => s.candidateKind === 'planned_route').length;
  if (followedPlan * 2 < tail.length) return 'plan not followed (other candidates chosen)';
  const count = (mode: PlanSummary['mode']) => planned.filter((s) => s.plan!.mode === mode).length;
  const [goal, partial, escape] = [count('goal'), count('partial'), count('escape')];
  if (escape >= goal && escape >= partial) return 'no plan to gold holds out (escaping)';
  if (partial >= goal) {
    const sum = (key: 'pocket' | 'survival' | 'onward') => planned.reduce((n, s) => n + (s.plan!.rejected?.[key] ?? 0), 0);
    if (sum('survival') + sum('onward') > 0) return 'goal rejected: guards close the way on';
    if (sum('pocket') > 0) return 'goal rejected: gold only reachable through holes';
    const exhausted = planned.filter((s) => s.plan!.exhausted).length;
    return exhausted * 2 > planned.length ? 'search exhausted: no goal in any reachable state' : 'no goal within budget';
  }
  return died ? 'accepted goal led into a trap' : 'goal plans too slow for the tick budget';
}
