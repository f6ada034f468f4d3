// The stall-report slot's stage: renders the stall report section (src/agent/prompt), or — variant
// off — writes the same key with no piece. Reads: stall. Writes: pieces (the slot's pieces
// artifact). Emits: app.slot.rendered.
import { stallReportPiece } from '../../src/agent/prompt/index.js';
import { piecesSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import { artifactOf, putArtifact, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';
import type { StallReportSlotScope } from './stallReportState.js';

export function renderStallReportStage(show: boolean) {
  const variant = show ? 'default' : 'off';
  return function renderStallReport(scope: StallReportSlotScope): void {
    const context = runContextOf(scope);
    const stall = artifactOf(context, read(scope, 'stall'));
    const piece = show ? stallReportPiece(stall) : null;
    const pieces = piece ? [piece] : [];
    scope.pieces = putArtifact(context, ARTIFACT_IDS.pieces('stall-report'), pieces, piecesSummary(pieces));
    scope.$emit(EVENTS.slotRendered, {
      slot: 'stall-report',
      variant,
      sections: pieces.map((p) => p.section),
      chars: pieces[0]?.text.length ?? 0,
    });
  };
}
