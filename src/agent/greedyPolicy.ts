// The greedy reference policy: the best-scoring candidate that is not stall-blocked (the list
// is already sorted by score). It is how the planner is measured without a model or a chart,
// and the floor the local profile must beat.
import type { Candidate } from './schemas.js';

export function greedyChoice(candidates: Candidate[]): Candidate {
  return candidates.find((c) => !c.stallBlocked) ?? candidates[0];
}
