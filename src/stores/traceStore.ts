// The trace store (<data dir>/agent-traces.json): the 10 most recently active planning runs and
// their steps, so a person can inspect what the planner saw and chose. Reads and rewrites that one
// file through the shared coalescing writer. Steps never change once appended, so each is kept
// as its JSON text: a write then costs string joins instead of re-serializing every old step.
import { JsonFileStore, newestFirst, type JsonStoreOptions } from './jsonStoreFile.js';
import { defaultDataDir } from './dataDir.js';
import {
  StoreInputError,
  parseInput,
  runMetaSchema,
  runOutcomeSchema,
  traceFileSchema,
  traceIdSchema,
  traceStepSchema,
  type RunMeta,
  type RunOutcome,
  type RunSummary,
  type TraceFile,
  type TraceRun,
  type TraceRunMeta,
} from './schemas.js';

export const TRACE_FILE_NAME = 'agent-traces.json';
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
  });
}

export class TraceStore extends JsonFileStore<TraceFile> {
  /** Runs in the order they were last touched (oldest first), which breaks updatedAt ties. */
  readonly #runs = new Map<string, RunEntry>();
  #updatedAt = new Date(0).toISOString();

  constructor(dataDir: string = defaultDataDir(), options: JsonStoreOptions = {}) {
    super(dataDir, TRACE_FILE_NAME, traceFileSchema, options);
  }

  /** Construct and load (a corrupt file is moved aside now, not on the first request). */
  static async open(dataDir?: string, options?: JsonStoreOptions): Promise<TraceStore> {
    const store = new TraceStore(dataDir, options);
    await store.load();
    return store;
  }

  protected override adopt(file: TraceFile | null): void {
    this.#runs.clear();
    if (!file) return;
    this.#updatedAt = file.updatedAt;
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
    let stepText: string;
    try {
      stepText = JSON.stringify(parsedStep);
    } catch (error) {
      throw new StoreInputError(`step: not serializable as JSON (${(error as Error).message})`);
    }
    return this.mutate(() => {
      const entry = meta ? this.#entryOrCreate(id, meta) : this.#runs.get(id);
      if (!entry) throw new TraceNotFoundError(id);
      entry.stepJson.push(stepText);
      entry.meta.stepCount = entry.stepJson.length;
      const action = (parsedStep as { action?: unknown }).action;
      if (action !== null && typeof action === 'object' && !Array.isArray(action)) {
        entry.meta.latestAction = structuredClone(action) as Record<string, unknown>;
      }
      this.#touch(entry);
      return entry.meta.stepCount;
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
      const entry = meta ? this.#entryOrCreate(id, meta) : this.#runs.get(id);
      if (!entry) throw new TraceNotFoundError(id);
      entry.meta.outcome = structuredClone(parsedOutcome);
      this.#touch(entry);
      return summarize(entry.meta);
    });
  }

  /** Remove a run; resolves with whether it existed. */
  async deleteRun(traceId: string): Promise<boolean> {
    return this.mutate(() => {
      if (!this.#runs.delete(traceId)) return false;
      this.#updatedAt = this.nowIso();
      this.markChanged();
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

  #entryOrCreate(id: string, meta: ReturnType<typeof runMetaSchema.parse>): RunEntry {
    const existing = this.#runs.get(id);
    if (existing) return existing;
    const now = this.nowIso();
    const entry: RunEntry = {
      meta: {
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
      stepJson: [],
    };
    this.#runs.set(id, entry);
    this.#touch(entry);
    return entry;
  }

  /** Mark a run as just updated (moving it to the back of the touch order) and prune. */
  #touch(entry: RunEntry): void {
    const now = this.nowIso();
    entry.meta.updatedAt = now;
    this.#updatedAt = now;
    this.#runs.delete(entry.meta.id);
    this.#runs.set(entry.meta.id, entry);
    for (const stale of this.#newestFirst().slice(MAX_TRACE_RUNS)) this.#runs.delete(stale.meta.id);
    this.markChanged();
  }
}
