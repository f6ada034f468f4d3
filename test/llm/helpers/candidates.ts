// Test helper: minimal but schema-valid Candidate objects for provider tests.
import { candidateSchema, type Candidate } from '../../../src/agent/schemas.js';

export function candidate(id: string, overrides: Partial<Candidate> = {}): Candidate {
  return candidateSchema.parse({
    id,
    kind: 'collect_gold',
    lane: 'progress',
    label: id,
    goal: 'reach the gold',
    target: { x: 3, y: 4 },
    firstAction: { keyCode: 39, ticks: 4, reason: 'move right' },
    score: 10,
    scoreParts: {},
    risk: 'low',
    preconditions: [],
    stopConditions: [],
    outcome: null,
    ...overrides,
  });
}
