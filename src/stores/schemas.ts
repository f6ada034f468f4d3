// zod schemas of the two store files and of what callers hand the stores (run metadata, trace
// steps, recording bodies); every store type is inferred from here. Validation errors become a
// StoreInputError whose message a person can act on, so an HTTP route can answer 400 with it.
// No I/O.
import { z } from 'zod';
import { demoRecordSchema } from '../game/schemas.js';
import { PACK_NAMES, levelCount } from '../game/levels.js';

const int = z.number().int();
const isoTimestamp = z.iso.datetime();

/** Bad input to a store (not a disk problem): the message says what to fix. */
export class StoreInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreInputError';
  }
}

/** `path: message; path: message` from a zod error, prefixed by what was being checked. */
export function describeZodError(what: string, error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => `${[what, ...issue.path.map(String)].join('.')}: ${issue.message}`);
  return parts.join('; ');
}

export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoreInputError(describeZodError(what, parsed.error));
  return parsed.data;
}

// ---------------------------------------------------------------- shared pieces

/** Ids travel in URLs and file keys: keep them short and URL-safe. */
export const traceIdSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:~-]{0,127}$/,
    'must be 1-128 characters of letters, digits and . _ : ~ - (starting with a letter or digit)',
  );

/** A pack and a level inside it (playData 1..5, level within that pack). */
export const levelRefSchema = z
  .object({ playData: int.min(1).max(PACK_NAMES.length), level: int.min(1) })
  .refine(({ playData, level }) => PACK_NAMES[playData - 1] === undefined || level <= levelCount(playData), {
    message: 'level is beyond the last level of this pack',
    path: ['level'],
  });
export type LevelRef = z.infer<typeof levelRefSchema>;

// ---------------------------------------------------------------- traces

/** A planning step (agent-planner §8). The store checks only what it relies on and keeps the rest as given. */
export const traceStepSchema = z.looseObject({ stepIndex: int.min(0) });
export type TraceStep = z.infer<typeof traceStepSchema>;

/** Run-level model record: which profile/provider/model answered and how it was chosen. */
export const runModelSchema = z.looseObject({
  modelProfile: z.string().nullable().optional(),
  provider: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  modelSource: z.string().nullable().optional(),
});
export type RunModel = z.infer<typeof runModelSchema>;

/** What a caller knows about a run when it first appears. */
export const runMetaSchema = z.object({
  playData: int.min(1).max(PACK_NAMES.length),
  level: int.min(1),
  model: runModelSchema.default({}),
  config: z.record(z.string(), z.unknown()).default({}),
  slots: z.record(z.string(), z.string()).default({}),
});
export type RunMeta = z.input<typeof runMetaSchema>;

export const RESULTS = ['success', 'failure'] as const;
export const resultSchema = z.enum(RESULTS);
export type RecordingResult = z.infer<typeof resultSchema>;

/** How a run ended, set when its recording is saved. */
export const runOutcomeSchema = z.object({
  result: resultSchema,
  reason: z.string().nullable(),
  finalState: z.record(z.string(), z.unknown()).nullable(),
});
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

const actionRecord = z.record(z.string(), z.unknown());

export const traceRunSchema = z.object({
  id: z.string().min(1),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  playData: int,
  level: int,
  model: runModelSchema,
  config: z.record(z.string(), z.unknown()),
  slots: z.record(z.string(), z.string()),
  stepCount: int.min(0),
  latestAction: actionRecord.nullable(),
  outcome: runOutcomeSchema.optional(),
  /** The lens's point-of-no-return answer (src/lens/cause.ts), cached once computed; dropped when the outcome changes. */
  cause: z.record(z.string(), z.unknown()).optional(),
  steps: z.array(traceStepSchema),
});
export type TraceRun = z.infer<typeof traceRunSchema>;
export type TraceRunMeta = Omit<TraceRun, 'steps'>;

export const traceFileSchema = z.object({
  version: z.literal(1),
  updatedAt: isoTimestamp,
  runs: z.record(z.string(), traceRunSchema),
});
export type TraceFile = z.infer<typeof traceFileSchema>;

/** A run as it is created: no steps yet. */
export const traceRunMetaSchema = traceRunSchema.omit({ steps: true });

/**
 * One line of `agent-traces.journal.jsonl` (besides the journal's own base and compaction lines):
 * a change to the trace store with the timestamp it was made at, so replaying it rebuilds exactly
 * the state the live store had, pruning included.
 */
export const traceJournalOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('run'), at: isoTimestamp, run: traceRunMetaSchema }),
  z.object({ op: z.literal('step'), id: z.string().min(1), at: isoTimestamp, step: traceStepSchema }),
  z.object({ op: z.literal('outcome'), id: z.string().min(1), at: isoTimestamp, outcome: runOutcomeSchema }),
  z.object({ op: z.literal('delete'), id: z.string().min(1), at: isoTimestamp }),
  z.object({ op: z.literal('cause'), id: z.string().min(1), at: isoTimestamp, cause: z.record(z.string(), z.unknown()) }),
]);
export type TraceJournalOp = z.infer<typeof traceJournalOpSchema>;

/** A run without its steps: what run lists, `latestRun` and a record's `trace` show. */
export const runSummarySchema = z.object({
  traceId: z.string(),
  playData: int,
  level: int,
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
  stepCount: int,
  latestAction: actionRecord.nullable(),
  model: runModelSchema,
  slots: z.record(z.string(), z.string()),
  outcome: runOutcomeSchema.nullable(),
  /** Where a failed run was lost, once the lens computed it (null: not computed, or nothing lost). */
  lostAt: z.object({ stepIndex: int, tick: int, chosen: z.string(), verdict: z.string() }).nullable().optional(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

// ---------------------------------------------------------------- recordings

export const SOURCES = ['user', 'agent'] as const;
export const sourceSchema = z.enum(SOURCES);
export type RecordingSource = z.infer<typeof sourceSchema>;

/** The only solver keys a record keeps (anything else a client sends is dropped). */
export const SOLVER_KEYS = ['modelProfile', 'provider', 'model', 'generatedAt', 'responseId', 'traceId', 'failureReason'] as const;
const solverValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
export const solverSchema = z.object(
  Object.fromEntries(SOLVER_KEYS.map((key) => [key, solverValue.optional()])) as Record<
    (typeof SOLVER_KEYS)[number],
    z.ZodOptional<typeof solverValue>
  >,
);
export type Solver = z.infer<typeof solverSchema>;

export const recordingSchema = z.object({
  id: z.string().min(1),
  playData: int,
  level: int,
  savedAt: isoTimestamp,
  source: sourceSchema,
  result: resultSchema,
  traceId: z.string().optional(),
  solver: solverSchema.optional(),
  demo: demoRecordSchema,
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingFileSchema = z.object({
  version: z.literal(1),
  updatedAt: isoTimestamp,
  records: z.record(z.string(), recordingSchema),
});
export type RecordingFile = z.infer<typeof recordingFileSchema>;

/** PUT /api/recordings/:playData/:level body (http-api "Recordings"). */
export const recordingBodySchema = z
  .object({
    source: sourceSchema,
    result: resultSchema.optional(),
    traceId: traceIdSchema.optional(),
    solver: z
      .record(z.string(), z.unknown())
      .transform((raw) => Object.fromEntries(Object.entries(raw).filter(([key]) => (SOLVER_KEYS as readonly string[]).includes(key))))
      .pipe(solverSchema)
      .optional(),
    demo: demoRecordSchema,
    finalSnapshot: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.source === 'agent' && body.traceId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['traceId'], message: 'agent recordings need the traceId of their run' });
    }
    if (body.source === 'agent' && body.traceId?.startsWith('user:')) {
      ctx.addIssue({ code: 'custom', path: ['traceId'], message: 'must not start with "user:" (reserved for user recordings)' });
    }
  });
export type RecordingBody = z.infer<typeof recordingBodySchema>;

/** Which record a delete means: the newest of the level, or one named by record id or trace id. */
export const recordSelectorSchema = z.object({
  recordId: z.string().min(1).optional(),
  traceId: z.string().min(1).optional(),
});
export type RecordSelector = z.infer<typeof recordSelectorSchema>;
