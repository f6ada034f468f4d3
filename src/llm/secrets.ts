// Keeps API keys out of everything this folder writes: collects the configured key values from an env
// map and scrubs them (and credential-looking strings) from messages, log entries and URLs.
// Reads the env map it is given; writes nothing. Used by the providers and the debug log.

/** An env map: process.env layered with the dotenv files (see dotenv.ts). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Env var names whose values are secrets. */
const SECRET_NAME = /(?:_KEY|APIKEY|_TOKEN|_SECRET|PASSWORD)$/i;
/** Values shorter than this are not scrubbed (a placeholder key like "x" would shred every message). */
export const MIN_SECRET_LENGTH = 8;
export const REDACTED = '[redacted]';

/** The values of every secret-named variable in `env` that is long enough to scrub safely. */
export function secretValuesFromEnv(env: Env): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && SECRET_NAME.test(name) && value.trim().length >= MIN_SECRET_LENGTH) out.add(value.trim());
  }
  return [...out];
}

/** Shapes of common hosted-API keys, scrubbed even when not configured here. */
const KEY_SHAPES = [/\bsk-[A-Za-z0-9_-]{16,}/g, /\bAIza[0-9A-Za-z_-]{30,}/g, /\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*/g];

/** Replace every occurrence of each secret (and of credential-shaped tokens) with `[redacted]`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  const sorted = [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of sorted) out = out.split(secret).join(REDACTED);
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  return out;
}

/** Deep-scrub every string inside a JSON-like value. */
export function scrubDeep<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return scrubSecrets(value, secrets) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, secrets)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v, secrets);
    return out as T;
  }
  return value;
}

/** A URL safe to show: no user info, no query string (either may carry credentials). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '<unparseable URL>';
  }
}
