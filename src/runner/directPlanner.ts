// A planner made of plain function calls (no chart, no provider): planStep + the local policy's
// choice. The reference the chart is measured against, and the fast path for bulk evaluation
// when no trace is wanted. Same request/response as the chart-backed planner.
import { planStep } from '../agent/planStep.js';
import type { PlannerOptions } from '../agent/schemas.js';
import { localChoice } from '../llm/localPolicy.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import { planSummary } from './planSummary.js';
import type { EpisodePlanner } from './types.js';

export function directPlanner(
  options: Partial<PlannerOptions> & { planSearch?: boolean; search?: Partial<PlanSearchOptions> } = {},
): EpisodePlanner {
  return async (req) => {
    const plan = planStep(req.snapshot, req.history, options);
    const { candidate } = localChoice(plan.candidates);
    const chosen = candidate ?? plan.candidates[0];
    return {
      action: { ...chosen.firstAction },
      candidateId: chosen.id,
      candidateKind: chosen.kind,
      fallbackUsed: false,
      retried: false,
      statuses: ['ok'],
      stallType: plan.stall.severity === 'none' ? 'none' : plan.stall.type,
      ...(chosen.commitment ? { commitment: chosen.commitment } : {}),
      ...(plan.plan ? { plan: planSummary(plan.plan) } : {}),
    };
  };
}
