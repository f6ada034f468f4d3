// The lens's typed errors: a trace, step or candidate that does not exist (404) and a step that cannot be
// re-materialised because its recording is missing or does not reach it (409). They carry an
// `httpStatus` and details, so the route maps them without knowing the lens's internals. No I/O.

export class LensError extends Error {
  constructor(
    message: string,
    readonly httpStatus: 404 | 409 | 400,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'LensError';
  }
}

/** An unknown trace, step or candidate (HTTP 404). */
export const lensNotFound = (message: string, details?: Record<string, unknown>) => new LensError(message, 404, details);

/** The step exists but cannot be re-materialised (no recording, or the recording ends before it): HTTP 409. */
export const lensConflict = (message: string, details?: Record<string, unknown>) => new LensError(message, 409, details);

/** A request the lens cannot act on (HTTP 400). */
export const lensBadRequest = (message: string, details?: Record<string, unknown>) => new LensError(message, 400, details);
