// The state-summary slot's stage: renders the state summary section in the variant's form
// (src/agent/prompt: compact | json | with-board). Reads: facts, board. Writes: pieces (the slot's
// pieces artifact). Emits: app.slot.rendered.
import { stateSummaryPiece } from '../../src/agent/prompt/index.js';
import { piecesSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';
import type { StateSummarySlotScope, StateSummaryVariant } from './stateSummaryState.js';

export function renderStateSummaryStage(variant: StateSummaryVariant) {
  return function renderStateSummary(scope: StateSummarySlotScope): void {
    const context = runContextOf(scope);
    const facts = artifactOf(context, read(scope, 'facts'));
    const board = artifactOf(context, read(scope, 'board'));
    const piece = stateSummaryPiece(facts, variant, board);
    const pieces = [piece];
    scope.pieces = putArtifact(context, ARTIFACT_IDS.pieces('state-summary'), pieces, piecesSummary(pieces));
    scope.$emit(EVENTS.slotRendered, { slot: 'state-summary', variant, sections: [piece.section], chars: piece.text.length });
  };
}
