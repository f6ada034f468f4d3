// The state of the finish subflow (Validate's terminal branch): what its inputMapper hands in from
// the planning scope (refs to the candidates and the facts, whose values are run artifacts), and the
// two keys it hands back (selection, action). Types only.
import type { TypedScope } from 'footprintjs';
import type { Candidate, Facts, ValidationStatus } from '../../src/agent/schemas.js';
import type { RecoveryStep } from '../../src/agent/validateChoice.js';
import type { ActionState, ArtifactRef, SelectionState, ValidationState } from '../planningState.js';

export interface FinishState {
  validation: ValidationState;
  recoveryStep: RecoveryStep;
  statuses: ValidationStatus[];
  /** null when the candidates slot wrote none. */
  candidates: ArtifactRef<Candidate[]> | null;
  facts: ArtifactRef<Facts>;
  recovery: boolean;
  maxActionTicks: number;
  selection?: SelectionState;
  action?: ActionState | null;
}

export type FinishScope = TypedScope<FinishState>;
