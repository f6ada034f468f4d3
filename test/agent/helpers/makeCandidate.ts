// Test helper: a complete Candidate (agent-planner §4) from its id alone; the kind and the first
// action's key code are read off the `{kind}_{x}_{y}_{action}` id, everything else is neutral.
import { candidateKindOf, targetFromCandidateId } from '../../../src/agent/stallReport.js';
import type { Candidate, CandidateKind, Lane } from '../../../src/agent/schemas.js';

const KEY_OF_ACTION: Record<string, number> = { left: 37, up: 38, right: 39, down: 40, stop: 32, dig_left: 90, dig_right: 88 };

const ACTIONS_LONGEST_FIRST = Object.keys(KEY_OF_ACTION).sort((a, b) => b.length - a.length);

function laneOf(kind: CandidateKind): Lane {
  if (kind === 'wait_or_stop' || kind === 'emergency_hold') return 'fallback';
  if (kind.startsWith('wait_for_dig') || kind === 'wait_for_floor_refill' || kind === 'wait_for_trap_resolution') return 'environment';
  if (
    kind === 'retreat_from_guard' ||
    kind === 'defensive_dig' ||
    kind === 'escape_through_open_hole' ||
    kind === 'wait_for_guard_clearance'
  ) {
    return 'safety';
  }
  return 'progress';
}

export function makeCandidate(id: string, overrides: Partial<Candidate> = {}): Candidate {
  const kind = candidateKindOf(id);
  if (kind === null) throw new Error(`makeCandidate: no kind in id ${id}`);
  const action = ACTIONS_LONGEST_FIRST.find((name) => id.endsWith(`_${name}`)) ?? 'stop';
  return {
    id,
    kind,
    lane: laneOf(kind),
    label: id,
    goal: `goal of ${id}`,
    target: targetFromCandidateId(id),
    firstAction: { keyCode: KEY_OF_ACTION[action], ticks: 5, reason: `${action} toward the target` },
    score: 100,
    scoreParts: { base: 100 },
    risk: 'low',
    preconditions: [],
    stopConditions: [],
    outcome: null,
    stallBlocked: false,
    stallRecovery: false,
    ...overrides,
  };
}
