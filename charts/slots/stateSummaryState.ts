// The state-summary slot's state: refs to the facts and the board handed in (the values are run
// artifacts), and the ref to the pieces every variant writes. Types only.
import type { TypedScope } from 'footprintjs';
import type { StateSummaryVariant } from '../../src/agent/prompt/index.js';
import type { Facts } from '../../src/agent/schemas.js';
import type { ArtifactRef, PromptPiece } from '../planningState.js';

export type { StateSummaryVariant };

export interface StateSummarySlotState {
  facts: ArtifactRef<Facts>;
  board: ArtifactRef<readonly string[]>;
  pieces?: ArtifactRef<PromptPiece[]>;
}

export type StateSummarySlotScope = TypedScope<StateSummarySlotState>;
