// Action: the step's answer — the selected candidate's first action with its ticks clamped to
// 1..maxActionTicks and a reason (the model's own when its pick was used, else the fallback's);
// null when no valid candidate exists. Reads: selection, candidates, validation, maxActionTicks.
// Writes: action. Emits: app.action.
import { EVENTS } from '../conventions.js';
import type { ActionState } from '../planningState.js';
import { artifactOf, runContextOf } from '../runContext.js';
import type { FinishScope } from './finishState.js';

export function clampTicks(ticks: number, maxActionTicks: number): number {
  const cap = Math.max(1, Math.floor(maxActionTicks));
  return Math.min(cap, Math.max(1, Math.round(ticks)));
}

export function actionStage(scope: FinishScope): void {
  const selection = scope.selection!;
  const candidatesRef = scope.candidates;
  const candidates = candidatesRef ? artifactOf(runContextOf(scope), candidatesRef) : [];
  const candidate = candidates.find((c) => c.id === selection.candidateId) ?? null;
  if (!candidate) {
    scope.action = null;
    scope.$emit(EVENTS.action, { action: null, reason: selection.fallbackReason });
    return;
  }
  const modelReason = scope.validation.modelReason.trim();
  const reason = selection.fallbackUsed
    ? `fallback to ${candidate.id}: ${candidate.firstAction.reason}`
    : modelReason || candidate.firstAction.reason;
  const action: ActionState = {
    keyCode: candidate.firstAction.keyCode,
    ticks: clampTicks(candidate.firstAction.ticks, scope.maxActionTicks),
    reason,
  };
  scope.action = action;
  scope.$emit(EVENTS.action, { action, candidateId: candidate.id, fallbackUsed: selection.fallbackUsed });
}
