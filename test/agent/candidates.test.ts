// keepOneOpen (src/agent/candidates.ts) as a specification: a stall never blocks every listed
// candidate; the best-ranked one whose simulation survives is opened again, its block penalty
// taken back, and nothing changes while any candidate is open.
import { describe, expect, it } from 'vitest';
import { keepOneOpen } from '../../src/agent/candidates.js';
import type { Candidate } from '../../src/agent/schemas.js';
import { makeCandidate } from './helpers/makeCandidate.js';

const blocked = (id: string, score: number, outcome: Partial<NonNullable<Candidate['outcome']>> | null = null): Candidate => {
  const c = makeCandidate(id, { stallBlocked: true, score, scoreParts: { base: score + 90, stallBlocked: -90 } });
  return outcome ? { ...c, outcome: { ...(c.outcome ?? {}), ...outcome } as Candidate['outcome'] } : c;
};

describe('keepOneOpen', () => {
  it('leaves a list with an open candidate as it is', () => {
    const list = [blocked('planned_route_3_5_stop', 10), makeCandidate('wait_or_stop_here_stop', { score: -5 })];
    expect(keepOneOpen(list)).toEqual(list);
  });

  it('opens the best-ranked surviving candidate when all are blocked, and gives back its penalty', () => {
    const dies = blocked('planned_route_3_5_left', 20, { died: true, survivesAfter: false });
    const lives = blocked('climb_ladder_10_4_up', 5, { died: false, survivesAfter: true });
    const out = keepOneOpen([dies, lives]);
    expect(out.filter((c) => !c.stallBlocked).map((c) => c.id)).toEqual(['climb_ladder_10_4_up']);
    const opened = out.find((c) => c.id === 'climb_ladder_10_4_up')!;
    expect(opened.score).toBe(95);
    expect(opened.scoreParts.stallBlocked).toBeUndefined();
    expect(out[0]!.id).toBe('climb_ladder_10_4_up');
  });

  it('opens the first one when none survives', () => {
    const out = keepOneOpen([
      blocked('planned_route_3_5_left', 20, { died: true }),
      blocked('retreat_from_guard_1_5_left', 5, { died: true }),
    ]);
    expect(out.filter((c) => !c.stallBlocked).map((c) => c.id)).toEqual(['planned_route_3_5_left']);
  });
});
