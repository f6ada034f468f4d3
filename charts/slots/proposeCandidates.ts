// The candidates slot's first stage: the same computation as planStep after the analysis — the plan
// search's planned_route (when the variant searches and the runner can act), every proposal checked,
// scored, stall-adjusted, sorted and cut to candidateLimit, with every disposition kept.
// Reads: facts, stall, options, the run context's Analysis. Writes: candidates. Emits: app.candidates.built
// (dispositions and the plan: trace evidence no later stage reads, so not state).
import { buildCandidates } from '../../src/agent/candidates.js';
import { plannedRouteProposal } from '../../src/agent/plannedRoute.js';
import { plannerOptionsSchema } from '../../src/agent/schemas.js';
import { applyStallAdjustment } from '../../src/agent/stallReport.js';
import { EVENTS } from '../conventions.js';
import type { CandidatesBuiltPayload } from '../planningState.js';
import { analysisOf, runContextOf } from '../runContext.js';
import type { CandidatesSlotScope, CandidatesVariantSettings } from './candidatesState.js';

export function proposeCandidatesStage(settings: CandidatesVariantSettings) {
  return function proposeCandidates(scope: CandidatesSlotScope): void {
    const analysis = analysisOf(scope);
    const facts = scope.facts;
    const { candidateLimit, maxActionTicks, showCandidateScores } = scope.options;
    const options = plannerOptionsSchema.parse({ candidateLimit, maxActionTicks, showCandidateScores, simulate: settings.simulate });
    const planned = settings.planSearch && !facts.activeDig && !facts.runner.falling ? plannedRouteProposal(analysis) : null;
    runContextOf(scope).plan = planned?.plan ?? null;
    const set = buildCandidates({
      analysis,
      facts,
      options,
      stall: scope.stall,
      adjustForStall: applyStallAdjustment,
      extraProposals: planned?.proposal ? [planned.proposal] : [],
    });
    scope.candidates = set.candidates;
    const plan = planned?.plan ?? null;
    const evidence: CandidatesBuiltPayload = {
      settings: { ...settings },
      shown: set.candidates.length,
      dispositions: set.dispositions,
      plannedRoute: plan
        ? { macros: plan.macros.length, why: plan.why, goldGained: plan.goldGained, simulatedTicks: plan.simulatedTicks }
        : null,
    };
    scope.$emit(EVENTS.candidatesBuilt, evidence);
  };
}
