// Action: the step's answer — the selected candidate's first action with its ticks clamped to
// 1..maxActionTicks and a reason (the model's own when its pick was used, else the fallback's);
// null when no valid candidate exists. Then it ends the run ($break): it is chained after Validate,
// and a retry pass runs nested inside the first pass, whose continuation would run Action again.
// Reads: selection, candidates, validation, options. Writes: action. Emits: app.action.
import { EVENTS } from '../conventions.js';
import type { ActionState, PlanningScope } from '../planningState.js';
import { artifactOf, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';

export function clampTicks(ticks: number, maxActionTicks: number): number {
  const cap = Math.max(1, Math.floor(maxActionTicks));
  return Math.min(cap, Math.max(1, Math.round(ticks)));
}

function decideAction(scope: PlanningScope): void {
  const selection = read(scope, 'selection')!;
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(runContextOf(scope), candidatesRef) : [];
  const candidate = candidates.find((c) => c.id === selection.candidateId) ?? null;
  if (!candidate) {
    scope.action = null;
    scope.$emit(EVENTS.action, { action: null, reason: selection.fallbackReason });
    return;
  }
  const modelReason = read(scope, 'validation')!.modelReason.trim();
  const reason = selection.fallbackUsed
    ? `fallback to ${candidate.id}: ${candidate.firstAction.reason}`
    : modelReason || candidate.firstAction.reason;
  const action: ActionState = {
    keyCode: candidate.firstAction.keyCode,
    ticks: clampTicks(candidate.firstAction.ticks, read(scope, 'options').maxActionTicks),
    reason,
  };
  scope.action = action;
  scope.$emit(EVENTS.action, { action, candidateId: candidate.id, fallbackUsed: selection.fallbackUsed });
}

export function actionStage(scope: PlanningScope): void {
  decideAction(scope);
  // The step is answered: nothing runs after Action (footprintjs cheat sheet §12: a stage chained
  // after a decider's .end() otherwise runs once more per earlier pass of the retry loop).
  scope.$break('the step is answered');
}
