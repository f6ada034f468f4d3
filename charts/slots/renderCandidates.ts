// The candidates slot's second stage: renders the candidate list section (src/agent/prompt) from the
// candidates the first stage wrote, with scores only when the config shows them.
// Reads: candidates, options. Writes: pieces. Emits: app.slot.rendered.
import { candidatesPiece } from '../../src/agent/prompt/index.js';
import { EVENTS } from '../conventions.js';
import type { CandidatesSlotScope } from './candidatesState.js';

export function renderCandidatesStage(variant: string) {
  return function renderCandidates(scope: CandidatesSlotScope): void {
    const candidates = scope.candidates ?? [];
    const piece = candidatesPiece(candidates, { showCandidateScores: scope.options.showCandidateScores });
    scope.pieces = [piece];
    scope.$emit(EVENTS.slotRendered, {
      slot: 'candidates',
      variant,
      sections: [piece.section],
      chars: piece.text.length,
      candidates: candidates.length,
    });
  };
}
