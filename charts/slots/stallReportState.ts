// The stall-report slot's state: the ref to the stall diagnosis handed in, the ref to the pieces
// every variant writes (the values are run artifacts). Types only.
import type { TypedScope } from 'footprintjs';
import type { StallReport } from '../../src/agent/schemas.js';
import type { ArtifactRef, PromptPiece } from '../planningState.js';

export interface StallReportSlotState {
  stall: ArtifactRef<StallReport>;
  pieces?: ArtifactRef<PromptPiece[]>;
}

export type StallReportSlotScope = TypedScope<StallReportSlotState>;
