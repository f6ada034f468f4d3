// Fits the prompt's droppable pieces into the model's character budget (agent-planner §7,
// status `budget`): drops the lowest-ranked candidate lines and the oldest history lines and
// reports exactly what was dropped so the step can record it. Pure; counts characters only.
//
// Drop order: candidates from the bottom of the ranking down to `keepCandidates` (default 3,
// so the model still has a real choice), then history oldest first, then candidates down to
// one. Stall-blocked candidates go before any open one (the model may not answer with them), so
// the one kept last is the best open candidate and a trimmed list never leaves only blocked ids.
// The fixed text (system, rules, state summary, stall report, headers) is never dropped.

export interface BudgetCandidateLine {
  id: string;
  /** The candidate's rendered lines (one or more, joined with newlines). */
  text: string;
  /** 0 = best: the planner's rank (the section's list order, unless it lists the candidates by id). */
  rank: number;
  /** Blocked by the stall report: dropped before every open candidate. */
  blocked?: boolean;
}

export interface PromptPieces {
  /** Characters that are always sent (everything except candidate and history lines). */
  fixedChars: number;
  candidates: readonly BudgetCandidateLine[];
  /** Rendered history lines, oldest first (newest last, as the history itself). */
  history: readonly string[];
}

export interface BudgetOptions {
  /** Drop history before narrowing the candidate list below this many (default 3). */
  keepCandidates?: number;
}

export interface BudgetFit {
  /** The kept pieces are within the budget. */
  fits: boolean;
  budgetChars: number;
  /** Characters of the kept prompt: fixedChars + every kept line and its newline. */
  totalChars: number;
  /** Kept candidates, open ones best rank first, then the blocked ones kept. */
  candidates: BudgetCandidateLine[];
  /** Kept history lines, oldest first. */
  history: string[];
  /** Dropped candidate ids, in the order they were dropped (blocked first, then worst rank first). */
  droppedCandidateIds: string[];
  /** How many of the oldest history lines were dropped. */
  droppedHistoryCount: number;
}

const lineChars = (text: string) => text.length + 1;

export function fitPromptBudget(pieces: PromptPieces, budgetChars: number, options: BudgetOptions = {}): BudgetFit {
  const keepCandidates = Math.max(1, options.keepCandidates ?? 3);
  // Popped from the end: the blocked ones (worst first), then the open ones from the bottom up.
  const candidates = [...pieces.candidates].sort((a, b) => Number(a.blocked ?? false) - Number(b.blocked ?? false) || a.rank - b.rank);
  const history = [...pieces.history];
  const droppedCandidateIds: string[] = [];
  let droppedHistoryCount = 0;
  let total = pieces.fixedChars + sum(candidates.map((c) => lineChars(c.text))) + sum(history.map(lineChars));

  const dropCandidatesDownTo = (floor: number) => {
    while (total > budgetChars && candidates.length > floor) {
      const dropped = candidates.pop()!;
      droppedCandidateIds.push(dropped.id);
      total -= lineChars(dropped.text);
    }
  };
  dropCandidatesDownTo(keepCandidates);
  while (total > budgetChars && history.length > 0) {
    total -= lineChars(history.shift()!);
    droppedHistoryCount += 1;
  }
  dropCandidatesDownTo(1);

  return { fits: total <= budgetChars, budgetChars, totalChars: total, candidates, history, droppedCandidateIds, droppedHistoryCount };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
