// The stall-report slot's stage: renders the stall report section (src/agent/prompt), or — variant
// off — writes the same keys with no piece. Reads: stall. Writes: pieces. Emits: app.slot.rendered.
import { stallReportPiece } from '../../src/agent/prompt/index.js';
import { EVENTS } from '../conventions.js';
import type { StallReportSlotScope } from './stallReportState.js';

export function renderStallReportStage(show: boolean) {
  const variant = show ? 'default' : 'off';
  return function renderStallReport(scope: StallReportSlotScope): void {
    const piece = show ? stallReportPiece(scope.stall) : null;
    scope.pieces = piece ? [piece] : [];
    scope.$emit(EVENTS.slotRendered, {
      slot: 'stall-report',
      variant,
      sections: piece ? [piece.section] : [],
      chars: piece?.text.length ?? 0,
    });
  };
}
