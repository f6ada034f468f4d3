// How planNextAction configures a planning run's FlowChartExecutor: the footprintjs options that
// switch off per-stage work nothing here reads. Reads: whether the run captures values (the lens).
// Writes nothing (constants and one pure function). Why: footprintjs defaults to a cloned view of
// every read and write and an English sentence per read, write and emit; the receipts come from
// our own recorder instead (figures: charts/README.md, Decisions).
import type { FlowChartExecutorOptions } from 'footprintjs';
import type { CombinedNarrativeRecorderOptions } from 'footprintjs/recorders';

/**
 * Read/write views off (each tracked read or write would clone its value into the stage's
 * snapshot); 'full' when capturing values, the lens mode, whose receipts show the values.
 */
export function executorOptions(captureValues: boolean): FlowChartExecutorOptions {
  const tracking = captureValues ? 'full' : 'off';
  return { readTracking: tracking, writeTracking: tracking };
}

const nothing = () => '';

/**
 * The executor's own narrative, kept by footprintjs whenever a recorder listens to the flow
 * channel (ours must: kinds, mounts, decider evidence, errors). No one reads it — the lens
 * attaches its own `narrative()` recorder — so it formats no value and renders no line.
 */
export const QUIET_NARRATIVE: CombinedNarrativeRecorderOptions = {
  includeStepNumbers: false,
  includeValues: false,
  formatValue: nothing,
  renderer: {
    renderStage: nothing,
    renderOp: () => null,
    renderEmit: () => null,
    renderDecision: nothing,
    renderFork: nothing,
    renderSelected: nothing,
    renderSubflow: nothing,
    renderLoop: nothing,
    renderBreak: nothing,
    renderError: nothing,
    renderRetry: nothing,
  },
};
