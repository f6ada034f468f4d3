// Seed: takes the run's request (from $getArgs and the run context) and lays out the plain-JSON
// state the rest of the chart reads: a request summary, the history, the resolved options, the slot
// variants, the board, and the retry bookkeeping. Reads: args, run context snapshot. Writes the seed keys.
import type { PlanningArgs, PlanningScope } from '../planningState.js';
import { runContextOf } from '../runContext.js';

export function seedStage(scope: PlanningScope): void {
  const { run } = scope.$getArgs<PlanningArgs>();
  const { snapshot } = runContextOf(scope);
  scope.request = {
    traceId: run.traceId,
    stepIndex: run.stepIndex,
    playData: run.playData,
    level: run.level,
    tick: snapshot.tick,
    gameState: snapshot.gameStateName,
    hasEngineState: snapshot.engineState !== undefined,
    historyLength: run.history.length,
  };
  scope.history = [...run.history];
  scope.options = { ...run.options };
  scope.slotVariants = { ...run.slotVariants };
  scope.board = [...snapshot.grid];
  scope.attempt = 0;
  scope.retryInstruction = null;
  scope.attempts = [];
  scope.statuses = [];
}
