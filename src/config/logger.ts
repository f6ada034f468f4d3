// The project's logger: pino underneath, but each record is printed as one `key=value` line
// (namespace loderunner.agent) because people grep these logs and a JSON blob per line reads
// badly in a terminal. Reads APP_LOG_LEVEL once at start (WARN by default, so a healthy run
// is quiet); writes to stderr so stdout stays free for command output such as `--json`.
// Secrets are redacted here, at the last moment, so no caller can forget to.
import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { REDACTED, isSecretName, redactSecretText } from './secrets.js';

export type { Logger } from 'pino';
export const LOG_NAMESPACE = 'loderunner.agent';
export const DEFAULT_LOG_LEVEL: LevelWithSilent = 'warn';

/** Anything with a write(string) method: process.stderr, a file stream, a test's array collector. */
export interface LineSink {
  write(line: string): unknown;
}

const LEVEL_NAMES: Record<string, LevelWithSilent> = {
  trace: 'trace',
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  warning: 'warn',
  error: 'error',
  fatal: 'fatal',
  critical: 'fatal',
  silent: 'silent',
  off: 'silent',
};

/** DEBUG / INFO / WARNING / ERROR (any case, Python-style) or a pino level name -> the pino level; null when unknown. */
export function parseLogLevel(value: string | null | undefined): LevelWithSilent | null {
  if (value == null) return null;
  return LEVEL_NAMES[value.trim().toLowerCase()] ?? null;
}

// ---------------------------------------------------------------- formatting

/** Copy of a parsed record with secret-named fields replaced and secret-shaped text masked. */
function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = isSecretName(key) ? REDACTED : redactValue(inner, depth + 1);
  return out;
}

const BARE_VALUE = /^[^\s"=\\]+$/;

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Quoting with JSON escapes turns newlines into \n, which keeps every record on one line.
  if (typeof value === 'string') return value !== '' && BARE_VALUE.test(value) ? value : JSON.stringify(value);
  // Objects print as compact JSON, quoted only when a space inside would split the token.
  const json = JSON.stringify(value);
  return /\s/.test(json) ? JSON.stringify(json) : json;
}

function formatKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_.-]/g, '_') || '_';
}

/** pino serializes errors as {type, message, stack}; one line only needs what went wrong. */
function formatError(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const err = value as { type?: unknown; message?: unknown; code?: unknown };
  const head = [err.type, err.message].filter((part) => typeof part === 'string' && part !== '').join(': ');
  return err.code === undefined ? head : `${head} (${String(err.code)})`;
}

/** One pino JSON record -> `time=... level=WARN ns=loderunner.agent msg="..." key=value ...`. */
export function formatLogLine(record: Record<string, unknown>): string {
  const { time, level, ns, msg, ...fields } = redactValue(record) as Record<string, unknown>;
  const label = typeof level === 'number' ? (pino.levels.labels[level] ?? String(level)) : String(level ?? 'info');
  const parts = [
    `time=${formatValue(time ?? new Date().toISOString())}`,
    `level=${label.toUpperCase()}`,
    `ns=${formatValue(ns ?? LOG_NAMESPACE)}`,
  ];
  if (msg !== undefined && msg !== '') parts.push(`msg=${formatValue(msg)}`);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${formatKey(key)}=${formatValue(key === 'err' || key === 'error' ? formatError(value) : value)}`);
  }
  return parts.join(' ');
}

/** A pino destination that re-prints each JSON record as one key=value line on `sink`. */
export function keyValueDestination(sink: LineSink = process.stderr): DestinationStream {
  return {
    write(chunk: string) {
      for (const raw of chunk.split('\n')) {
        if (raw.trim() === '') continue;
        let record: unknown;
        try {
          record = JSON.parse(raw);
        } catch {
          sink.write(`${redactSecretText(raw)}\n`);
          continue;
        }
        sink.write(`${formatLogLine(record as Record<string, unknown>)}\n`);
      }
    },
  };
}

// ---------------------------------------------------------------- loggers

export interface LoggerOptions {
  /** Level name (see parseLogLevel); an unknown name falls back to WARN with a warning. */
  level?: string;
  /** Where lines go; process.stderr by default. Tests pass a collector. */
  destination?: LineSink;
}

/** A logger in the project's format. The shared one is `logger`; tests build their own. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level === undefined ? DEFAULT_LOG_LEVEL : parseLogLevel(options.level);
  const created = pino(
    { level: level ?? DEFAULT_LOG_LEVEL, base: { ns: LOG_NAMESPACE }, timestamp: pino.stdTimeFunctions.isoTime },
    keyValueDestination(options.destination),
  );
  if (level === null) created.warn({ value: options.level, using: DEFAULT_LOG_LEVEL }, 'unknown log level ignored');
  return created;
}

/** The level APP_LOG_LEVEL asks for, or WARN; call again after dotenv files are loaded. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.APP_LOG_LEVEL?.trim() || DEFAULT_LOG_LEVEL;
}

/** The process-wide logger. Create children after setLogLevel: pino children copy the level when made. */
export const logger: Logger = createLogger({ level: logLevelFromEnv() });

/** Change a logger's level at run time (`--debug` -> 'debug'). Throws on a name parseLogLevel does not know. */
export function setLogLevel(level: string, target: Logger = logger): LevelWithSilent {
  const parsed = parseLogLevel(level);
  if (parsed === null) throw new RangeError(`unknown log level "${level}"; use DEBUG, INFO, WARNING or ERROR`);
  target.level = parsed;
  return parsed;
}
