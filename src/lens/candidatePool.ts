// Every proposal a step considered, not only the shown ones: re-proposes from the re-materialised
// snapshot with the candidates module (the same checks the candidates slot ran) and keeps each
// proposal's candidate with its disposition, so a what-if can force a candidate the chart rejected
// (e.g. one whose simulated action walks into a guard). Pure (engine copies only).
import { analyzeSnapshot } from '../agent/analysis.js';
import { checkProposal, proposeAll, type CandidateInputs } from '../agent/candidates.js';
import { buildFacts } from '../agent/facts.js';
import { plannerOptionsSchema, type Candidate, type Snapshot } from '../agent/schemas.js';

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
}

/** The shown candidates first (as the chart built them), then every other proposal with why it was not shown. */
export function candidatePool(snapshot: Snapshot, options: PoolOptions, shown: readonly Candidate[]): PooledCandidate[] {
  const pool: PooledCandidate[] = shown.map((candidate) => ({ candidate, disposition: 'exposed', why: `shown, score ${candidate.score}` }));
  const seen = new Set(shown.map((c) => c.id));
  const analysis = analyzeSnapshot(snapshot, { simulate: options.simulate });
  const inputs: CandidateInputs = { analysis, facts: buildFacts(analysis), options: plannerOptionsSchema.parse(options) };
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
