// The candidates slot's first stage: the same computation as planStep after the analysis — the plan
// search's planned_route (when the variant searches and the runner can act), every proposal checked,
// scored, stall-adjusted, sorted and cut to candidateLimit, with every disposition kept.
// Reads: facts, stall, options, the run context's Analysis, the commitment in its history. Writes: candidates (an artifact; scope
// holds its ref). Emits: app.candidates.built (dispositions and the plan: trace evidence no later
// stage reads, so not state).
import { buildCandidates } from '../../src/agent/candidates.js';
import { plannedRouteProposal } from '../../src/agent/plannedRoute.js';
import { plannerOptionsSchema, type PlannerOptions } from '../../src/agent/schemas.js';
import { applyStallAdjustment } from '../../src/agent/stallReport.js';
import { candidatesSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import type { CandidatesBuiltPayload } from '../planningState.js';
import { analysisOf, artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';
import type { CandidatesSlotScope, CandidatesVariantSettings } from './candidatesState.js';

/** The parsed planner options per distinct setting (a handful per process: parsed once, not per step). */
const parsedOptions = new Map<string, PlannerOptions>();

function plannerOptions(
  input: Pick<PlannerOptions, 'candidateLimit' | 'maxActionTicks' | 'showCandidateScores' | 'simulate'>,
): PlannerOptions {
  const key = `${input.candidateLimit}|${input.maxActionTicks}|${input.showCandidateScores}|${input.simulate}`;
  let parsed = parsedOptions.get(key);
  if (!parsed) {
    parsed = plannerOptionsSchema.parse(input);
    if (parsedOptions.size >= 64) parsedOptions.clear();
    parsedOptions.set(key, parsed);
  }
  return parsed;
}

export function proposeCandidatesStage(settings: CandidatesVariantSettings) {
  return function proposeCandidates(scope: CandidatesSlotScope): void {
    const context = runContextOf(scope);
    const analysis = analysisOf(scope);
    const facts = artifactOf(context, read(scope, 'facts'));
    const { candidateLimit, maxActionTicks, showCandidateScores } = read(scope, 'options');
    const options = plannerOptions({ candidateLimit, maxActionTicks, showCandidateScores, simulate: settings.simulate });
    const planned = settings.planSearch && !facts.activeDig ? plannedRouteProposal(analysis, context.planSearch, context.history) : null;
    context.plan = planned?.plan ?? null;
    const set = buildCandidates({
      analysis,
      facts,
      options,
      stall: artifactOf(context, read(scope, 'stall')),
      adjustForStall: applyStallAdjustment,
      extraProposals: planned?.proposal ? [planned.proposal] : [],
      ...(context.planSearch ? { planSearch: context.planSearch } : {}),
    });
    scope.candidates = putArtifact(context, ARTIFACT_IDS.candidates, set.candidates, candidatesSummary(set.candidates));
    const plan = planned?.plan ?? null;
    const evidence: CandidatesBuiltPayload = {
      settings: { ...settings },
      shown: set.candidates.length,
      dispositions: set.dispositions,
      plannedRoute: plan
        ? {
            macros: plan.macros.length,
            why: plan.why,
            goldGained: plan.goldGained,
            simulatedTicks: plan.simulatedTicks,
            mode: plan.mode,
            reachesGoal: plan.reachesGoal,
            followed: plan.followed,
            searchedAtTick: plan.searchedAtTick,
            deepened: plan.deepened,
            ...(plan.ahead ? { ahead: { slices: plan.ahead.slices, of: plan.ahead.of } } : {}),
            ...(plan.next ? { next: { slices: plan.next.slices } } : {}),
            ...(plan.rejected ? { rejected: { ...plan.rejected } } : {}),
            ...(plan.exhausted ? { exhausted: true } : {}),
          }
        : null,
    };
    scope.$emit(EVENTS.candidatesBuilt, evidence);
  };
}
