// The candidates slot's section (agent-planner §6): every candidate's id, kind, risk, key,
// ticks and target on one line, then goal= and reason=; score= only when showCandidateScores;
// stall-blocked candidates marked; list order kept. Unranked (the `simulated-unranked` variant): no
// scores and no score legend, whatever showCandidateScores says, the candidates listed by id and the
// first line saying so. Checked by property.
import { describe, expect, it } from 'vitest';
import { BLOCKED_MARK, candidatesPiece, listedOrder, renderCandidate } from '../../../src/agent/prompt/index.js';
import { makeCandidate } from '../helpers/makeCandidate.js';
import { planScene } from '../helpers/scene.js';

const candidates = [
  makeCandidate('planned_route_3_13_right', { score: 46 }),
  makeCandidate('collect_gold_15_13_right', { score: 9.400000000000002, target: { x: 15, y: 13 } }),
  makeCandidate('wait_or_stop_here_stop', { score: -118, target: null, stallBlocked: true }),
];

describe('candidatesPiece', () => {
  it('is the candidates slot and lists every candidate id, in the order given', () => {
    const p = candidatesPiece(candidates);
    expect(p).toMatchObject({ slot: 'candidates', section: 'Candidates' });
    const positions = candidates.map((c) => p.text.indexOf(`id=${c.id} `));
    for (const at of positions) expect(at).toBeGreaterThan(0);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('writes the head line in the §6 field order, then goal= and reason=', () => {
    const [head, goal, reason] = renderCandidate(candidates[1]).split('\n');
    expect(head).toMatch(/^- id=collect_gold_15_13_right kind=collect_gold score=9\.4 risk=low keyCode=39 ticks=5 target=\(15,13\)$/);
    expect(goal).toBe(`  goal=${candidates[1].goal}`);
    expect(reason).toBe(`  reason=${candidates[1].firstAction.reason}`);
    expect(renderCandidate(candidates[2]).split('\n')[0]).toContain('target=none');
  });

  it('shows scores only when showCandidateScores is on (the default)', () => {
    expect(candidatesPiece(candidates).text.match(/ score=/g)).toHaveLength(3);
    expect(candidatesPiece(candidates, { showCandidateScores: true }).text).toContain('score=46');
    const hidden = candidatesPiece(candidates, { showCandidateScores: false }).text;
    expect(hidden).not.toContain('score=');
    for (const c of candidates) expect(hidden).toContain(`id=${c.id}`);
  });

  it('marks stall-blocked candidates, and only those', () => {
    const lines = candidatesPiece(candidates).text.split('\n');
    const marked = lines.filter((l) => l.includes(BLOCKED_MARK));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain('id=wait_or_stop_here_stop');
  });

  it('an unranked list shows no scores and lists the candidates by id', () => {
    const ranked = candidatesPiece(candidates).text;
    expect(ranked.split('\n')[1]).toMatch(/^Best-ranked first; /);
    expect(ranked).toContain("score = the planner's ranking points");
    for (const showCandidateScores of [undefined, true, false]) {
      const text = candidatesPiece(candidates, { ranked: false, showCandidateScores }).text;
      const lines = text.split('\n');
      expect(lines[1]).toMatch(/^Listed by id, not ranked; keyCode 37=left/);
      expect(text).not.toContain('score');
      expect(text).not.toContain('Best-ranked');
      const listed = [...text.matchAll(/^- id=(\S+)/gm)].map((m) => m[1]);
      expect(listed).toEqual(['collect_gold_15_13_right', 'planned_route_3_13_right', 'wait_or_stop_here_stop']);
    }
    // the same blocks, only in another order and without score=
    const unranked = candidatesPiece(candidates, { ranked: false }).text;
    for (const c of candidates) expect(unranked).toContain(renderCandidate(c, { showCandidateScores: false }));
    expect(renderCandidate(candidates[0], { ranked: false })).toBe(renderCandidate(candidates[0], { showCandidateScores: false }));
    expect(unranked.split('\n').filter((l) => l.includes(BLOCKED_MARK))).toEqual([expect.stringContaining('id=wait_or_stop_here_stop ')]);
  });

  it('lists by plain string compare of the ids, without touching the given (rank) order', () => {
    const given = [makeCandidate('planned_route_3_13_right'), makeCandidate('climb_ladder_2_4_up'), makeCandidate('climb_ladder_10_4_up')];
    const before = given.map((c) => c.id);
    expect(listedOrder(given, { ranked: false }).map((c) => c.id)).toEqual([
      'climb_ladder_10_4_up',
      'climb_ladder_2_4_up',
      'planned_route_3_13_right',
    ]);
    expect(listedOrder(given).map((c) => c.id)).toEqual(before);
    expect(given.map((c) => c.id)).toEqual(before);
    expect(candidatesPiece([], { ranked: false }).text.split('\n').at(-1)).toBe('- none');
  });

  it('renders a real planning step’s candidates, deterministically', () => {
    const { plan } = planScene(['  &   0        $', '#'.repeat(28)]);
    const text = candidatesPiece(plan.candidates).text;
    for (const c of plan.candidates) expect(text).toContain(`id=${c.id} kind=${c.kind}`);
    expect(text.match(/\n {2}goal=/g)).toHaveLength(plan.candidates.length);
    expect(text.match(/\n {2}reason=/g)).toHaveLength(plan.candidates.length);
    expect(candidatesPiece(plan.candidates).text).toBe(text);
  });
});
