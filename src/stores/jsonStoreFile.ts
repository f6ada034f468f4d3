// The machinery both JSON stores share: load a store file (a corrupt one is moved aside, never
// trusted or overwritten) and write it atomically (temp file, fsync, rename) through one writer
// per store. The trace store is rewritten whole, so a write per step would cost O(store) per
// step; instead changes hit memory at once and one write per interval carries them all. Each
// mutating method still resolves only once its change is on disk (see JsonFileStore.mutate).
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { logger as defaultLogger, type Logger } from '../config/logger.js';

/** Minimum time between the starts of two writes of one store. */
export const DEFAULT_COALESCE_MS = 50;

export class StoreClosedError extends Error {
  constructor(filePath: string) {
    super(`store ${basename(filePath)} is closed; it accepts no more changes`);
    this.name = 'StoreClosedError';
  }
}

// ---------------------------------------------------------------- files

let tempCounter = 0;

/**
 * Replace `filePath` with `text` so that a reader (or a crash) only ever sees the old file or the
 * new one: write a temp file in the same folder, fsync it, rename it over, fsync the folder.
 */
export async function atomicWriteFile(filePath: string, text: string): Promise<void> {
  const dir = dirname(filePath);
  await mkdir(dir, { recursive: true });
  const tempPath = join(dir, `.${basename(filePath)}.tmp-${process.pid}-${++tempCounter}`);
  try {
    const handle = await open(tempPath, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, filePath);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  // Make the rename itself durable. Some platforms cannot open or fsync a folder; the file is
  // already complete and renamed by then, so that is not worth failing the write for.
  try {
    const folder = await open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch {
    /* best effort */
  }
}

/** `<name>.corrupt-<timestamp>`, with a timestamp that is safe in file names on every platform. */
export function corruptPathFor(filePath: string, at: Date = new Date()): string {
  return `${filePath}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * The parsed store file, or null when there is none. A file that is not JSON or not the
 * schema's shape is renamed to `<name>.corrupt-<timestamp>` (kept for a person to inspect) with a
 * WARN, and null is returned so the store starts empty. Other read errors (permissions) throw:
 * starting empty there would overwrite data we merely failed to read.
 */
export async function readStoreFile<T>(filePath: string, schema: z.ZodType<T>, log: Logger = defaultLogger): Promise<T | null> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    problem = `wrong shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`;
  } catch (error) {
    problem = `not valid JSON: ${(error as Error).message}`;
  }
  const movedTo = corruptPathFor(filePath);
  await rename(filePath, movedTo);
  log.warn({ store: basename(filePath), problem, movedTo }, 'corrupt store moved aside; starting empty');
  return null;
}

// ---------------------------------------------------------------- coalescing writer

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CoalescedWriterOptions {
  filePath: string;
  /** The whole file's text as of now; called at the moment a write starts. */
  serialize: () => string;
  coalesceMs?: number;
  logger?: Logger;
}

/**
 * One writer per store file. Every change bumps a sequence number; a write captures the current
 * number when it serializes, so when it lands every change up to that number is durable.
 * Writes never overlap (one in flight at a time, in order) and start at most once per interval.
 */
export class CoalescedWriter {
  readonly filePath: string;
  readonly #serialize: () => string;
  readonly #intervalMs: number;
  readonly #log: Logger;
  #changeSeq = 0;
  #durableSeq = 0;
  #waiters: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #inFlight: Promise<void> | null = null;
  #lastWriteStartedAt = Number.NEGATIVE_INFINITY;
  #writes = 0;

  constructor(options: CoalescedWriterOptions) {
    this.filePath = options.filePath;
    this.#serialize = options.serialize;
    this.#intervalMs = Math.max(0, options.coalesceMs ?? DEFAULT_COALESCE_MS);
    this.#log = options.logger ?? defaultLogger;
  }

  /** How many times the file has actually been replaced (completed renames). */
  get writeCount(): number {
    return this.#writes;
  }

  /** True while some change is not yet on disk. */
  get pending(): boolean {
    return this.#durableSeq < this.#changeSeq;
  }

  /** Record that memory changed; a write is scheduled. Await `settled()` to know it is on disk. */
  changed(): void {
    this.#changeSeq++;
    this.#schedule();
  }

  /** Resolves once every change recorded so far is on disk; rejects if the write carrying it fails. */
  settled(): Promise<void> {
    const seq = this.#changeSeq;
    if (seq <= this.#durableSeq) return Promise.resolve();
    const promise = new Promise<void>((resolve, reject) => this.#waiters.push({ seq, resolve, reject }));
    this.#schedule();
    return promise;
  }

  /** Write now (skipping the interval) and resolve when everything changed before the call is on disk. */
  async flush(): Promise<void> {
    const target = this.#changeSeq;
    while (this.#durableSeq < target) {
      if (this.#inFlight) {
        // A failed in-flight write is retried once below; its own waiters already heard of it.
        await this.#inFlight.catch(() => undefined);
        continue;
      }
      this.#clearTimer();
      await this.#write();
    }
  }

  #clearTimer(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    if (this.#timer || this.#inFlight || !this.pending) return;
    // Leading edge: after a quiet spell the write starts on the next turn of the event loop
    // (so a burst of synchronous changes still shares it); during a burst, once per interval.
    const delay = Math.max(0, this.#lastWriteStartedAt + this.#intervalMs - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#inFlight) this.#write().catch(() => undefined);
    }, delay);
  }

  #write(): Promise<void> {
    const seq = this.#changeSeq;
    this.#lastWriteStartedAt = Date.now();
    const run = (async () => {
      let failed = false;
      try {
        await atomicWriteFile(this.filePath, this.#serialize());
        this.#writes++;
        this.#durableSeq = Math.max(this.#durableSeq, seq);
        this.#settleWaiters(seq, null);
      } catch (error) {
        failed = true;
        this.#log.error(
          { store: basename(this.filePath), err: error },
          'store write failed; the change stays in memory and goes out with the next write',
        );
        this.#settleWaiters(seq, error);
        throw error;
      } finally {
        this.#inFlight = null;
        // After a success, carry on with whatever changed meanwhile. After a failure, write again
        // only for a caller still waiting: no retry loop against a full or read-only disk; the
        // next change, flush or close retries.
        if (!failed || this.#waiters.length > 0) this.#schedule();
      }
    })();
    this.#inFlight = run;
    return run;
  }

  #settleWaiters(upTo: number, error: unknown): void {
    const remaining: Waiter[] = [];
    for (const waiter of this.#waiters) {
      if (waiter.seq > upTo) remaining.push(waiter);
      else if (error === null) waiter.resolve();
      else waiter.reject(error);
    }
    this.#waiters = remaining;
  }
}

// ---------------------------------------------------------------- the store base

export interface JsonStoreOptions {
  /** Minimum ms between two writes of the file (default 50). */
  coalesceMs?: number;
  logger?: Logger;
  /** The clock for timestamps; tests freeze it. */
  now?: () => Date;
}

/**
 * A store held in memory and mirrored to one JSON file. Subclasses say how to adopt the loaded
 * file and how to serialize; this class owns loading, durability, flush and close.
 *
 * Durability contract: every mutating method of a store resolves once everything up to and
 * including its change is on disk, and rejects if that write fails (the change then stays in
 * memory and goes out with the next write). Reads see changes immediately.
 */
export abstract class JsonFileStore<TFile> {
  readonly filePath: string;
  protected readonly log: Logger;
  protected readonly now: () => Date;
  readonly #schema: z.ZodType<TFile>;
  readonly #writer: CoalescedWriter;
  #loading: Promise<void> | null = null;
  #loaded = false;
  #closed = false;

  protected constructor(dataDir: string, fileName: string, schema: z.ZodType<TFile>, options: JsonStoreOptions = {}) {
    this.filePath = join(dataDir, fileName);
    this.log = options.logger ?? defaultLogger;
    this.now = options.now ?? (() => new Date());
    this.#schema = schema;
    this.#writer = new CoalescedWriter({
      filePath: this.filePath,
      serialize: () => this.serialize(),
      coalesceMs: options.coalesceMs,
      logger: this.log,
    });
  }

  /** Take over the loaded file (null: none or corrupt, start empty). */
  protected abstract adopt(file: TFile | null): void;
  /** The whole file as text, from memory. */
  protected abstract serialize(): string;

  /** Read the file now (the first call of any method does it otherwise); idempotent. */
  load(): Promise<void> {
    this.#loading ??= readStoreFile(this.filePath, this.#schema, this.log).then((file) => {
      this.adopt(file);
      this.#loaded = true;
    });
    return this.#loading;
  }

  /** Completed file replacements so far; shows how well writes coalesce. */
  get writeCount(): number {
    return this.#writer.writeCount;
  }

  /** Write any pending change now and resolve when it is on disk. */
  async flush(): Promise<void> {
    if (!this.#loading) return;
    await this.#loading;
    await this.#writer.flush();
  }

  /** Refuse further changes and flush. Call on shutdown (SIGINT/SIGTERM) so nothing acknowledged is lost. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
  }

  protected nowIso(): string {
    return this.now().toISOString();
  }

  protected async read<T>(query: () => T): Promise<T> {
    await this.load();
    return query();
  }

  /**
   * Apply `change` to memory (it calls `markChanged()` if it changed anything), then resolve
   * with its result once the file holds it. A change that throws leaves nothing to write.
   */
  protected async mutate<T>(change: () => T): Promise<T> {
    // Judge "closed" when the call is made: a change requested before close() is accepted, and
    // close() (which awaits the same load first) flushes it.
    if (this.#closed) throw new StoreClosedError(this.filePath);
    if (!this.#loaded) await this.load();
    const result = change();
    await this.#writer.settled();
    return result;
  }

  protected markChanged(): void {
    this.#writer.changed();
  }
}

/** Newest first by an ISO timestamp; among equal timestamps the later-inserted item counts as newer. */
export function newestFirst<T>(itemsInInsertionOrder: Iterable<T>, timestampOf: (item: T) => string): T[] {
  return [...itemsInInsertionOrder].reverse().sort((a, b) => {
    const ta = timestampOf(a);
    const tb = timestampOf(b);
    return ta === tb ? 0 : ta < tb ? 1 : -1;
  });
}
