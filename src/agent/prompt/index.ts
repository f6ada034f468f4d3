// The prompt pieces (agent-planner §6): one pure function per section, each returning
// { slot, section, text }, the system text, and assemblePrompt, which orders and joins them.
export { PROMPT_SLOT_IDS, SECTION_TITLES, formatNumber, piece, type PromptPiece, type SlotId } from './slots.js';
export { systemPrompt } from './system.js';
export { taskPiece } from './task.js';
export { rulesPiece } from './rules.js';
export { BOARD_LEGEND, renderBoard } from './board.js';
export { STATE_SUMMARY_VARIANTS, compactSummary, stateSummaryPiece, type StateSummaryVariant } from './stateSummary.js';
export { stallReportPiece } from './stallReport.js';
export {
  BLOCKED_MARK,
  OUTCOME_WORDS,
  RECOVERY_MARK,
  candidatesPiece,
  listedOrder,
  renderCandidate,
  renderOutcome,
  type CandidatesPieceOptions,
} from './candidates.js';
export { HISTORY_IN_PROMPT, historyPiece, renderHistoryEntry } from './history.js';
export { retryPiece } from './retry.js';
export { assemblePrompt, type AssembledPrompt, type PieceLike } from './assemble.js';
export { fitToBudget, type BudgetDrop, type PromptBudgetRecord } from './fitBudget.js';
