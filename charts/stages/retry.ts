// Retry (Validate's retry branch): prepares the one retry — the failure, phrased for the model, becomes
// the retry instruction messageAPI adds — then the chart loops back to message-api.
// Reads: validation, attempt. Writes: attempt, retryInstruction. Emits: app.retry.
import { EVENTS } from '../conventions.js';
import type { PlanningScope } from '../planningState.js';
import { read } from '../scopeRead.js';

export function retryStage(scope: PlanningScope): void {
  const validation = read(scope, 'validation')!;
  const attempt = read(scope, 'attempt') + 1;
  const instruction = validation.retryInstruction ?? validation.message;
  scope.attempt = attempt;
  scope.retryInstruction = instruction;
  scope.$emit(EVENTS.retry, { attempt, afterStatus: validation.status, instructionChars: instruction.length });
}
