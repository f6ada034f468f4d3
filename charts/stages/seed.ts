// Seed: takes the run's request (from $getArgs and the run context) and lays out the small
// plain-JSON state the rest of the chart reads: a request summary, refs to the history and the
// board (the values stay in the run context), the resolved options, the slot variants, and the
// retry bookkeeping. Reads: args, run context snapshot + history. Writes the seed keys.
import { boardSummary, historySummary } from '../artifactSummaries.js';
import { ARTIFACT_IDS } from '../conventions.js';
import type { PlanningArgs, PlanningScope } from '../planningState.js';
import { putArtifact, runContextOf } from '../runContext.js';

export function seedStage(scope: PlanningScope): void {
  const { run } = scope.$getArgs<PlanningArgs>();
  const context = runContextOf(scope);
  const { snapshot, history } = context;
  scope.request = {
    traceId: run.traceId,
    stepIndex: run.stepIndex,
    playData: run.playData,
    level: run.level,
    tick: snapshot.tick,
    gameState: snapshot.gameStateName,
    hasEngineState: snapshot.engineState !== undefined,
    historyLength: history.length,
  };
  scope.history = putArtifact(context, ARTIFACT_IDS.history, history, historySummary(history));
  scope.options = { ...run.options };
  scope.slotVariants = { ...run.slotVariants };
  scope.board = putArtifact(context, ARTIFACT_IDS.board, snapshot.grid, boardSummary(snapshot.grid));
  scope.attempt = 0;
  scope.retryInstruction = null;
  scope.attempts = [];
  scope.statuses = [];
}
