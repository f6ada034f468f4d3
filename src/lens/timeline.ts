// The step timeline of one run: one compact cell per stored step (chosen candidate, its lane, the
// action, badges for fallback, retry, stall and the death that ended the run), so the page can draw
// a long run without loading every step's receipts. Pure.
import type { TraceRun } from '../stores/index.js';
import { parseSteps } from './storedStep.js';
import type { TimelineAnswer, TimelineCell } from './types.js';

function diedAtEnd(run: TraceRun): boolean {
  const outcome = run.outcome;
  if (!outcome || outcome.result === 'success') return false;
  const final = outcome.finalState ?? {};
  return final.gameStateName === 'runner_dead' || /killed|dead|died/i.test(outcome.reason ?? '');
}

export function timelineOf(run: TraceRun, hasRecording: boolean): TimelineAnswer {
  const { steps } = parseSteps(run.steps);
  const death = diedAtEnd(run);
  const cells: TimelineCell[] = steps.map((step, i) => {
    const chosen = step.candidates.find((c) => c.id === step.selectedCandidateId);
    const statuses = step.validation?.statuses ?? step.attempts?.map((a) => a.status) ?? [];
    const severity = step.stallSupervisor?.severity ?? 'none';
    return {
      stepIndex: step.stepIndex,
      tick: step.state.tick,
      candidateId: step.selectedCandidateId ?? null,
      kind: step.selectedCandidateKind ?? chosen?.kind ?? null,
      lane: chosen?.lane ?? null,
      keyCode: step.action?.keyCode ?? null,
      ticks: step.action?.ticks ?? null,
      runner: step.state.runner ? { x: step.state.runner.x, y: step.state.runner.y } : null,
      fallback: step.validation?.fallbackUsed ?? false,
      retry: (step.attempts?.length ?? 0) > 1 || step.stallSupervisor?.retryAttempted === true,
      stall: severity !== 'none' ? (step.stallSupervisor?.type ?? severity) : null,
      death: death && i === steps.length - 1,
      statuses,
    };
  });
  return {
    traceId: run.id,
    playData: run.playData,
    level: run.level,
    model: run.model as Record<string, unknown>,
    slots: run.slots,
    outcome: (run.outcome as Record<string, unknown> | undefined) ?? null,
    hasRecording,
    stepCount: run.stepCount,
    cells,
  };
}
