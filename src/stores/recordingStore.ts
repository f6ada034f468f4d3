// The recording store (<data dir>/recordings.json): replayable legacy demos saved by people and
// by the agent, so a game can be watched again; one file, rewritten through the shared writer.
// Retention is store-wide, as the seed says ("save a new record and prune to 10 newest records";
// a level lists the *retained* records that match): the file stays small however many levels
// are played, at the price that a busy level can push out another level's old records.
import { JsonFileStore, newestFirst, type JsonStoreOptions } from './jsonStoreFile.js';
import { defaultDataDir } from './dataDir.js';
import {
  StoreInputError,
  levelRefSchema,
  parseInput,
  recordSelectorSchema,
  recordingBodySchema,
  recordingFileSchema,
  type Recording,
  type RecordingBody,
  type RecordingFile,
  type RecordingResult,
  type RecordSelector,
  type LevelRef,
} from './schemas.js';

export const RECORDING_FILE_NAME = 'recordings.json';
export const MAX_RECORDINGS = 10;

/** Check a PUT body (throws StoreInputError naming the bad field); solver keys are whitelisted here. */
export function parseRecordingBody(body: unknown): RecordingBody {
  return parseInput(recordingBodySchema, body, 'body');
}

/** The body's result, or the demo's: state 1 is a finished level, 0 a death. */
export function resultOf(body: RecordingBody): RecordingResult {
  return body.result ?? (body.demo.state === 1 ? 'success' : 'failure');
}

/** The run an agent record belongs to (its id is the trace id); user records have none. */
export function linkedTraceId(record: Recording): string | null {
  return record.source === 'agent' ? (record.traceId ?? record.id) : null;
}

export class RecordingStore extends JsonFileStore<RecordingFile> {
  /** Records in save order (oldest first), which breaks savedAt ties. */
  readonly #records = new Map<string, Recording>();
  #updatedAt = new Date(0).toISOString();

  constructor(dataDir: string = defaultDataDir(), options: JsonStoreOptions = {}) {
    super(dataDir, RECORDING_FILE_NAME, recordingFileSchema, options);
  }

  /** Construct and load (a corrupt file is moved aside now, not on the first request). */
  static async open(dataDir?: string, options?: JsonStoreOptions): Promise<RecordingStore> {
    const store = new RecordingStore(dataDir, options);
    await store.load();
    return store;
  }

  protected override adopt(file: RecordingFile | null): void {
    this.#records.clear();
    if (!file) return;
    this.#updatedAt = file.updatedAt;
    const loaded = Object.entries(file.records).map(([id, record]) => ({ ...record, id }));
    for (const record of newestFirst(loaded, (r) => r.savedAt).reverse()) this.#records.set(record.id, record);
  }

  protected override serialize(): string {
    return `${JSON.stringify(this.#contents())}\n`;
  }

  // ---------------------------------------------------------------- writes (resolve when durable)

  /**
   * Save a new record for a level and prune the store to the 10 newest. Agent records take their
   * traceId as id (saving again replaces the earlier record); user records get `user:<ISO time>`,
   * with `~2`, `~3`, ... appended when that id is taken (two saves in one millisecond).
   */
  async save(playData: number, level: number, body: unknown): Promise<Recording> {
    const ref = parseInput(levelRefSchema, { playData, level }, 'level');
    const parsed = parseRecordingBody(body);
    if (parsed.demo.level !== ref.level) {
      throw new StoreInputError(`body.demo.level: is ${parsed.demo.level} but the recording is for level ${ref.level}`);
    }
    return this.mutate(() => {
      const savedAt = this.nowIso();
      const id = parsed.source === 'agent' ? parsed.traceId! : this.#freeUserId(savedAt);
      const solver = parsed.solver && Object.keys(parsed.solver).length > 0 ? parsed.solver : undefined;
      const record: Recording = {
        id,
        playData: ref.playData,
        level: ref.level,
        savedAt,
        source: parsed.source,
        result: resultOf(parsed),
        ...(parsed.source === 'agent' ? { traceId: parsed.traceId } : {}),
        ...(solver ? { solver } : {}),
        demo: structuredClone(parsed.demo),
      };
      this.#records.delete(id);
      this.#records.set(id, record);
      for (const stale of newestFirst(this.#records.values(), (r) => r.savedAt).slice(MAX_RECORDINGS)) this.#records.delete(stale.id);
      this.#updatedAt = savedAt;
      this.markChanged();
      return structuredClone(record);
    });
  }

  /**
   * Delete the newest record of a level, or the one named by `recordId` (its id) or `traceId`
   * (the agent record of that run); with both, the record must match both. Resolves with the
   * deleted record, or null when nothing matched.
   */
  async delete(playData: number, level: number, selector: RecordSelector = {}): Promise<Recording | null> {
    const { recordId, traceId } = parseInput(recordSelectorSchema, selector, 'selector');
    return this.mutate(() => {
      const target = this.#matching({ playData, level }).find(
        (record) => (recordId === undefined || record.id === recordId) && (traceId === undefined || linkedTraceId(record) === traceId),
      );
      if (!target) return null;
      this.#records.delete(target.id);
      this.#updatedAt = this.nowIso();
      this.markChanged();
      return structuredClone(target);
    });
  }

  // ---------------------------------------------------------------- reads

  /** The whole store, as the file holds it (GET /api/recordings). */
  contents(): Promise<RecordingFile> {
    return this.read(() => structuredClone(this.#contents()));
  }

  get(recordId: string): Promise<Recording | null> {
    return this.read(() => {
      const record = this.#records.get(recordId);
      return record ? structuredClone(record) : null;
    });
  }

  /** The newest record of a level, or null. */
  newestFor(playData: number, level: number): Promise<Recording | null> {
    return this.read(() => {
      const record = this.#matching({ playData, level })[0];
      return record ? structuredClone(record) : null;
    });
  }

  /** The retained records of a level, newest first. */
  recordsFor(playData: number, level: number): Promise<Recording[]> {
    return this.read(() => structuredClone(this.#matching({ playData, level })));
  }

  // ---------------------------------------------------------------- internals

  #contents(): RecordingFile {
    return { version: 1, updatedAt: this.#updatedAt, records: Object.fromEntries(this.#records) };
  }

  #matching({ playData, level }: LevelRef): Recording[] {
    return newestFirst(this.#records.values(), (r) => r.savedAt).filter((r) => r.playData === playData && r.level === level);
  }

  #freeUserId(savedAt: string): string {
    const base = `user:${savedAt}`;
    if (!this.#records.has(base)) return base;
    let n = 2;
    while (this.#records.has(`${base}~${n}`)) n++;
    return `${base}~${n}`;
  }
}
