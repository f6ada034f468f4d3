// messageAPI: assembles the model request from the pieces — the task, rules and recent-behaviour
// sections it adds itself, the mounted slots' pieces (state summary, stall report, candidates), and on
// the retry pass the retry instruction — each piece tagged with its slot (src/agent/prompt).
// Reads: the slots' piece keys, history, retryInstruction. Writes: prompt.
import { assemblePrompt, historyPiece, retryPiece, rulesPiece, taskPiece } from '../../src/agent/prompt/index.js';
import type { PlanningScope } from '../planningState.js';

export function messageApiStage(scope: PlanningScope): void {
  const prompt = assemblePrompt([
    taskPiece(),
    rulesPiece(),
    ...(scope.stateSummaryPieces ?? []),
    ...(scope.stallReportPieces ?? []),
    ...(scope.candidatePieces ?? []),
    historyPiece(scope.history),
    retryPiece({ retryInstruction: scope.retryInstruction }),
  ]);
  scope.prompt = prompt;
}
