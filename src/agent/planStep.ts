// One deterministic planning step as plain function calls (no chart): snapshot + history ->
// analysis, facts, stall report, candidates. The chart's stages call the same pieces; this
// composition is used by the greedy play loop, the benchmark and tests.
import { analyzeSnapshot, type Analysis } from './analysis.js';
import { buildCandidates, type CandidateSet, type Proposal } from './candidates.js';
import { buildFacts } from './facts.js';
import type { Plan, PlanSearchOptions } from './search/planSearch.js';
import { plannedRouteProposal } from './plannedRoute.js';
import { plannerOptionsSchema, type Facts, type HistoryEntry, type PlannerOptions, type Snapshot, type StallReport } from './schemas.js';
import { applyStallAdjustment, stallReport } from './stallReport.js';

export interface PlanStepResult extends CandidateSet {
  plan: Plan | null;
  analysis: Analysis;
  facts: Facts;
  stall: StallReport;
}

export function planStep(
  snapshot: Snapshot,
  history: HistoryEntry[],
  options: Partial<PlannerOptions> & { planSearch?: boolean; search?: Partial<PlanSearchOptions> } = {},
  extra?: (analysis: Analysis, facts: Facts) => Proposal[],
): PlanStepResult {
  const opts = plannerOptionsSchema.parse(options);
  const analysis = analyzeSnapshot(snapshot, { simulate: opts.simulate });
  const facts = buildFacts(analysis);
  const planned = options.planSearch !== false && !facts.activeDig ? plannedRouteProposal(analysis, options.search, history) : null;
  const stall = stallReport(history, { goldComplete: facts.goldComplete });
  const set = buildCandidates({
    analysis,
    facts,
    options: opts,
    stall,
    adjustForStall: applyStallAdjustment,
    extraProposals: [...(planned?.proposal ? [planned.proposal] : []), ...(extra?.(analysis, facts) ?? [])],
    ...(options.search ? { planSearch: options.search } : {}),
  });
  return { ...set, analysis, facts, stall, plan: planned?.plan ?? null };
}
