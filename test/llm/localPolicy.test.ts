// The offline local policy reads the rendered prompt like a model would and answers in the model's
// JSON: the searched plan first, never a candidate whose simulation dies, has no escape afterwards or
// is stall-blocked. Each case is checked on the prompt text (textChoice) and on the structured
// candidates (localChoice, the plain-function planner's reader): both pick the same. Without a safe
// planned route the reader takes the first safe listed candidate, so the listed order (the ranking,
// or by id under candidates=simulated-unranked) decides its pick.
import { describe, expect, it } from 'vitest';
import { candidatesPiece } from '../../src/agent/prompt/index.js';
import type { Candidate } from '../../src/agent/schemas.js';
import { localChoice, localPolicy, readCandidates, textChoice } from '../../src/llm/localPolicy.js';
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

/** The pick from the structured list, after checking the prompt reader picks the same from the rendered section. */
function pick(list: Candidate[]): string | undefined {
  const structured = localChoice(list).candidate?.id;
  for (const showCandidateScores of [true, false]) {
    const user = `Task:\nplay\n\n${candidatesPiece(list, { showCandidateScores }).text}\n\nRecent behaviour:\n- none`;
    expect(textChoice(user).candidate?.id).toBe(structured);
  }
  return structured;
}

describe('local policy', () => {
  it('prefers the planned route over a higher-listed candidate', () => {
    const list = [
      candidate('collect_gold_3_4_right', { score: 60 }),
      candidate('planned_route_2_4_left', { kind: 'planned_route', score: 50 }),
    ];
    expect(pick(list)).toBe('planned_route_2_4_left');
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
    expect(pick(list)).toBe('climb_ladder_3_1_up');
  });

  it('never picks a candidate whose simulation has no surviving continuation when a safe one exists', () => {
    const list = [
      candidate('collect_gold_3_4_right', { outcome: outcome(false, false) }),
      candidate('wait_or_stop_here_stop', { kind: 'wait_or_stop' }),
    ];
    expect(pick(list)).toBe('wait_or_stop_here_stop');
  });

  it('without the simulated lines (candidates=simulated-no-outcomes) it cannot tell a deadly candidate from a safe one', () => {
    const list = [
      candidate('collect_gold_3_4_right', { outcome: outcome(true, false) }),
      candidate('climb_ladder_3_1_up', { kind: 'climb_ladder', outcome: outcome(false, true) }),
    ];
    expect(textChoice(candidatesPiece(list).text).candidate?.id).toBe('climb_ladder_3_1_up');
    expect(textChoice(candidatesPiece(list, { showOutcomes: false }).text).candidate?.id).toBe('collect_gold_3_4_right');
  });

  it('with no safe planned route listed, the same candidates in another listed order (unranked: by id) lead to another pick', () => {
    // rank order: the plan dies, then two safe candidates; by id the lower-ranked safe one comes first
    const list = [
      candidate('planned_route_2_4_left', { kind: 'planned_route', outcome: outcome(true, false), score: 80 }),
      candidate('collect_gold_3_4_right', { outcome: outcome(false, true), score: 40 }),
      candidate('climb_ladder_3_1_up', { kind: 'climb_ladder', outcome: outcome(false, true), score: 5 }),
    ];
    const ranked = textChoice(candidatesPiece(list).text);
    const unranked = textChoice(candidatesPiece(list, { ranked: false }).text);
    expect(ranked.candidate?.id).toBe('collect_gold_3_4_right');
    expect(ranked.why).toContain('score 40');
    expect(unranked.candidate?.id).toBe('climb_ladder_3_1_up');
    expect(unranked.why).not.toContain('score');
    // a safe planned route is taken wherever it is listed
    const safePlan = [candidate('planned_route_2_4_left', { kind: 'planned_route', outcome: outcome(false, true) }), ...list.slice(1)];
    expect(textChoice(candidatesPiece(safePlan, { ranked: false }).text).candidate?.id).toBe('planned_route_2_4_left');
  });

  it('reads every block of the Candidates section and nothing outside it', () => {
    const list = [
      candidate('planned_route_2_4_left', { kind: 'planned_route', stallBlocked: true }),
      candidate('collect_gold_3_4_right', { outcome: outcome(true, false), score: 12.5 }),
      candidate('climb_ladder_3_1_up', { kind: 'climb_ladder', outcome: outcome(false, false) }),
    ];
    const user = `Stall report:\n- id=not_a_candidate kind=x\n\n${candidatesPiece(list).text}\n\nRecent behaviour:\n- tick 3: x`;
    expect(readCandidates(user)).toEqual([
      {
        id: 'planned_route_2_4_left',
        kind: 'planned_route',
        goal: 'reach the gold',
        score: '10',
        blocked: true,
        died: false,
        trapped: false,
      },
      {
        id: 'collect_gold_3_4_right',
        kind: 'collect_gold',
        goal: 'reach the gold',
        score: '12.5',
        blocked: false,
        died: true,
        trapped: false,
      },
      { id: 'climb_ladder_3_1_up', kind: 'climb_ladder', goal: 'reach the gold', score: '10', blocked: false, died: false, trapped: true },
    ]);
    expect(readCandidates('no candidates here')).toEqual([]);
  });

  it('answers in the model JSON format with a reason', async () => {
    const req: ModelRequest = {
      system: '',
      user: candidatesPiece([candidate('collect_gold_3_4_right')]).text,
      temperature: 0,
      deadlineMs: 100,
      reply: { candidateIds: ['collect_gold_3_4_right'], constrainedReplies: 'auto' },
      meta: { traceId: 't', stepIndex: 0, retry: false },
    };
    const reply = await localPolicy(req);
    const parsed = JSON.parse(reply.text);
    expect(parsed.candidateId).toBe('collect_gold_3_4_right');
    expect(parsed.reason).toMatch(/best safe candidate/);
  });
});
