// The candidates slot's second stage: renders the candidate list section (src/agent/prompt) from the
// candidates the first stage wrote, with scores only when the config shows them, the simulated
// outcome lines unless the variant leaves them out, and in rank order unless the variant withholds
// the ranking (then by id, without scores).
// Reads: candidates, options. Writes: pieces (the slot's pieces artifact). Emits: app.slot.rendered.
import { candidatesPiece } from '../../src/agent/prompt/index.js';
import { piecesSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';
import type { CandidatesSlotScope } from './candidatesState.js';

export function renderCandidatesStage(variant: string) {
  return function renderCandidates(scope: CandidatesSlotScope): void {
    const context = runContextOf(scope);
    const candidatesRef = read(scope, 'candidates');
    const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];
    const { showCandidateScores, showSimulatedOutcomes, showRanking } = read(scope, 'options');
    const piece = candidatesPiece(candidates, { showCandidateScores, showOutcomes: showSimulatedOutcomes, ranked: showRanking });
    const pieces = [piece];
    scope.pieces = putArtifact(context, ARTIFACT_IDS.pieces('candidates'), pieces, piecesSummary(pieces));
    scope.$emit(EVENTS.slotRendered, {
      slot: 'candidates',
      variant,
      sections: [piece.section],
      chars: piece.text.length,
      candidates: candidates.length,
    });
  };
}
