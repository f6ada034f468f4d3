// The state-summary slot's state: the facts and the board handed in, the pieces every variant
// writes. Types only.
import type { TypedScope } from 'footprintjs';
import type { StateSummaryVariant } from '../../src/agent/prompt/index.js';
import type { Facts } from '../../src/agent/schemas.js';
import type { PromptPiece } from '../planningState.js';

export type { StateSummaryVariant };

export interface StateSummarySlotState {
  facts: Facts;
  board: string[];
  pieces?: PromptPiece[];
}

export type StateSummarySlotScope = TypedScope<StateSummarySlotState>;
