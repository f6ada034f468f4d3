// The offline local policy reads the structured candidates like a model would and answers in the
// model's JSON: the searched plan first, never a candidate whose simulation dies or is stall-blocked.
import { describe, expect, it } from 'vitest';
import { localChoice, localPolicy } from '../../src/llm/localPolicy.js';
import type { ModelRequest } from '../../src/llm/provider.js';
import { candidate } from './helpers/candidates.js';

const outcome = (died: boolean, survivesAfter: boolean) => ({
  simulated: true,
  runner: { x: 1, y: 1 },
  ticks: 5,
  goldTaken: 0,
  died,
  deathCause: died ? ('guard' as const) : null,
  closestGuardDistance: 2,
  survivesAfter,
});

describe('local policy', () => {
  it('prefers the planned route over a higher-listed candidate', () => {
    const list = [
      candidate('collect_gold_3_4_right', { score: 60 }),
      candidate('planned_route_2_4_left', { kind: 'planned_route', score: 50 }),
    ];
    expect(localChoice(list).candidate?.id).toBe('planned_route_2_4_left');
  });

  it('gives the planned route’s goal as its reason, said once', () => {
    const goal = 'follow the searched plan: gets closer to gold in 12 ticks';
    const { why } = localChoice([candidate('planned_route_2_4_left', { kind: 'planned_route', goal })]);
    expect(why).toBe(goal);
  });

  it('skips a planned route that is stall-blocked and takes the best safe candidate', () => {
    const list = [
      candidate('planned_route_2_4_left', { kind: 'planned_route', stallBlocked: true }),
      candidate('collect_gold_3_4_right', { outcome: outcome(true, false) }),
      candidate('climb_ladder_3_1_up', { kind: 'climb_ladder', outcome: outcome(false, true) }),
    ];
    expect(localChoice(list).candidate?.id).toBe('climb_ladder_3_1_up');
  });

  it('never picks a candidate whose simulation has no surviving continuation when a safe one exists', () => {
    const list = [
      candidate('collect_gold_3_4_right', { outcome: outcome(false, false) }),
      candidate('wait_or_stop_here_stop', { kind: 'wait_or_stop' }),
    ];
    expect(localChoice(list).candidate?.id).toBe('wait_or_stop_here_stop');
  });

  it('answers in the model JSON format with a reason', async () => {
    const req: ModelRequest = {
      system: '',
      user: '',
      temperature: 0,
      deadlineMs: 100,
      candidates: [candidate('collect_gold_3_4_right')],
      meta: { traceId: 't', stepIndex: 0, retry: false },
    };
    const reply = await localPolicy(req);
    const parsed = JSON.parse(reply.text);
    expect(parsed.candidateId).toBe('collect_gold_3_4_right');
    expect(parsed.reason).toMatch(/best safe candidate/);
  });
});
