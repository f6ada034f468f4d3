// Fits an assembled prompt into a profile's character budget (agent-planner §7, status `budget`):
// with the drop order of src/agent/budget.ts (stall-blocked candidates before open ones, the
// lowest-ranked down to three, then the history oldest first, the section itself when no line is
// left, then candidates down to one) it re-renders the candidate and history sections, and the
// stall report's verdict over the candidates kept, from what is kept and says what went, by count,
// section and size (measured on the prompt as it is sent). The drop order is always the planner's
// rank (the candidates come in rank order), also when the section lists them by id (unranked).
// Pure; the messageAPI stage calls it only when the prompt is over budget.
import { fitPromptBudget } from '../budget.js';
import type { Candidate, HistoryEntry, StallReport } from '../schemas.js';
import { assemblePrompt, type AssembledPrompt } from './assemble.js';
import { candidatesPiece, listedOrder, renderCandidate, type CandidatesPieceOptions } from './candidates.js';
import { HISTORY_IN_PROMPT, historyPiece, renderHistoryEntry } from './history.js';
import type { PromptPiece } from './slots.js';
import { stallReportPiece } from './stallReport.js';

export interface BudgetDrop {
  section: string;
  /** Candidates or history lines dropped from the section (the whole section when `whole`). */
  count: number;
  chars: number;
  whole: boolean;
}

/** What the budget did to one prompt: the record the messageAPI stage writes and the trace keeps. */
export interface PromptBudgetRecord {
  budgetChars: number;
  /** system + user characters before and after fitting. */
  charsBefore: number;
  chars: number;
  fits: boolean;
  droppedCandidateIds: string[];
  dropped: BudgetDrop[];
}

export interface BudgetInput {
  /** The prompt as first assembled (its candidate and history pieces are the ones rebuilt). */
  prompt: AssembledPrompt;
  /**
   * The shown candidates, best first: the drop order's rank (the candidates section lists exactly
   * these, in listedOrder: by id when candidateOptions.ranked is false).
   */
  candidates: readonly Candidate[];
  candidateOptions: CandidatesPieceOptions;
  history: readonly HistoryEntry[];
  /** The stall report whose verdict names the listed candidates (re-rendered over the ones kept). */
  stall?: StallReport | null;
}

const size = (p: AssembledPrompt) => p.system.length + p.user.length;

export function fitToBudget(input: BudgetInput, budgetChars: number): { prompt: AssembledPrompt; record: PromptBudgetRecord } {
  const { prompt, candidates, candidateOptions } = input;
  const charsBefore = size(prompt);
  const candidateLines = candidates.map((c, rank) => ({
    id: c.id,
    text: renderCandidate(c, candidateOptions),
    rank,
    blocked: c.stallBlocked,
  }));
  const shownHistory = input.history.slice(-HISTORY_IN_PROMPT);
  const historyLines = shownHistory.map(renderHistoryEntry);
  const hasHistory = prompt.pieces.some((p) => p.slot === 'history');
  const lineChars = [...candidateLines.map((c) => c.text), ...(hasHistory ? historyLines : [])].reduce((n, t) => n + t.length + 1, 0);
  const fit = fitPromptBudget(
    { fixedChars: charsBefore - lineChars, candidates: candidateLines, history: hasHistory ? historyLines : [] },
    budgetChars,
  );

  const kept = new Set(fit.candidates.map((c) => c.id));
  const keptCandidates = candidates.filter((c) => kept.has(c.id));
  const keptHistory = fit.history.length;
  const rebuilt: PromptPiece[] = [];
  for (const p of prompt.pieces) {
    if (p.slot === 'candidates') rebuilt.push(candidatesPiece(keptCandidates, candidateOptions));
    else if (p.slot === 'stall-report' && input.stall)
      rebuilt.push(stallReportPiece(input.stall, listedOrder(keptCandidates, candidateOptions)) ?? p);
    else if (p.slot === 'history') {
      if (keptHistory > 0) rebuilt.push(historyPiece(input.history, keptHistory));
    } else rebuilt.push(p);
  }
  const fitted = assemblePrompt(rebuilt, { system: prompt.system });

  const dropped: BudgetDrop[] = [];
  const sectionChars = (slot: string, from: AssembledPrompt) => from.pieces.find((p) => p.slot === slot)?.text.length ?? 0;
  if (fit.droppedCandidateIds.length > 0) {
    const chars = sectionChars('candidates', prompt) - sectionChars('candidates', fitted);
    dropped.push({ section: 'Candidates', count: fit.droppedCandidateIds.length, chars, whole: false });
  }
  if (hasHistory && fit.droppedHistoryCount > 0) {
    const whole = keptHistory === 0;
    const chars = sectionChars('history', prompt) - sectionChars('history', fitted) + (whole ? 2 : 0);
    dropped.push({ section: 'Recent behaviour', count: fit.droppedHistoryCount, chars, whole });
  }
  const chars = size(fitted);
  return {
    prompt: fitted,
    record: { budgetChars, charsBefore, chars, fits: chars <= budgetChars, droppedCandidateIds: fit.droppedCandidateIds, dropped },
  };
}
