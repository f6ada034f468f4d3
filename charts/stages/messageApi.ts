// messageAPI: assembles the model request from the pieces — the task, rules and recent-behaviour
// sections it adds itself, the mounted slots' pieces (state summary, stall report, candidates), and on
// the retry pass the retry instruction — each piece tagged with its slot (src/agent/prompt). Over the
// profile's prompt budget it drops the lowest-ranked candidates and the oldest history (fitBudget.ts;
// by the planner's rank also when the variant lists them by id) and writes what it dropped. The stall
// report's verdict lines (blocked ids, which open ids break the loop) are written here, where the
// report and the shown candidates meet, from the candidates that are actually listed (after any
// budget drop) and in their listed order, so the section and the candidate lines cannot disagree.
// The prompt is this attempt's artifact; scope holds its ref.
// Reads: the slots' piece keys, history, retryInstruction, attempt, options, candidates, stall.
// Writes: prompt, promptBudget. Emits: app.prompt.budget (over budget only).
import {
  assemblePrompt,
  fitToBudget,
  listedOrder,
  stallReportPiece,
  historyPiece,
  retryPiece,
  rulesPiece,
  taskPiece,
  type PromptPiece,
} from '../../src/agent/prompt/index.js';
import type { Candidate } from '../../src/agent/schemas.js';
import { promptSummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS, EVENTS } from '../conventions.js';
import type { ArtifactRef, PlanningScope } from '../planningState.js';
import { artifactOf, putArtifact, runContextOf, type RunContext } from '../runContext.js';
import { read } from '../scopeRead.js';

/** The task and rules sections take no input: built once per process, shared by every run. */
const TASK_PIECE = taskPiece();
const RULES_PIECE = rulesPiece();

const piecesOf = (context: RunContext, ref: ArtifactRef<PromptPiece[]> | undefined): PromptPiece[] => (ref ? artifactOf(context, ref) : []);

export function messageApiStage(scope: PlanningScope): void {
  const context = runContextOf(scope);
  const history = artifactOf(context, read(scope, 'history'));
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];
  const stallPieces = piecesOf(context, read(scope, 'stallReportPieces'));
  const stall = stallPieces.length > 0 ? artifactOf(context, read(scope, 'stall')) : null;
  const { promptBudgetChars, showCandidateScores, showSimulatedOutcomes, showRanking } = read(scope, 'options');
  const candidateOptions = { showCandidateScores, showOutcomes: showSimulatedOutcomes, ranked: showRanking };
  const withVerdict = (shown: readonly Candidate[]) => (stall ? [stallReportPiece(stall, listedOrder(shown, candidateOptions))] : []);
  let prompt = assemblePrompt([
    TASK_PIECE,
    RULES_PIECE,
    ...piecesOf(context, read(scope, 'stateSummaryPieces')),
    ...withVerdict(candidates),
    ...piecesOf(context, read(scope, 'candidatePieces')),
    historyPiece(history),
    retryPiece({ retryInstruction: read(scope, 'retryInstruction') }),
  ]);
  if (promptBudgetChars !== null && prompt.system.length + prompt.user.length > promptBudgetChars) {
    const fitted = fitToBudget({ prompt, candidates, candidateOptions, history, stall }, promptBudgetChars);
    prompt = fitted.prompt;
    scope.promptBudget = fitted.record;
    scope.$emit(EVENTS.promptBudget, fitted.record);
  } else if (read(scope, 'promptBudget')) scope.promptBudget = null; // the retry pass fits: clear the first pass's record
  const attempt = read(scope, 'attempt');
  scope.prompt = putArtifact(context, ARTIFACT_IDS.prompt(attempt), prompt, promptSummary(attempt, prompt));
}
