// The trace store (<data dir>/agent-traces.json): the 10 most recently active planning runs and
// their steps, so a person can inspect what the planner saw and chose. A step is 10-20 KB and a
// run has up to 300, so rewriting the file per write would cost O(store) per step: the store is
// journaled instead (jsonStoreFile.ts). Every change is one op (create run, append step, set
// outcome, cache a cause, delete run) applied by `applyOp`, the same code whether it happens live or is replayed
// from `agent-traces.journal.jsonl` on open. Steps never change once appended, so each is kept as
// its JSON text: a journal line or a compaction then costs string joins, not re-serialization.
import { JsonFileStore, newestFirst, type JournalCodec, type JsonStoreOptions } from './jsonStoreFile.js';
import { defaultDataDir } from './dataDir.js';
import {
  StoreInputError,
  parseInput,
  runMetaSchema,
  runOutcomeSchema,
  traceFileSchema,
  traceIdSchema,
  traceJournalOpSchema,
  traceStepSchema,
  type RunMeta,
  type RunOutcome,
  type RunSummary,
  type TraceFile,
  type TraceJournalOp,
  type TraceRun,
  type TraceRunMeta,
  type TraceStep,
} from './schemas.js';

export const TRACE_FILE_NAME = 'agent-traces.json';
export const TRACE_JOURNAL_FILE_NAME = 'agent-traces.journal.jsonl';
export const MAX_TRACE_RUNS = 10;

export class TraceNotFoundError extends Error {
  constructor(traceId: string) {
    super(`trace not found: ${traceId}`);
    this.name = 'TraceNotFoundError';
  }
}

interface RunEntry {
  meta: TraceRunMeta;
  /** Each step as JSON text, in order. */
  stepJson: string[];
}

/** A change to the store. A step carries its JSON text too, so it is serialized once. */
type TraceOp = Exclude<TraceJournalOp, { op: 'step' }> | { op: 'step'; id: string; at: string; step: TraceStep; stepJson: string };

const traceJournalCodec: JournalCodec<TraceOp> = {
  encode(op) {
    if (op.op !== 'step') return JSON.stringify(op);
    return `{"op":"step","id":${JSON.stringify(op.id)},"at":${JSON.stringify(op.at)},"step":${op.stepJson}}`;
  },
  decode(value) {
    const parsed = traceJournalOpSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`not a trace op (${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'})`);
    }
    const op = parsed.data;
    return op.op === 'step' ? { ...op, stepJson: JSON.stringify(op.step) } : op;
  },
};

/** Where the cached cause says the run was lost (src/lens/cause.ts's answer, read leniently). */
function lostAtOf(cause: Record<string, unknown> | undefined): RunSummary['lostAt'] {
  const point = cause?.pointOfNoReturn as { stepIndex?: unknown; tick?: unknown } | null | undefined;
  if (!point || typeof point.stepIndex !== 'number' || typeof point.tick !== 'number') return null;
  const chosen = (cause?.decisive as { chosen?: { summary?: unknown } } | null | undefined)?.chosen?.summary;
  return { stepIndex: point.stepIndex, tick: point.tick, chosen: typeof chosen === 'string' ? chosen : '', verdict: 'lost' };
}

function summarize(meta: TraceRunMeta): RunSummary {
  return structuredClone({
    traceId: meta.id,
    playData: meta.playData,
    level: meta.level,
    createdAt: meta.createdAt,
    updatedAt: meta.updatedAt,
    stepCount: meta.stepCount,
    latestAction: meta.latestAction,
    model: meta.model,
    slots: meta.slots,
    outcome: meta.outcome ?? null,
    lostAt: lostAtOf(meta.cause),
  });
}

export class TraceStore extends JsonFileStore<TraceFile, TraceOp> {
  /** Runs in the order they were last touched (oldest first), which breaks updatedAt ties. */
  readonly #runs = new Map<string, RunEntry>();
  #updatedAt = new Date(0).toISOString();

  constructor(dataDir: string = defaultDataDir(), options: JsonStoreOptions = {}) {
    super(dataDir, TRACE_FILE_NAME, traceFileSchema, options, traceJournalCodec);
  }

  /** Construct and load (a corrupt file is moved aside and the journal replayed now, not on the first request). */
  static async open(dataDir?: string, options?: JsonStoreOptions): Promise<TraceStore> {
    const store = new TraceStore(dataDir, options);
    await store.load();
    return store;
  }

  protected override adopt(file: TraceFile | null): void {
    this.#runs.clear();
    this.#updatedAt = file?.updatedAt ?? new Date(0).toISOString();
    if (!file) return;
    const loaded = Object.entries(file.runs).map(([id, { steps, ...meta }]) => ({
      meta: { ...meta, id, stepCount: steps.length },
      stepJson: steps.map((step) => JSON.stringify(step)),
    }));
    for (const entry of newestFirst(loaded, (run) => run.meta.updatedAt).reverse()) this.#runs.set(entry.meta.id, entry);
  }

  protected override serialize(): string {
    const runs = [...this.#runs.values()].map(({ meta, stepJson }) => {
      const head = JSON.stringify(meta); // an object with an id, so never "{}"
      return `${JSON.stringify(meta.id)}:${head.slice(0, -1)},"steps":[${stepJson.join(',')}]}`;
    });
    return `{"version":1,"updatedAt":${JSON.stringify(this.#updatedAt)},"runs":{${runs.join(',')}}}\n`;
  }

  /** Apply one change to memory: live (through commit) and when the journal is replayed on open. */
  protected override applyOp(op: TraceOp): void {
    if (op.op === 'run') {
      if (this.#runs.has(op.run.id)) throw new Error(`run ${op.run.id} already exists`);
      const entry: RunEntry = { meta: structuredClone(op.run), stepJson: [] };
      this.#runs.set(entry.meta.id, entry);
      this.#touch(entry, op.at);
      return;
    }
    if (op.op === 'delete') {
      if (!this.#runs.delete(op.id)) throw new TraceNotFoundError(op.id);
      this.#updatedAt = op.at;
      return;
    }
    const entry = this.#runs.get(op.id);
    if (!entry) throw new TraceNotFoundError(op.id);
    if (op.op === 'cause') {
      // A cached computation, not activity: the run keeps its place among the 10 kept.
      entry.meta.cause = structuredClone(op.cause);
      return;
    }
    if (op.op === 'outcome') {
      entry.meta.outcome = structuredClone(op.outcome);
      delete entry.meta.cause; // computed for the outcome it had
    } else {
      entry.stepJson.push(op.stepJson);
      entry.meta.stepCount = entry.stepJson.length;
      const action = (op.step as { action?: unknown }).action;
      if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
        entry.meta.latestAction = structuredClone(action) as Record<string, unknown>;
      }
    }
    this.#touch(entry, op.at);
  }

  // ---------------------------------------------------------------- writes (resolve when durable)

  /** Create the run if it is new (existing runs are left as they are). */
  async ensureRun(traceId: string, runMeta: RunMeta): Promise<RunSummary> {
    const id = parseInput(traceIdSchema, traceId, 'traceId');
    const meta = parseInput(runMetaSchema, runMeta, 'run');
    return this.mutate(() => summarize(this.#entryOrCreate(id, meta).meta));
  }

  /**
   * Append one step; creates the run from `runMetaIfMissing` when it does not exist (one call, so
   * no prune can slip in between creating and appending). Resolves with the run's step count.
   */
  async appendStep(traceId: string, step: unknown, runMetaIfMissing?: RunMeta): Promise<number> {
    const id = parseInput(traceIdSchema, traceId, 'traceId');
    const parsedStep = parseInput(traceStepSchema, step, 'step');
    const meta = runMetaIfMissing === undefined ? undefined : parseInput(runMetaSchema, runMetaIfMissing, 'run');
    let stepJson: string;
    try {
      stepJson = JSON.stringify(parsedStep);
    } catch (error) {
      throw new StoreInputError(`step: not serializable as JSON (${(error as Error).message})`);
    }
    return this.mutate(() => {
      this.#existing(id, meta);
      this.commit({ op: 'step', id, at: this.nowIso(), step: parsedStep, stepJson });
      return this.#runs.get(id)!.meta.stepCount;
    });
  }

  /**
   * Record how the run ended. When the run does not exist (planning failed before any step, or it
   * was pruned) a zero-step run is created from `runMetaIfMissing`, so an outcome is never lost.
   */
  async setOutcome(traceId: string, outcome: RunOutcome, runMetaIfMissing?: RunMeta): Promise<RunSummary> {
    const id = parseInput(traceIdSchema, traceId, 'traceId');
    const parsedOutcome = parseInput(runOutcomeSchema, outcome, 'outcome');
    const meta = runMetaIfMissing === undefined ? undefined : parseInput(runMetaSchema, runMetaIfMissing, 'run');
    return this.mutate(() => {
      this.#existing(id, meta);
      this.commit({ op: 'outcome', id, at: this.nowIso(), outcome: parsedOutcome });
      return summarize(this.#runs.get(id)!.meta);
    });
  }

  /** Cache the lens's cause answer with the run (it does not count as activity: the run keeps its place). */
  async setCause(traceId: string, cause: Record<string, unknown>): Promise<void> {
    const id = parseInput(traceIdSchema, traceId, 'traceId');
    return this.mutate(() => {
      if (!this.#runs.has(id)) throw new TraceNotFoundError(id);
      this.commit({ op: 'cause', id, at: this.nowIso(), cause: structuredClone(cause) });
    });
  }

  /** Remove a run; resolves with whether it existed. */
  async deleteRun(traceId: string): Promise<boolean> {
    return this.mutate(() => {
      if (!this.#runs.has(traceId)) return false;
      this.commit({ op: 'delete', id: traceId, at: this.nowIso() });
      return true;
    });
  }

  // ---------------------------------------------------------------- reads

  /** One run with its steps (a fresh copy), or null. */
  getRun(traceId: string): Promise<TraceRun | null> {
    return this.read(() => {
      const entry = this.#runs.get(traceId);
      if (!entry) return null;
      return { ...structuredClone(entry.meta), steps: JSON.parse(`[${entry.stepJson.join(',')}]`) as TraceRun['steps'] };
    });
  }

  getRunSummary(traceId: string): Promise<RunSummary | null> {
    return this.read(() => {
      const entry = this.#runs.get(traceId);
      return entry ? summarize(entry.meta) : null;
    });
  }

  /** All runs without their steps, newest (most recently updated) first. */
  listRuns(): Promise<RunSummary[]> {
    return this.read(() => this.#newestFirst().map((entry) => summarize(entry.meta)));
  }

  /** The most recently updated run of a level, or null. */
  latestRunFor(playData: number, level: number): Promise<RunSummary | null> {
    return this.read(() => {
      const entry = this.#newestFirst().find(({ meta }) => meta.playData === playData && meta.level === level);
      return entry ? summarize(entry.meta) : null;
    });
  }

  // ---------------------------------------------------------------- internals

  #newestFirst(): RunEntry[] {
    return newestFirst(this.#runs.values(), (entry) => entry.meta.updatedAt);
  }

  /** The run, created from `meta` when it is missing; TraceNotFoundError without `meta`. */
  #existing(id: string, meta: ReturnType<typeof runMetaSchema.parse> | undefined): RunEntry {
    const existing = this.#runs.get(id);
    if (existing) return existing;
    if (!meta) throw new TraceNotFoundError(id);
    return this.#entryOrCreate(id, meta);
  }

  #entryOrCreate(id: string, meta: ReturnType<typeof runMetaSchema.parse>): RunEntry {
    const existing = this.#runs.get(id);
    if (existing) return existing;
    const now = this.nowIso();
    this.commit({
      op: 'run',
      at: now,
      run: {
        id,
        createdAt: now,
        updatedAt: now,
        playData: meta.playData,
        level: meta.level,
        model: structuredClone(meta.model),
        config: structuredClone(meta.config),
        slots: { ...meta.slots },
        stepCount: 0,
        latestAction: null,
      },
    });
    // A clock running backwards could prune the new run at once; callers then see it as missing.
    const created = this.#runs.get(id);
    if (!created) throw new TraceNotFoundError(id);
    return created;
  }

  /** Mark a run as updated at `at` (moving it to the back of the touch order) and prune. */
  #touch(entry: RunEntry, at: string): void {
    entry.meta.updatedAt = at;
    this.#updatedAt = at;
    this.#runs.delete(entry.meta.id);
    this.#runs.set(entry.meta.id, entry);
    for (const stale of this.#newestFirst().slice(MAX_TRACE_RUNS)) this.#runs.delete(stale.meta.id);
  }
}
