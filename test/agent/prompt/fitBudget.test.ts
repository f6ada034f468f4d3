// The budget fitter (src/agent/prompt/fitBudget.ts) on a prompt whose candidates section withholds
// the ranking (`ranked: false`, the `simulated-unranked` variant): it still drops by the planner's
// rank, lowest first (not the last listed), and re-renders the kept candidates listed by id, the
// stall report's verdict naming them in the same listed order.
import { describe, expect, it } from 'vitest';
import { assemblePrompt, candidatesPiece, fitToBudget, listedOrder, stallReportPiece, taskPiece } from '../../../src/agent/prompt/index.js';
import { STALL_WORDS } from '../../../src/agent/prompt/stallReport.js';
import { stallReport } from '../../../src/agent/stallReport.js';
import { STOP, repeatSteps, track } from '../helpers/history.js';
import { makeCandidate } from '../helpers/makeCandidate.js';

/** In the planner's rank order, best first; by id the lowest-ranked comes first and rank 1 last. */
const ranked = [
  makeCandidate('planned_route_3_13_right', { score: 46, stallRecovery: true }),
  makeCandidate('wait_or_stop_here_stop', { score: 30, target: null }),
  makeCandidate('collect_gold_15_13_right', { score: 9, stallRecovery: true }),
  makeCandidate('climb_ladder_2_4_up', { score: 2 }),
];
const options = { ranked: false };
const stall = stallReport(track({ x: 4, y: 9 }, repeatSteps(4, ['wait_or_stop_here_stop', STOP, 4, 9])), { goldComplete: false });
const prompt = assemblePrompt([taskPiece(), stallReportPiece(stall, listedOrder(ranked, options)), candidatesPiece(ranked, options)]);
const size = prompt.system.length + prompt.user.length;
const listedIds = (user: string) => [...user.matchAll(/^- id=(\S+)/gm)].map((m) => m[1]);
const fit = (budget: number) => fitToBudget({ prompt, candidates: ranked, candidateOptions: options, history: [], stall }, budget);

describe('fitToBudget with an unranked candidates section', () => {
  it('lists the candidates by id before fitting', () => {
    expect(stall.severity).toBe('stalled');
    expect(listedIds(prompt.user)).toEqual([
      'climb_ladder_2_4_up',
      'collect_gold_15_13_right',
      'planned_route_3_13_right',
      'wait_or_stop_here_stop',
    ]);
  });

  it('drops the lowest-ranked candidate, not the last listed, and lists the kept ones by id', () => {
    const { prompt: sent, record } = fit(size - 1);
    expect(record.droppedCandidateIds).toEqual(['climb_ladder_2_4_up']);
    expect(record.fits).toBe(true);
    expect(listedIds(sent.user)).toEqual(['collect_gold_15_13_right', 'planned_route_3_13_right', 'wait_or_stop_here_stop']);
    expect(sent.user).toContain('Listed by id, not ranked; ');
    expect(sent.user).not.toContain('score');
    expect(sent.user).toContain(`${STALL_WORDS.breakers}collect_gold_15_13_right, planned_route_3_13_right.`);
  });

  it('cut down to one, keeps the best-ranked candidate, not the first listed', () => {
    const { prompt: sent, record } = fit(1);
    expect(record.droppedCandidateIds).toEqual(['climb_ladder_2_4_up', 'collect_gold_15_13_right', 'wait_or_stop_here_stop']);
    expect(listedIds(sent.user)).toEqual(['planned_route_3_13_right']);
  });
});
