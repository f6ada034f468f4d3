// Prompt budget fitting (agent-planner §7, status `budget`) as a specification: nothing is dropped
// when the prompt fits; otherwise the lowest-ranked candidates go first (down to three), then the
// oldest history, then candidates down to one, and everything dropped is reported.
import { describe, expect, it } from 'vitest';
import { fitPromptBudget, type PromptPieces } from '../../src/agent/budget.js';

// Every line is 9 characters + newline = 10, so the arithmetic stays readable.
const candidate = (rank: number) => ({ id: `cand_${rank}`, text: `- cand_${rank}`.padEnd(9, '.'), rank });
const pieces: PromptPieces = {
  fixedChars: 100,
  candidates: [4, 2, 0, 3, 1].map(candidate),
  history: ['h_oldest_', 'h_middle_', 'h_newest_'],
};
// Full size: 100 + 5 * 10 + 3 * 10 = 180.

describe('fitPromptBudget', () => {
  it('drops nothing when the prompt is within budget and returns candidates in rank order', () => {
    const fit = fitPromptBudget(pieces, 180);
    expect(fit).toMatchObject({ fits: true, totalChars: 180, droppedCandidateIds: [], droppedHistoryCount: 0 });
    expect(fit.candidates.map((c) => c.id)).toEqual(['cand_0', 'cand_1', 'cand_2', 'cand_3', 'cand_4']);
  });

  it('drops the lowest-ranked candidates first', () => {
    const fit = fitPromptBudget(pieces, 165);
    expect(fit).toMatchObject({ fits: true, totalChars: 160, droppedCandidateIds: ['cand_4', 'cand_3'], droppedHistoryCount: 0 });
  });

  it('keeps three candidates and drops the oldest history next', () => {
    const fit = fitPromptBudget(pieces, 145);
    expect(fit).toMatchObject({ fits: true, totalChars: 140, droppedCandidateIds: ['cand_4', 'cand_3'], droppedHistoryCount: 2 });
    expect(fit.history).toEqual(['h_newest_']);
  });

  it('narrows the candidates down to one only after all history is gone', () => {
    const fit = fitPromptBudget(pieces, 115);
    expect(fit).toMatchObject({
      fits: true,
      totalChars: 110,
      droppedCandidateIds: ['cand_4', 'cand_3', 'cand_2', 'cand_1'],
      droppedHistoryCount: 3,
    });
    expect(fit.candidates.map((c) => c.id)).toEqual(['cand_0']);
  });

  it('says it does not fit when even the fixed text and the best candidate are over budget', () => {
    const fit = fitPromptBudget(pieces, 105);
    expect(fit).toMatchObject({
      fits: false,
      totalChars: 110,
      droppedCandidateIds: ['cand_4', 'cand_3', 'cand_2', 'cand_1'],
      droppedHistoryCount: 3,
    });
  });

  it('drops stall-blocked candidates before any open one, so the best open candidate is the one kept last', () => {
    const blocked = { ...pieces, candidates: pieces.candidates.map((c) => (c.rank <= 1 ? { ...c, blocked: true } : c)) };
    const fit = fitPromptBudget(blocked, 165);
    expect(fit.droppedCandidateIds).toEqual(['cand_1', 'cand_0']);
    const tight = fitPromptBudget(blocked, 115);
    expect(tight.candidates.map((c) => c.id)).toEqual(['cand_2']);
    expect(tight.droppedCandidateIds).toEqual(['cand_1', 'cand_0', 'cand_4', 'cand_3']);
  });

  it('lets the caller choose how many candidates survive before history is touched', () => {
    const fit = fitPromptBudget(pieces, 150, { keepCandidates: 5 });
    expect(fit).toMatchObject({ fits: true, droppedCandidateIds: [], droppedHistoryCount: 3, totalChars: 150 });
  });
});
