// The candidate list section (agent-planner §6, slot `candidates`): one block per candidate in
// rank order, `- id=.. kind=.. [score=..] risk=.. keyCode=.. ticks=.. target=..` then `goal=`,
// `reason=` and, when the first action was simulated, a `simulated:` line with its outcome (dies,
// or alive where and whether an escape exists afterwards); scores only when showCandidateScores;
// stall-blocked ones marked. Unranked (the `simulated-unranked` variant): no scores, listed by id.
import type { Candidate } from '../schemas.js';
import { formatNumber, piece, type PromptPiece } from './slots.js';

export interface CandidatesPieceOptions {
  /** Show each candidate's score (config `prompt.showCandidateScores`; default true). */
  showCandidateScores?: boolean;
  /** Show each candidate's `simulated:` outcome line (default true; the `simulated-no-outcomes` variant hides it). */
  showOutcomes?: boolean;
  /**
   * Show the planner's ranking (default true): best-ranked first, with scores. False (the
   * `simulated-unranked` variant): no scores whatever showCandidateScores says, listed by id.
   */
  ranked?: boolean;
}

const KEY_LEGEND = 'keyCode 37=left 38=up 39=right 40=down 90=dig left 88=dig right 32=stop';
const RANKED_HEAD = 'Best-ranked first';
const UNRANKED_HEAD = 'Listed by id, not ranked';
const SCORE_LEGEND = "score = the planner's ranking points (higher is better; the list is sorted by it, it is not game score)";
const FIELD_LEGEND =
  'risk = how close the nearest guard comes during the first action (none, low, medium, high, critical); ticks = how long the first action holds its key (a tile takes 5 ticks across, 5 up or down); a goal\'s "in N ticks" is the whole plan';

export const BLOCKED_MARK = '[BLOCKED by the stall report: do not choose]';
export const RECOVERY_MARK = '[breaks the stall]';

/** Words of the `simulated:` line that the offline text reader (src/llm/localPolicy.ts) keys on. */
export const OUTCOME_WORDS = { dies: 'dies', trapped: 'afterwards: no escape found', survives: 'afterwards: can escape' } as const;

/** The simulated result of the first action, as one line; null when the candidate was not simulated. */
export function renderOutcome(outcome: Candidate['outcome']): string | null {
  if (!outcome) return null;
  if (outcome.died) {
    const by = outcome.deathCause === 'hole' ? 'in a refilling hole' : outcome.deathCause === 'guard' ? 'caught by a guard' : 'killed';
    return `  simulated: ${OUTCOME_WORDS.dies} (${by}) within ${outcome.ticks} ticks`;
  }
  const parts = [`alive after ${outcome.ticks} ticks at (${outcome.runner.x},${outcome.runner.y})`];
  if (outcome.goldTaken > 0) parts.push(`takes ${outcome.goldTaken} gold`);
  if (outcome.closestGuardDistance !== null) parts.push(`nearest guard ${formatNumber(outcome.closestGuardDistance)} tiles`);
  if (outcome.survivesAfter === false) parts.push(OUTCOME_WORDS.trapped);
  if (outcome.survivesAfter === true) parts.push(OUTCOME_WORDS.survives);
  return `  simulated: ${parts.join(', ')}`;
}

/** Whether the prompt shows scores: only for a ranked list, and when showCandidateScores is on. */
const showsScores = (options: CandidatesPieceOptions) => (options.ranked ?? true) && (options.showCandidateScores ?? true);

/**
 * The candidates in the order the prompt lists them: as given (the planner's rank order), or by id
 * (plain string compare) when unranked. A new array; the input is not touched.
 */
export function listedOrder<C extends { id: string }>(candidates: readonly C[], options: CandidatesPieceOptions = {}): C[] {
  if (options.ranked ?? true) return [...candidates];
  return [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** One candidate's lines, as the prompt shows them (also what the budget fitter drops as a unit). */
export function renderCandidate(candidate: Candidate, options: CandidatesPieceOptions = {}): string {
  const show = showsScores(options);
  const target = candidate.target ? `(${candidate.target.x},${candidate.target.y})` : 'none';
  const head = [
    `- id=${candidate.id}`,
    `kind=${candidate.kind}`,
    ...(show ? [`score=${formatNumber(candidate.score)}`] : []),
    `risk=${candidate.risk}`,
    `keyCode=${candidate.firstAction.keyCode}`,
    `ticks=${candidate.firstAction.ticks}`,
    `target=${target}`,
    ...(candidate.stallBlocked ? [BLOCKED_MARK] : []),
    ...(candidate.stallRecovery && !candidate.stallBlocked ? [RECOVERY_MARK] : []),
  ].join(' ');
  const outcome = (options.showOutcomes ?? true) ? renderOutcome(candidate.outcome) : null;
  return [head, `  goal=${candidate.goal}`, `  reason=${candidate.firstAction.reason}`, ...(outcome ? [outcome] : [])].join('\n');
}

/**
 * The candidates piece; given in the planner's rank order, listed in that order, or by id when
 * unranked (listedOrder), the first line saying which.
 */
export function candidatesPiece(candidates: readonly Candidate[], options: CandidatesPieceOptions = {}): PromptPiece {
  const listed = listedOrder(candidates, options);
  const body = listed.length > 0 ? listed.map((c) => renderCandidate(c, options)) : ['- none'];
  const legend = [...(showsScores(options) ? [SCORE_LEGEND] : []), FIELD_LEGEND].join('; ');
  const head = (options.ranked ?? true) ? RANKED_HEAD : UNRANKED_HEAD;
  return piece('candidates', [`${head}; ${KEY_LEGEND}.`, `Fields: ${legend}.`, ...body]);
}
