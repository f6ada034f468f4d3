// The Redis connection of the experiment queue: the --queue URL (validated), a first contact that
// fails fast with the URL in the message instead of retrying forever, and a watch that turns a
// connection lost for too long into the same error. Reads the URL; opens ioredis clients only.
import { Redis } from 'ioredis';
import { z } from 'zod';

export const redisUrlSchema = z
  .string()
  .trim()
  .refine((s) => /^rediss?:\/\/[^/\s]+(\/\d+)?\/?$/.test(s), 'a Redis URL looks like redis://host:6379 (or rediss:// for TLS)');

/** Redis is not there (or went away): names the URL, without its password. */
export class QueueUnreachableError extends Error {
  override readonly name = 'QueueUnreachableError';
}

/** The URL as printed: any password replaced by "***". */
export function displayUrl(url: string): string {
  return url.replace(
    /^(rediss?:\/\/)([^@/]*)@/,
    (_m, scheme: string, auth: string) => `${scheme}${auth.includes(':') ? `${auth.split(':')[0]}:***` : '***'}@`,
  );
}

/** A parsed --queue value, or an error a person can act on. */
export function parseRedisUrl(text: string): string {
  const parsed = redisUrlSchema.safeParse(text);
  if (!parsed.success) throw new QueueUnreachableError(`--queue ${displayUrl(text)}: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/**
 * Connects once, without retries, and pings; throws QueueUnreachableError naming the URL when
 * Redis does not answer within `timeoutMs`. Returns a client for BullMQ (retries from then on).
 */
export async function connectRedis(url: string, timeoutMs = 3000): Promise<Redis> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  let socketError: NodeJS.ErrnoException | null = null;
  probe.on('error', (e: NodeJS.ErrnoException) => (socketError = e));
  try {
    await withTimeout(
      probe.connect().then(() => probe.ping()),
      timeoutMs,
    );
  } catch (e) {
    const cause = (socketError ?? e) as NodeJS.ErrnoException;
    const why = cause.code ?? cause.message;
    throw new QueueUnreachableError(`cannot reach Redis at ${displayUrl(url)} (${why}); start redis-server there or fix --queue`);
  } finally {
    probe.disconnect();
  }
  const client = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: timeoutMs });
  client.on('error', () => {}); // reconnects are watched by watchConnection
  return client;
}

/** Throws QueueUnreachableError naming the URL unless Redis answers (before anything is written). */
export async function assertReachable(url: string, timeoutMs = 3000): Promise<void> {
  (await connectRedis(url, timeoutMs)).disconnect();
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e as Error)),
    );
  });
}

/**
 * Calls `onLost` once when `client` has been disconnected for `graceMs` in a row (ioredis keeps
 * reconnecting meanwhile). Returns a function that stops watching.
 */
export function watchConnection(client: Redis, url: string, graceMs: number, onLost: (err: QueueUnreachableError) => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  const down = () => {
    timer ??= setTimeout(
      () =>
        onLost(
          new QueueUnreachableError(`lost Redis at ${displayUrl(url)} for ${Math.round(graceMs / 1000)} s; is redis-server still running?`),
        ),
      graceMs,
    );
  };
  const up = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  client.on('close', down);
  client.on('ready', up);
  return () => {
    up();
    client.off('close', down);
    client.off('ready', up);
  };
}
