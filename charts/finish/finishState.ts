// The state of the finish subflow (Validate's terminal branch): what its inputMapper hands in from
// the planning scope, and the two keys it hands back (selection, action). Types only.
import type { TypedScope } from 'footprintjs';
import type { Candidate, Facts, ValidationStatus } from '../../src/agent/schemas.js';
import type { RecoveryStep } from '../../src/agent/validateChoice.js';
import type { ActionState, SelectionState, ValidationState } from '../planningState.js';

export interface FinishState {
  validation: ValidationState;
  recoveryStep: RecoveryStep;
  statuses: ValidationStatus[];
  candidates: Candidate[];
  facts: Facts;
  recovery: boolean;
  maxActionTicks: number;
  selection?: SelectionState;
  action?: ActionState | null;
}

export type FinishScope = TypedScope<FinishState>;
