// Fallback (Validate's `fallback` branch, taken on the last pass only): keeps the model's pick when
// Validate accepted it; otherwise takes the highest-ranked valid candidate that is not stall-blocked
// (chooseFallback) and says why the model's pick was not used. No valid candidate at all is recorded
// as noValidCandidate (the step fails: HTTP 502).
// Reads: validation, recoveryStep, statuses, candidates, facts, options. Writes: selection. Emits: app.fallback.
import type { ValidationStatus } from '../../src/agent/schemas.js';
import { RECOVERABLE_STATUSES, chooseFallback } from '../../src/agent/validateChoice.js';
import { choiceChecks } from '../choiceChecks.js';
import { EVENTS } from '../conventions.js';
import type { PlanningScope } from '../planningState.js';
import { artifactOf, runContextOf } from '../runContext.js';
import { read } from '../scopeRead.js';

/** Why the model's pick could not be used, in one clause: the statuses and why no (further) retry. */
export function fallbackCause(statuses: readonly ValidationStatus[], recovery: boolean): string {
  const last = statuses.at(-1) ?? 'ok';
  const trail = statuses.join(' -> ');
  if (last === 'timeout' || last === 'provider_error') return `${trail} (a ${last} goes straight to the fallback)`;
  if (last === 'repeat') return `${trail} (the same unusable choice again)`;
  if (!recovery && RECOVERABLE_STATUSES.includes(last)) return `${trail} (recovery is off: no retry)`;
  if (statuses.length > 1) return `${trail} (the one retry failed too)`;
  return trail;
}

export function fallbackStage(scope: PlanningScope): void {
  const context = runContextOf(scope);
  const validation = read(scope, 'validation')!;
  const candidatesRef = read(scope, 'candidates');
  const candidates = candidatesRef ? artifactOf(context, candidatesRef) : [];
  if (read(scope, 'recoveryStep') === 'accept') {
    const chosen = candidates.find((c) => c.id === validation.acceptedCandidateId) ?? null;
    scope.selection = {
      candidateId: chosen?.id ?? null,
      candidateKind: chosen?.kind ?? null,
      fallbackUsed: false,
      fallbackReason: null,
      noValidCandidate: chosen === null,
    };
    scope.$emit(EVENTS.fallback, { fallbackUsed: false, candidateId: chosen?.id ?? null });
    return;
  }
  const fallback = chooseFallback(candidates, choiceChecks(artifactOf(context, read(scope, 'facts'))));
  const reason = `${fallbackCause(read(scope, 'statuses'), read(scope, 'options').recovery)}: ${fallback.reason}`;
  scope.selection = {
    candidateId: fallback.candidate?.id ?? null,
    candidateKind: fallback.candidate?.kind ?? null,
    fallbackUsed: fallback.candidate !== null,
    fallbackReason: reason,
    noValidCandidate: fallback.candidate === null,
  };
  scope.$emit(EVENTS.fallback, { fallbackUsed: fallback.candidate !== null, candidateId: fallback.candidate?.id ?? null, reason });
}
