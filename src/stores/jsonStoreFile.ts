// The machinery both JSON stores share: load a store file (a corrupt one is moved aside, never
// trusted or overwritten), write it atomically (temp file, fsync, rename) through one coalescing
// writer per store, and, for a store that opts in (the trace store), an append-only journal
// beside the file so a write costs the size of the change instead of the size of the store: a
// coalesced write appends the new journal lines (fsync'd), and the main file is rewritten whole
// (a compaction) only once the journal has outgrown it, on flush() and on close(). Each mutating
// method still resolves only once its change is on disk (see JsonFileStore.mutate).
import { mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { z } from 'zod';
import { logger as defaultLogger, type Logger } from '../config/logger.js';
import { appendDurably, compactedLine, baseLine, journalPathFor, scanJournal, sha256, syncFolder } from './journal.js';

/** Minimum time between the starts of two writes of one store. */
export const DEFAULT_COALESCE_MS = 50;

/** A journaled store compacts once its journal is larger than max(this, the main file's size). */
export const DEFAULT_COMPACT_MIN_BYTES = 1024 * 1024;

export class StoreClosedError extends Error {
  constructor(filePath: string) {
    super(`store ${basename(filePath)} is closed; it accepts no more changes`);
    this.name = 'StoreClosedError';
  }
}

// ---------------------------------------------------------------- files

let tempCounter = 0;
const TEMP_INFIX = '.tmp-';

/**
 * Replace `filePath` with `data` so that a reader (or a crash) only ever sees the old file or the
 * new one: write a temp file `.<name>.tmp-<pid>-<n>` in the same folder, fsync it, rename it over,
 * fsync the folder.
 */
export async function atomicWriteFile(filePath: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(filePath);
  await mkdir(dir, { recursive: true });
  const tempPath = join(dir, `.${basename(filePath)}${TEMP_INFIX}${process.pid}-${++tempCounter}`);
  try {
    const handle = await open(tempPath, 'w');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempPath, filePath);
  } catch (error) {
    await unlink(tempPath).catch(() => undefined);
    throw error;
  }
  // Make the rename itself durable. The file is complete and renamed by then, so a folder that
  // cannot be fsync'd is not worth failing the write for.
  await syncFolder(dir);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, not ours
  }
}

/**
 * Remove the temp files a crashed atomicWriteFile left beside `filePath`: those whose writing
 * process is gone. A live process's temp file (another instance mid-write) is left alone.
 */
export async function removeLeftoverTempFiles(filePath: string, log: Logger = defaultLogger): Promise<string[]> {
  const dir = dirname(filePath);
  const prefix = `.${basename(filePath)}${TEMP_INFIX}`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1] ?? NaN);
    if (Number.isInteger(pid) && (pid === process.pid || processIsAlive(pid))) continue;
    await unlink(join(dir, name)).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  if (removed.length > 0) log.info({ store: basename(filePath), removed: removed.join(',') }, 'removed temp files of a crashed write');
  return removed;
}

/** `<name>.corrupt-<timestamp>`, with a timestamp that is safe in file names on every platform. */
export function corruptPathFor(filePath: string, at: Date = new Date()): string {
  return `${filePath}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
}

/** A store file as loaded: its parsed content and the size and hash of its bytes. */
export interface LoadedStoreFile<T> {
  data: T;
  bytes: number;
  sha256: string;
}

/**
 * The parsed store file with its size and hash, or null when there is none. A file that is not
 * JSON or not the schema's shape is renamed to `<name>.corrupt-<timestamp>` (kept for a person to
 * inspect) with a WARN, and null is returned so the store starts empty. Other read errors
 * (permissions) throw: starting empty there would overwrite data we merely failed to read.
 */
export async function loadStoreFile<T>(
  filePath: string,
  schema: z.ZodType<T>,
  log: Logger = defaultLogger,
): Promise<LoadedStoreFile<T> | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (parsed.success) return { data: parsed.data, bytes: bytes.length, sha256: sha256(bytes) };
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

/** The parsed store file, or null (none, or corrupt and moved aside: see loadStoreFile). */
export async function readStoreFile<T>(filePath: string, schema: z.ZodType<T>, log: Logger = defaultLogger): Promise<T | null> {
  return (await loadStoreFile(filePath, schema, log))?.data ?? null;
}

// ---------------------------------------------------------------- coalescing writer

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CoalescedWriterOptions {
  filePath: string;
  /** Whole-file mode: the file's text as of now; called at the moment a write starts, then written atomically. */
  serialize?: () => string;
  /**
   * Custom mode (instead of `serialize`): perform one write. Called when a write starts; it must
   * capture everything it writes synchronously, before its first await, and resolve with the bytes
   * it wrote once they are durable.
   */
  persist?: () => Promise<number>;
  coalesceMs?: number;
  logger?: Logger;
}

/**
 * One writer per store file. Every change bumps a sequence number; a write captures the current
 * number when it starts, so when it lands every change up to that number is durable.
 * Writes never overlap (one in flight at a time, in order) and start at most once per interval.
 */
export class CoalescedWriter {
  readonly filePath: string;
  readonly #persist: () => Promise<number>;
  readonly #intervalMs: number;
  readonly #log: Logger;
  #changeSeq = 0;
  #durableSeq = 0;
  #waiters: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #inFlight: Promise<void> | null = null;
  #lastWriteStartedAt = Number.NEGATIVE_INFINITY;
  #writes = 0;
  #bytes = 0;

  constructor(options: CoalescedWriterOptions) {
    this.filePath = options.filePath;
    const { persist, serialize } = options;
    if (persist) this.#persist = persist;
    else if (serialize) {
      this.#persist = () => {
        const text = serialize();
        return atomicWriteFile(this.filePath, text).then(() => Buffer.byteLength(text));
      };
    } else throw new TypeError('CoalescedWriter needs serialize or persist');
    this.#intervalMs = Math.max(0, options.coalesceMs ?? DEFAULT_COALESCE_MS);
    this.#log = options.logger ?? defaultLogger;
  }

  /** How many writes have completed. */
  get writeCount(): number {
    return this.#writes;
  }

  /** Bytes the completed writes put on disk. */
  get bytesWritten(): number {
    return this.#bytes;
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
        const bytes = await this.#persist();
        this.#bytes += bytes;
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

/** The points of a journaled store's write a test can watch (or fail, by throwing) through `onWrite`. */
export type WriteStage =
  /** New op lines were appended to the journal and fsync'd. */
  | 'journal-appended'
  /** A compaction appended its mark (the new main file's hash) to the journal. */
  | 'compaction-marked'
  /** A compaction replaced the main file. */
  | 'main-replaced'
  /** A compaction removed the journal. */
  | 'journal-removed';

export interface JsonStoreOptions {
  /** Minimum ms between two writes of the file (default 50). */
  coalesceMs?: number;
  logger?: Logger;
  /** The clock for timestamps; tests freeze it. */
  now?: () => Date;
  /** Journaled stores: compact once the journal is larger than max(this, the main file's size). Default 1 MiB. */
  compactMinBytes?: number;
  /** Journaled stores, for tests: called after each stage of a write with the bytes that stage wrote; a throw fails the write there. */
  onWrite?: (stage: WriteStage, bytes: number) => void | Promise<void>;
}

/** How a journaled store turns its ops into journal lines and back. */
export interface JournalCodec<TOp> {
  /** One op as one line of JSON (no newline). */
  encode(op: TOp): string;
  /** One journal line's parsed JSON back into an op; throws with a reason when it is not one. */
  decode(value: unknown): TOp;
}

interface MainFileState {
  bytes: number;
  sha256: string;
}

/**
 * A store held in memory and mirrored to one JSON file. Subclasses say how to adopt the loaded
 * file and how to serialize; this class owns loading, durability, flush and close.
 *
 * A plain store (no codec) calls `markChanged()` after changing memory; each write replaces the
 * whole file. A journaled store (a codec given) changes memory only through `commit(op)`, which
 * applies the op (`applyOp`, the same code that replays the journal on open) and queues its line;
 * a write appends the queued lines to the journal, or compacts: it rewrites the main file whole
 * from memory and removes the journal, when there is no main file yet, when the journal would
 * outgrow max(`compactMinBytes`, main file size), and on flush() and close(). The main file keeps
 * its shape, and after flush() or close() it holds everything.
 *
 * Durability contract: every mutating method of a store resolves once everything up to and
 * including its change is on disk (in the main file or the fsync'd journal), and rejects if that
 * write fails (the change then stays in memory and goes out with the next write). Reads see
 * changes immediately.
 */
export abstract class JsonFileStore<TFile, TOp = never> {
  readonly filePath: string;
  /** The journal beside the file, or null for a plain store. */
  readonly journalPath: string | null;
  protected readonly log: Logger;
  protected readonly now: () => Date;
  readonly #schema: z.ZodType<TFile>;
  readonly #writer: CoalescedWriter;
  readonly #codec: JournalCodec<TOp> | null;
  readonly #compactMinBytes: number;
  readonly #onWrite: JsonStoreOptions['onWrite'];
  #loading: Promise<void> | null = null;
  #loaded = false;
  #closed = false;
  // Journal state (journaled stores only).
  /** The main file on disk (null: none yet, so the next write compacts). */
  #main: MainFileState | null = null;
  /** Op lines (each ending in a newline) not yet handed to a write. */
  #queued: string[] = [];
  /** Bytes of the journal known to be whole and valid; 0 means there is none (a new one starts with a base line). */
  #journalBytes = 0;
  /** The journal file may hold bytes beyond `#journalBytes` (a torn or failed append, a stale journal): cut before appending. */
  #journalDirty = false;
  #compactRequested = false;
  #compactions = 0;

  protected constructor(
    dataDir: string,
    fileName: string,
    schema: z.ZodType<TFile>,
    options: JsonStoreOptions = {},
    codec: JournalCodec<TOp> | null = null,
  ) {
    this.filePath = join(dataDir, fileName);
    this.journalPath = codec ? journalPathFor(this.filePath) : null;
    this.log = options.logger ?? defaultLogger;
    this.now = options.now ?? (() => new Date());
    this.#schema = schema;
    this.#codec = codec;
    this.#compactMinBytes = Math.max(0, options.compactMinBytes ?? DEFAULT_COMPACT_MIN_BYTES);
    this.#onWrite = options.onWrite;
    this.#writer = new CoalescedWriter({
      filePath: this.filePath,
      ...(codec ? { persist: () => this.#persistJournaled() } : { serialize: () => this.serialize() }),
      coalesceMs: options.coalesceMs,
      logger: this.log,
    });
  }

  /** Take over the loaded file (null: none or corrupt, start empty). Must reset memory entirely: it may be called again. */
  protected abstract adopt(file: TFile | null): void;
  /** The whole file as text, from memory. */
  protected abstract serialize(): string;
  /** Journaled stores: apply one op to memory (live through `commit`, and when replaying the journal); throws if it cannot apply. */
  protected applyOp(_op: TOp): void {
    throw new Error(`${basename(this.filePath)} keeps no journal`);
  }

  /** Read the file (and replay the journal) now; the first call of any method does it otherwise; idempotent. */
  load(): Promise<void> {
    this.#loading ??= this.#load();
    return this.#loading;
  }

  /** Completed writes so far (journal appends and whole-file writes); shows how well writes coalesce. */
  get writeCount(): number {
    return this.#writer.writeCount;
  }

  /** Bytes the completed writes put on disk (journal lines plus whole-file writes). */
  get bytesWritten(): number {
    return this.#writer.bytesWritten;
  }

  /** Whole-file writes of the main file so far (for a plain store, every write). */
  get compactionCount(): number {
    return this.#codec ? this.#compactions : this.#writer.writeCount;
  }

  /** Write any pending change now (a journaled store also compacts) and resolve when it is on disk. */
  async flush(): Promise<void> {
    if (!this.#loading) return;
    await this.#loading;
    if (this.#codec && (this.#journalBytes > 0 || this.#journalDirty || this.#queued.length > 0)) {
      // A change of its own, so a write already in flight (an append) cannot count as the flush.
      this.#compactRequested = true;
      this.#writer.changed();
    }
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
   * Apply `change` to memory (it calls `markChanged()` or `commit()` if it changed anything), then
   * resolve with its result once the disk holds it. A change that throws leaves nothing to write.
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

  /** Plain stores: memory changed, write the file. */
  protected markChanged(): void {
    this.#writer.changed();
  }

  /** Journaled stores: apply `op` to memory and queue its journal line. */
  protected commit(op: TOp): void {
    if (!this.#codec) throw new Error(`${basename(this.filePath)} keeps no journal`);
    this.applyOp(op);
    this.#queued.push(`${this.#codec.encode(op)}\n`);
    this.#writer.changed();
  }

  // ---------------------------------------------------------------- loading

  async #load(): Promise<void> {
    await removeLeftoverTempFiles(this.filePath, this.log);
    const main = await loadStoreFile(this.filePath, this.#schema, this.log);
    this.adopt(main?.data ?? null);
    if (this.#codec) {
      this.#main = main ? { bytes: main.bytes, sha256: main.sha256 } : null;
      await this.#replayJournal(main, this.#codec);
    }
    this.#loaded = true;
  }

  /** Apply the journal on top of the main file just adopted; see journal.ts for the format. */
  async #replayJournal(main: LoadedStoreFile<TFile> | null, codec: JournalCodec<TOp>): Promise<void> {
    const path = this.journalPath!;
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const journal = basename(path);
    const scan = scanJournal(bytes, (value) => codec.decode(value));
    if (scan.kind === 'corrupt') return this.#moveJournalAside(main, scan.problem);
    if (scan.base === null) {
      // Only a torn fragment: a first append cut short. Nothing was acknowledged from it.
      this.#journalDirty = bytes.length > 0;
      return;
    }
    if (main && scan.endsCompactedTo === main.sha256) {
      // A compaction replaced the main file and the process died before removing the journal:
      // everything in it is already in the main file.
      await unlink(path);
      await syncFolder(dirname(path));
      this.log.info({ store: journal }, 'journal already compacted into the main file; removed');
      return;
    }
    if (!main || scan.base !== main.sha256) {
      return this.#moveJournalAside(main, main ? 'it was written against another version of the main file' : 'the main file is missing');
    }
    for (let i = 0; i < scan.ops.length; i++) {
      try {
        this.applyOp(scan.ops[i]);
      } catch (error) {
        return this.#moveJournalAside(main, `op ${i + 1} does not apply: ${(error as Error).message}`);
      }
    }
    this.#journalBytes = scan.validBytes;
    this.#journalDirty = scan.validBytes < bytes.length;
    if (scan.tornLines > 0)
      this.log.info({ store: journal, ops: scan.ops.length, ignored: scan.tornLines }, 'journal replayed; torn last line ignored');
    else this.log.debug({ store: journal, ops: scan.ops.length }, 'journal replayed');
  }

  async #moveJournalAside(main: LoadedStoreFile<TFile> | null, problem: string): Promise<void> {
    const path = this.journalPath!;
    this.adopt(main?.data ?? null); // undo any op already applied
    const movedTo = corruptPathFor(path);
    await rename(path, movedTo);
    this.#journalBytes = 0;
    this.#journalDirty = false;
    this.log.warn({ store: basename(path), problem, movedTo }, 'corrupt store journal moved aside; going on with the main file');
  }

  // ---------------------------------------------------------------- writing (journaled)

  /** One write of a journaled store. Runs synchronously up to its first await, so it captures exactly the queued ops. */
  async #persistJournaled(): Promise<number> {
    const lines = this.#queued;
    this.#queued = [];
    const text = lines.join('');
    const requested = this.#compactRequested;
    const main = this.#main;
    if (!requested && main && this.#journalBytes + Buffer.byteLength(text) <= Math.max(this.#compactMinBytes, main.bytes)) {
      if (text === '') return 0;
      let appended: number;
      try {
        appended = await this.#appendToJournal(text);
      } catch (error) {
        this.#queued = lines.concat(this.#queued); // still not on disk: the next write carries them
        throw error;
      }
      await this.#onWrite?.('journal-appended', appended);
      return appended;
    }
    this.#compactRequested = false;
    const file = Buffer.from(this.serialize(), 'utf8'); // memory already holds the queued ops
    let written = 0;
    const hash = sha256(file);
    try {
      if (this.#journalBytes > 0) {
        written += await this.#appendToJournal(compactedLine(hash));
        await this.#onWrite?.('compaction-marked', written);
      }
      await atomicWriteFile(this.filePath, file);
    } catch (error) {
      // The main file is unchanged (the mark alone means nothing), so the journal still needs these lines.
      this.#queued = lines.concat(this.#queued);
      this.#compactRequested ||= requested;
      throw error;
    }
    written += file.length;
    this.#main = { bytes: file.length, sha256: hash };
    this.#compactions++;
    // From here on the main file holds everything: the old journal (if any) is stale. The next
    // append cuts it to nothing in any case, so failing to remove it fails nothing.
    this.#journalBytes = 0;
    this.#journalDirty = true;
    await this.#onWrite?.('main-replaced', file.length);
    try {
      await unlink(this.journalPath!).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await syncFolder(dirname(this.journalPath!));
      this.#journalDirty = false;
      await this.#onWrite?.('journal-removed', 0);
    } catch (error) {
      this.log.warn(
        { store: basename(this.journalPath!), err: error },
        'compacted, but the old journal was not removed; the next append replaces it',
      );
    }
    return written;
  }

  /** Append lines (after a base line when the journal is new) and fsync; resolves with the bytes appended. */
  async #appendToJournal(lines: string): Promise<number> {
    const fresh = this.#journalBytes === 0;
    const text = fresh ? baseLine(this.#main!.sha256) + lines : lines;
    try {
      await appendDurably(this.journalPath!, text, this.#journalDirty ? this.#journalBytes : null, fresh);
    } catch (error) {
      this.#journalDirty = true; // part of it may have landed
      throw error;
    }
    const bytes = Buffer.byteLength(text);
    this.#journalBytes += bytes;
    this.#journalDirty = false;
    return bytes;
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
