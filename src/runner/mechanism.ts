// The mechanism behind a failed episode (issue #16's diagnostics): what the plan search was doing
// over the last steps — no goal within its budget, goals turned down (gold only reachable through
// holes, guards closing the way on), only escapes, goals that led into a trap, or heuristic moves
// chosen over the plan — so a per-pack table says what to attack next. Reads the episode's
// per-step plan summaries; pure.
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
  'no plan to gold holds out (escaping)',
  'accepted goal led into a trap',
  'goal plans too slow for the tick budget',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

/** Steps looked at, newest last. */
export const MECHANISM_WINDOW = 12;

export function failureMechanism(reason: FailureReason, steps: readonly StepPlanInfo[]): Mechanism | null {
  if (reason === 'cancelled' || reason === 'planning_failed') return null;
  const tail = steps.slice(-MECHANISM_WINDOW);
  const planned = tail.filter((s) => s.plan);
  if (planned.length === 0) return 'no plan search';
  const followedPlan = tail.filter((s) => s.candidateKind === 'planned_route').length;
  if (followedPlan * 2 < tail.length) return 'plan not followed (other candidates chosen)';
  const count = (mode: PlanSummary['mode']) => planned.filter((s) => s.plan!.mode === mode).length;
  const [goal, partial, escape] = [count('goal'), count('partial'), count('escape')];
  if (escape >= goal && escape >= partial) return 'no plan to gold holds out (escaping)';
  if (partial >= goal) {
    const sum = (key: 'pocket' | 'survival' | 'onward') => planned.reduce((n, s) => n + (s.plan!.rejected?.[key] ?? 0), 0);
    if (sum('survival') + sum('onward') > 0) return 'goal rejected: guards close the way on';
    if (sum('pocket') > 0) return 'goal rejected: gold only reachable through holes';
    return 'no goal within budget';
  }
  return reason === 'killed_by_guard' || reason === 'killed_by_hole'
    ? 'accepted goal led into a trap'
    : 'goal plans too slow for the tick budget';
}
