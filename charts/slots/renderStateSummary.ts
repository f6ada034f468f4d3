// The state-summary slot's stage: renders the state summary section in the variant's form
// (src/agent/prompt: compact | json | with-board). Reads: facts, board. Writes: pieces.
// Emits: app.slot.rendered.
import { stateSummaryPiece } from '../../src/agent/prompt/index.js';
import { EVENTS } from '../conventions.js';
import type { StateSummarySlotScope, StateSummaryVariant } from './stateSummaryState.js';

export function renderStateSummaryStage(variant: StateSummaryVariant) {
  return function renderStateSummary(scope: StateSummarySlotScope): void {
    const piece = stateSummaryPiece(scope.facts, variant, scope.board);
    scope.pieces = [piece];
    scope.$emit(EVENTS.slotRendered, { slot: 'state-summary', variant, sections: [piece.section], chars: piece.text.length });
  };
}
