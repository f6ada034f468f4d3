// The app-wide middleware: the access log (one key=value line per request: method, path, status, ms),
// the error boundary (every failure becomes `{ error, ...details }` JSON; input never causes a 500;
// unknown /api routes get a JSON 404/405), and the JSON body parser (a malformed body is a 400).
// Reads requests, writes log lines; bodies, queries and headers are never logged.
import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import type { Logger } from '../config/logger.js';
import { redactSecretText } from '../config/secrets.js';
import { generalErrorAnswer, HttpError } from './errors.js';

export const API_PREFIX = '/api';
export const JSON_BODY_LIMIT = '2mb';

export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/**
 * The level of a request's access line. The access log's threshold is WARNING, like the app's
 * (http-api "Logging"): a failed request (4xx WARN, 5xx ERROR) shows at the default level, a
 * successful one (INFO) only with APP_LOG_LEVEL=info or `--debug`, so a healthy session stays quiet.
 */
export function accessLogLevel(status: number): 'info' | 'warn' | 'error' {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** Outermost: times the request and logs its final status (and, for errors, the message sent). */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = ctx.status;
      const fields: Record<string, unknown> = {
        method: ctx.method,
        path: ctx.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      const error = (ctx.state as { errorMessage?: unknown }).errorMessage;
      if (typeof error === 'string') fields.error = error.length > 300 ? `${error.slice(0, 297)}...` : error;
      logger[accessLogLevel(status)](fields, 'http');
    }
  };
}

function setError(ctx: Context, status: number, body: { error: string } & Record<string, unknown>): void {
  ctx.status = status;
  ctx.body = body;
  (ctx.state as { errorMessage?: string }).errorMessage = body.error;
}

/** Turns thrown errors into JSON answers, and a missing /api route into a JSON 404 (or 405). */
export function errorBoundary(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = generalErrorAnswer(error);
      // An HttpError is an answer a route chose (and logged if it had to); anything else is unexpected.
      if (answer.serverFault && !(error instanceof HttpError))
        logger.error({ method: ctx.method, path: ctx.path, err: error }, 'request failed');
      setError(ctx, answer.status, answer.body);
      return;
    }
    if (!isApiPath(ctx.path) || ctx.body != null) return;
    if (ctx.status === 405 || ctx.status === 501) {
      const allowed = ctx.response.get('Allow');
      setError(ctx, ctx.status, {
        error: `${ctx.method} is not allowed on ${ctx.path}${allowed ? `; allowed: ${allowed}` : ''}`,
      });
    } else if (ctx.status === 404) {
      setError(ctx, 404, { error: `no API route ${ctx.method} ${ctx.path}; see src/server/README.md for the routes` });
    } else if ((ctx.state as { errorMessage?: unknown }).errorMessage === undefined && ctx.status >= 400) {
      setError(ctx, ctx.status, { error: ctx.message });
    }
  };
}

/** What went wrong reading a body, in words; never quotes the body itself. */
function bodyReadError(error: unknown): HttpError {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return new HttpError(413, `the request body is larger than ${JSON_BODY_LIMIT}`);
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpError(415, 'the request body uses an unsupported encoding; send plain UTF-8 JSON');
  }
  if (type === 'request.aborted') return new HttpError(400, 'the request body was cut off before it ended');
  if (typeof status === 'number' && status >= 400 && status < 500 && !(error instanceof SyntaxError)) {
    return new HttpError(status, 'the request body could not be read');
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new HttpError(400, `the request body is not valid JSON (${redactSecretText(detail).slice(0, 200)})`);
}

/** JSON bodies for /api (whatever the content type says): any JSON value parses; the routes check its shape. */
export function jsonBodyParser(): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonStrict: false,
    jsonLimit: JSON_BODY_LIMIT,
    detectJSON: (ctx) => isApiPath(ctx.path),
    onError: (error) => {
      throw bodyReadError(error);
    },
  }) as Middleware;
}
