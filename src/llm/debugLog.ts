// The raw model I/O debug log (http-api.md "Logging and debug I/O"): when enabled (--debug or
// AGENT_DEBUG_LOG=1), each model call appends one JSON line to <DATA_DIR or __data1>/agent-debug.log
// and only the 10 newest entries are kept. Reads and rewrites that one file, atomically (temp file,
// fsync, rename) and one writer at a time; every string is scrubbed of the configured API keys first.
// Raw prompts live only here: never on stdout, never in the trace store.
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { REPO_DIR } from './dotenv.js';
import { scrubDeep, secretValuesFromEnv, type Env } from './secrets.js';

export const DEBUG_LOG_FILE = 'agent-debug.log';
export const DEBUG_LOG_KEEP = 10;

export const debugLogEntrySchema = z.object({
  at: z.string().default(() => new Date().toISOString()),
  traceId: z.string(),
  stepIndex: z.number().int().nullable().default(null),
  profile: z.string().nullable().default(null),
  model: z.string(),
  retry: z.boolean(),
  /** The full prompt exactly as sent. */
  prompt: z.object({ system: z.string(), user: z.string() }),
  /** The final message text (reasoning stripped); null when the call produced none. */
  message: z.string().nullable().default(null),
  reasoning: z.string().nullable().default(null),
  parseError: z.string().nullable().default(null),
  selectedCandidateId: z.string().nullable().default(null),
  /** The call's validation status (ok, parse_error, timeout, provider_error, ...). */
  status: z.string().nullable().default(null),
  /** A provider failure's message, if the call failed. */
  error: z.string().nullable().default(null),
});
export type DebugLogEntry = z.output<typeof debugLogEntrySchema>;
export type DebugLogInput = z.input<typeof debugLogEntrySchema>;

/** `<DATA_DIR>/agent-debug.log`, DATA_DIR defaulting to `<repo>/__data1`. */
export function debugLogPath(env: Env = process.env): string {
  const dataDir = env.DATA_DIR?.trim();
  return join(dataDir ? resolve(dataDir) : join(REPO_DIR, '__data1'), DEBUG_LOG_FILE);
}

/** On with `--debug` in argv or AGENT_DEBUG_LOG set to 1/true/yes/on. */
export function isDebugLogEnabled(env: Env = process.env, argv: readonly string[] = []): boolean {
  if (argv.includes('--debug')) return true;
  return ['1', 'true', 'yes', 'on'].includes((env.AGENT_DEBUG_LOG ?? '').trim().toLowerCase());
}

export interface DebugLogOptions {
  enabled: boolean;
  /** Defaults to debugLogPath(env). */
  path?: string;
  env?: Env;
  keep?: number;
  /** Values to scrub; defaults to the secret-named variables of `env` (or process.env), read at each append. */
  secrets?: readonly string[] | (() => readonly string[]);
  /** Called when a write fails (appending never rejects: a debug log must not break planning). */
  onError?: (err: unknown) => void;
}

export interface DebugLog {
  readonly enabled: boolean;
  readonly path: string;
  /** Add one entry (no-op when disabled); `extraSecrets` adds values to scrub for this entry. */
  append(entry: DebugLogInput, extraSecrets?: readonly string[]): Promise<void>;
  /** The kept entries, oldest first (unparseable lines are skipped). */
  read(): Promise<DebugLogEntry[]>;
}

/** One write chain per file, shared by every DebugLog on that path. */
const chains = new Map<string, Promise<void>>();

async function readEntries(path: string): Promise<DebugLogEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: DebugLogEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = debugLogEntrySchema.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // a torn or foreign line: drop it
    }
  }
  return out;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await open(tmp, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}

export function createDebugLog(options: DebugLogOptions): DebugLog {
  const path = options.path ?? debugLogPath(options.env);
  const keep = Math.max(1, options.keep ?? DEBUG_LOG_KEEP);
  const secretsNow = (): readonly string[] => {
    const s = options.secrets;
    if (typeof s === 'function') return s();
    return s ?? secretValuesFromEnv(options.env ?? process.env);
  };
  const onError =
    options.onError ?? ((err: unknown) => process.emitWarning(`agent debug log not written: ${(err as Error)?.message ?? String(err)}`));

  async function appendNow(entry: DebugLogInput, extraSecrets: readonly string[]): Promise<void> {
    const secrets = [...secretsNow(), ...extraSecrets];
    const fresh = scrubDeep(debugLogEntrySchema.parse(entry), secrets);
    const kept = [...(await readEntries(path)), fresh].slice(-keep);
    // Re-scrub the older lines too, so a key configured after they were written is still removed.
    const text = kept.map((e) => JSON.stringify(scrubDeep(e, secrets))).join('\n') + '\n';
    await writeAtomically(path, text);
  }

  return {
    enabled: options.enabled,
    path,
    append(entry, extraSecrets = []) {
      if (!options.enabled) return Promise.resolve();
      const previous = chains.get(path) ?? Promise.resolve();
      const next = previous
        .then(() => appendNow(entry, extraSecrets))
        .catch((err: unknown) => {
          onError(err);
        });
      chains.set(path, next);
      void next.finally(() => {
        if (chains.get(path) === next) chains.delete(path);
      });
      return next;
    },
    async read() {
      await (chains.get(path) ?? Promise.resolve());
      return readEntries(path);
    },
  };
}
