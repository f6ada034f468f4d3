// Every proposal a step considered, not only the shown ones: re-proposes from the re-materialised
// snapshot with the candidates module (the same checks the candidates slot ran) and keeps each
// proposal's candidate with its disposition, so a what-if can force a candidate the chart rejected
// (e.g. one whose simulated action walks into a guard), the plan search's planned_route included.
// Also lists a step's dispositions once per id (a shown id is never also listed as rejected). Pure.
import { analyzeSnapshot } from '../agent/analysis.js';
import { checkProposal, proposeAll, type CandidateInputs } from '../agent/candidates.js';
import { buildFacts } from '../agent/facts.js';
import { plannedRouteProposal } from '../agent/plannedRoute.js';
import { plannerOptionsSchema, type Candidate, type HistoryEntry, type Snapshot } from '../agent/schemas.js';

export interface PooledCandidate {
  candidate: Candidate;
  /** exposed (shown) | physical_rejection | safety_rejection | not_shown (valid, but cut, deduplicated or blocked). */
  disposition: string;
  why: string;
}

export interface PoolOptions {
  candidateLimit: number;
  maxActionTicks: number;
  showCandidateScores: boolean;
  simulate: boolean;
  /** The step's candidates variant searched a plan (its planned_route proposal is then in the pool too). */
  planSearch: boolean;
}

/**
 * The shown candidates first (as the chart built them), then every other proposal with why it was
 * not shown. `history` is the step's own (the one the chart planned with): it decides the plan
 * search's commitment and effort, so the pooled planned_route is the one the step searched.
 */
export function candidatePool(
  snapshot: Snapshot,
  options: PoolOptions,
  shown: readonly Candidate[],
  history: readonly HistoryEntry[] = [],
): PooledCandidate[] {
  const pool: PooledCandidate[] = shown.map((candidate) => ({ candidate, disposition: 'exposed', why: `shown, score ${candidate.score}` }));
  const seen = new Set(shown.map((c) => c.id));
  const analysis = analyzeSnapshot(snapshot, { simulate: options.simulate });
  const facts = buildFacts(analysis);
  // The same plan the candidates slot searched (deterministic on the same exact state and history).
  const planned = options.planSearch && !facts.activeDig ? plannedRouteProposal(analysis, {}, history).proposal : null;
  const inputs: CandidateInputs = {
    analysis,
    facts,
    options: plannerOptionsSchema.parse(options),
    extraProposals: planned ? [planned] : [],
  };
  for (const proposal of proposeAll(inputs)) {
    const checked = checkProposal(inputs, proposal);
    if (seen.has(checked.candidate.id)) continue;
    seen.add(checked.candidate.id);
    pool.push(
      'rejected' in checked
        ? { candidate: checked.candidate, disposition: checked.rejected, why: checked.why }
        : {
            candidate: checked.candidate,
            disposition: 'not_shown',
            why: 'valid, but not among the shown candidates (cut, deduplicated or stall-adjusted)',
          },
    );
  }
  return pool;
}

export interface Disposition {
  id: string;
  kind: string;
  disposition: string;
  why: string;
}

/**
 * One disposition per candidate id: two proposals can share an id (a planned_route and a plain move
 * to the same cell) and one be shown while the other was rejected. The shown one counts; the other
 * is kept only as a note on it, so no id reads as both shown and rejected.
 */
export function dispositionsOnce(dispositions: readonly Disposition[]): Disposition[] {
  const shown = new Set(dispositions.filter((d) => d.disposition === 'exposed').map((d) => d.id));
  const out = new Map<string, Disposition>();
  for (const d of dispositions) {
    if (shown.has(d.id) && d.disposition !== 'exposed') continue;
    out.set(d.id, { ...d });
  }
  return [...out.values()];
}
