// The candidates slot's state: what its mount hands in (refs to the facts and the stall diagnosis,
// the options) and the refs every candidates variant writes (candidates, pieces); the values are
// run artifacts. Types only.
import type { TypedScope } from 'footprintjs';
import type { Candidate, Facts, StallReport } from '../../src/agent/schemas.js';
import type { ArtifactRef, PlanningOptions, PromptPiece } from '../planningState.js';

export interface CandidatesSlotState {
  facts: ArtifactRef<Facts>;
  stall: ArtifactRef<StallReport>;
  options: PlanningOptions;
  candidates?: ArtifactRef<Candidate[]>;
  pieces?: ArtifactRef<PromptPiece[]>;
}

export type CandidatesSlotScope = TypedScope<CandidatesSlotState>;

/** How a candidates variant builds its list (baked into its chart; Seed copies simulate/planSearch into options). */
export interface CandidatesVariantSettings {
  /** Exact simulation with the snapshot's engineState (false: geometric safety rules). */
  simulate: boolean;
  /** Run the plan search for a planned_route candidate. */
  planSearch: boolean;
  /** Show each candidate's `simulated:` outcome line in the prompt (default true). */
  showOutcomes?: boolean;
  /** Show the planner's ranking in the prompt: best first, with scores (default true; false lists by id, no scores). */
  ranked?: boolean;
}
