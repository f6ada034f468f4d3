// Worker process of the cause computation: finds one run's point of no return (findCause) off the
// server's event loop, since the survival searches are seconds of CPU. Reads the run and recording it
// is sent; answers the cause, or the lens error that stopped it (status and message).
import { serveTasks } from '../runner/pool.js';
import { findCause, type CauseAnswer, type CauseOptions } from './cause.js';
import { LensError } from './errors.js';
import type { Recording, TraceRun } from '../stores/index.js';

export interface CauseTask {
  run: TraceRun;
  recording: Recording | null;
  options: Omit<CauseOptions, 'now' | 'onChecked'>;
}

export type CauseTaskResult =
  { cause: CauseAnswer } | { error: { status: 404 | 409 | 400; message: string; details: Record<string, unknown> } };

serveTasks<CauseTask, CauseTaskResult>(async ({ run, recording, options }) => {
  try {
    return { cause: findCause(run, recording, options) };
  } catch (error) {
    if (error instanceof LensError) return { error: { status: error.httpStatus, message: error.message, details: error.details } };
    throw error;
  }
});
