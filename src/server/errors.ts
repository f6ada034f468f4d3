// The errors the HTTP layer knows how to answer, and the one place that maps an error to a status
// and a JSON body `{ error, ...details }`. Planners throw the planning errors declared here (or the
// same-named classes in charts/errors.ts: errors are recognised by name, so the chart need not import
// the server). Anything unrecognised is a 500 whose body names no internals. Pure; no I/O.
import { ModelNotConfiguredError, UnknownProfileError } from '../llm/profiles.js';
import { redactSecretText } from '../config/secrets.js';
import { StoreInputError, TraceNotFoundError } from '../stores/index.js';

export type ErrorBody = { error: string } & Record<string, unknown>;

/** An answer decided by a route: a status and the body to send (the body's `error` says what to fix). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly body: ErrorBody;
  constructor(
    readonly status: number,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.body = { error: message, ...details };
  }
}

/** An ErrorAnswer as a throwable HttpError (the body is kept as is). */
export function httpErrorFrom(answer: { status: number; body: ErrorBody }): HttpError {
  const { error, ...details } = answer.body;
  return new HttpError(answer.status, error, details);
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const notFound = (message: string, details?: Record<string, unknown>) => new HttpError(404, message, details);

// ---------------------------------------------------------------- errors a planner throws

/** No shown candidate is valid, so there is nothing to fall back to (HTTP 502). */
export class NoValidCandidateError extends Error {
  override readonly name = 'NoValidCandidateError';
  readonly httpStatus = 502 as const;
}

/** A request or config slot override names a slot or variant the registry does not know (HTTP 400). */
export class UnknownSlotVariantError extends Error {
  override readonly name = 'UnknownSlotVariantError';
  readonly httpStatus = 400 as const;
  constructor(
    message: string,
    readonly slot: string,
    readonly variant: string | null,
    readonly known: readonly string[],
  ) {
    super(message);
  }
}

/** The trace step could not be written to disk (HTTP 500 "failed to persist agent trace"). */
export class TracePersistenceError extends Error {
  override readonly name = 'TracePersistenceError';
  readonly httpStatus = 500 as const;
}

/** The caller went away (its request closed) before the planner finished; nobody reads the answer. */
export class PlanningCancelledError extends Error {
  override readonly name = 'PlanningCancelledError';
  readonly httpStatus = 499 as const;
}

// ---------------------------------------------------------------- mapping

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  /** True when the failure is the server's, worth an ERROR log line; false for what the caller did. */
  serverFault: boolean;
}

function named(error: unknown, name: string): error is Error & Record<string, unknown> {
  return error instanceof Error && error.name === name;
}

function message(error: unknown): string {
  return redactSecretText(error instanceof Error ? error.message : String(error));
}

/**
 * The answer for a planning failure: every error a planner may throw (ours or the chart's, matched
 * by name), the profile errors, the store's input errors; anything else is a 500.
 */
export function planningErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, body: error.body, serverFault: error.status >= 500 };
  if (error instanceof UnknownProfileError || named(error, 'UnknownProfileError')) {
    return { status: 400, body: { error: message(error) }, serverFault: false };
  }
  if (error instanceof ModelNotConfiguredError || named(error, 'ModelNotConfiguredError')) {
    const missing = (error as { missing?: unknown }).missing;
    return { status: 503, body: { error: message(error), ...(Array.isArray(missing) ? { missing } : {}) }, serverFault: false };
  }
  if (named(error, 'UnknownSlotVariantError')) {
    const { slot, variant, known } = error as { slot?: unknown; variant?: unknown; known?: unknown };
    return { status: 400, body: { error: message(error), slot, variant, known }, serverFault: false };
  }
  if (named(error, 'NoValidCandidateError')) {
    return { status: 502, body: { error: 'agent execution failed', detail: message(error) }, serverFault: true };
  }
  if (named(error, 'TracePersistenceError') || named(error, 'StoreClosedError')) {
    return { status: 500, body: { error: 'failed to persist agent trace' }, serverFault: true };
  }
  if (named(error, 'PlanningCancelledError')) {
    return { status: 499, body: { error: 'the request was closed before planning finished' }, serverFault: false };
  }
  if (error instanceof StoreInputError) return { status: 400, body: { error: message(error) }, serverFault: false };
  // Any other planning error that declares a 4xx (the chart's PlanningError family) blames the request.
  const httpStatus = (error as { httpStatus?: unknown } | null)?.httpStatus;
  if (error instanceof Error && typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500) {
    return { status: httpStatus, body: { error: message(error) }, serverFault: false };
  }
  return generalErrorAnswer(error);
}

/** The answer for an error outside planning (stores, bodies, routes). */
export function generalErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, body: error.body, serverFault: error.status >= 500 };
  if (error instanceof StoreInputError) return { status: 400, body: { error: message(error) }, serverFault: false };
  if (error instanceof TraceNotFoundError) return { status: 404, body: { error: 'trace not found' }, serverFault: false };
  // Koa's own errors (ctx.throw, http-errors) carry a status and say whether their message is safe to show.
  const status = (error as { status?: unknown } | null)?.status;
  const expose = (error as { expose?: unknown } | null)?.expose;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: expose === true ? message(error) : 'bad request' }, serverFault: false };
  }
  return { status: 500, body: { error: 'internal server error' }, serverFault: true };
}
