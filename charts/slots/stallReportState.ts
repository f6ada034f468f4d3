// The stall-report slot's state: the stall diagnosis handed in, the keys every variant writes
// (its pieces). Types only.
import type { TypedScope } from 'footprintjs';
import type { StallReport } from '../../src/agent/schemas.js';
import type { PromptPiece } from '../planningState.js';

export interface StallReportSlotState {
  stall: StallReport;
  pieces?: PromptPiece[];
}

export type StallReportSlotScope = TypedScope<StallReportSlotState>;
