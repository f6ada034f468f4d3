// When a throttled call (HTTP 429, or 503) may be tried again: the server's own word from
// `retry-after-ms`, `retry-after` (seconds or an HTTP date) or the `x-ratelimit-reset-*` headers
// ("1s", "6m0s", "250ms"), plus a little jitter so concurrent episodes do not come back in step.
// Pure (the clock and the random draw are parameters); the hosted provider decides whether the wait
// fits inside the call's deadline.

/** Status codes whose Retry-After is honoured. */
export const THROTTLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** At most this many waits per call (the deadline usually ends it sooner). */
export const MAX_THROTTLE_WAITS = 4;
/** Jitter added to each wait: up to 10% of it, at most this many ms. */
export const MAX_JITTER_MS = 250;

type HeaderBag = { get(name: string): string | null } | Record<string, string | string[] | undefined> | null | undefined;

function header(headers: HeaderBag, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(n: string): string | null }).get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** "1s", "6m0s", "1h2m3.5s", "250ms", "0.5" (seconds) -> ms; null when unreadable. */
export function parseResetDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== trimmed) return null;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  return parts.reduce((ms, p) => ms + Number(p[1]) * unit[p[2]!]!, 0);
}

/** How long the server asks us to wait, in ms, or null when it does not say. */
export function serverRetryDelayMs(headers: HeaderBag, nowMs: number = Date.now()): number | null {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms.trim());
  const after = header(headers, 'retry-after');
  if (after !== null) {
    const text = after.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
    const date = Date.parse(text);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const resets = ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens', 'x-ratelimit-reset']
    .map((name) => header(headers, name))
    .map((value) => (value === null ? null : parseResetDuration(value)))
    .filter((value): value is number => value !== null);
  return resets.length > 0 ? Math.max(...resets) : null;
}

/** The wait with jitter: base + up to min(10% of base, MAX_JITTER_MS); `random` in [0, 1). */
export function withJitter(baseMs: number, random: number = Math.random()): number {
  return Math.round(baseMs + random * Math.min(baseMs * 0.1, MAX_JITTER_MS));
}

/** Sleeps `ms`, or rejects as soon as `aborted` does (the call's deadline or the run's cancel). */
export function sleepUnlessAborted(ms: number, aborted: Promise<never>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const slept = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([slept, aborted]).finally(() => clearTimeout(timer));
}
