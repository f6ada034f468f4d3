// One-line summaries of the run's artifacts, for the ArtifactRefs scope holds (planningState.ts):
// what a stage receipt shows for a read or write of a heavy value, instead of the value. Short,
// cheap (no serialization), and enough for a reader to tell two steps apart. Pure.
import type { AssembledPrompt, PromptPiece } from '../src/agent/prompt/index.js';
import type { Candidate, Facts, HistoryEntry, StallReport } from '../src/agent/schemas.js';
import type { ModelReplyArtifact } from './planningState.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function historySummary(history: readonly HistoryEntry[]): string {
  const last = history.at(-1);
  const entries = `${history.length} ${history.length === 1 ? 'entry' : 'entries'}`;
  return last ? `${entries}, last ${last.candidateId}` : entries;
}

export function boardSummary(grid: readonly string[]): string {
  return `${plural(grid.length, 'row')} x ${grid[0]?.length ?? 0}`;
}

export function factsSummary(facts: Facts): string {
  const { runner } = facts;
  return `tick ${facts.tick} ${facts.gameState}, runner ${runner.x},${runner.y}, ${facts.gold.remaining} gold left, risk ${facts.risk.level}`;
}

export function stallSummary(stall: StallReport): string {
  if (stall.severity === 'none') return 'none';
  return `${stall.severity} ${stall.type}, ${stall.blockedCandidateIds.length} blocked`;
}

export function candidatesSummary(candidates: readonly Candidate[]): string {
  const first = candidates[0];
  return first ? `${candidates.length} shown, first ${first.id}` : '0 shown';
}

export function piecesSummary(pieces: readonly PromptPiece[]): string {
  if (pieces.length === 0) return 'no piece';
  return pieces.map((p) => `${p.section} (${p.text.length} chars)`).join(', ');
}

export function promptSummary(attempt: number, prompt: AssembledPrompt): string {
  return `attempt ${attempt}: ${plural(prompt.pieces.length, 'piece')}, ${prompt.system.length + prompt.user.length} chars`;
}

export function replySummary(attempt: number, reply: ModelReplyArtifact): string {
  if (reply.status === 'ok') return `attempt ${attempt}: ok, ${reply.text?.length ?? 0} chars`;
  return `attempt ${attempt}: ${reply.status} (${reply.failureReason ?? 'failed'})`;
}
