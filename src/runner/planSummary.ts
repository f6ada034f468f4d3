// A step's plan search reduced to the few fields the episode loop keeps for its diagnostics
// (which mechanism a failed level ended in). Pure.
import type { Plan } from '../agent/search/planSearch.js';
import type { PlanSummary } from './types.js';

export const planSummary = (plan: Plan): PlanSummary => ({
  mode: plan.mode,
  followed: plan.followed,
  reachesGoal: plan.reachesGoal,
  goldGained: plan.goldGained,
  ...(plan.rejected ? { rejected: { ...plan.rejected } } : {}),
  ...(plan.exhausted ? { exhausted: true } : {}),
});
