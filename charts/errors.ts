// Typed errors of a planning run, each carrying the HTTP status the server maps it to:
// an unknown slot or slot variant (400), no valid candidate at all (502, with the trace step that
// shows why), and a run cancelled by its caller's signal. No logic beyond construction.
import type { TraceStepRecord } from '../recorders/traceStep.js';

export class PlanningError extends Error {
  readonly httpStatus: number;
  constructor(name: string, message: string, httpStatus: number) {
    super(message);
    this.name = name;
    this.httpStatus = httpStatus;
  }
}

/** A slot id or variant name that the registry does not know (from the request or the config). */
export class UnknownSlotVariantError extends PlanningError {
  readonly slot: string;
  readonly variant: string | null;
  readonly source: 'request' | 'config';
  readonly known: readonly string[];
  constructor(init: { slot: string; variant: string | null; source: 'request' | 'config'; known: readonly string[] }) {
    const what =
      init.variant === null
        ? `unknown slot "${init.slot}" in ${init.source} slots; known slots: ${init.known.join(', ')}`
        : `unknown variant "${init.variant}" for slot "${init.slot}" in ${init.source} slots; known variants: ${init.known.join(', ')}`;
    super('UnknownSlotVariantError', what, 400);
    this.slot = init.slot;
    this.variant = init.variant;
    this.source = init.source;
    this.known = init.known;
  }
}

/** No shown candidate is physically valid and guard-safe, so there is nothing to fall back to. */
export class NoValidCandidateError extends PlanningError {
  /** The step as far as it got (statuses, receipts), for the trace store. */
  readonly traceStep: TraceStepRecord;
  constructor(message: string, traceStep: TraceStepRecord) {
    super('NoValidCandidateError', message, 502);
    this.traceStep = traceStep;
  }
}

/** The caller aborted the run (its signal fired); no action was chosen. */
export class PlanningCancelledError extends PlanningError {
  constructor(message = 'the planning run was cancelled by its caller') {
    super('PlanningCancelledError', message, 499);
  }
}
