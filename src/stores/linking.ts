// What ties the two stores together: an agent recording and the planning run it came from share
// one id. Saving such a recording writes the run's outcome; deleting it deletes the run. Kept out
// of both stores so neither needs to know the other; the HTTP routes call these functions. Reads
// and writes only through the two stores.
import type { RecordingStore } from './recordingStore.js';
import { linkedTraceId, parseRecordingBody, resultOf } from './recordingStore.js';
import type { Recording, RecordingBody, RecordSelector, RunMeta, RunOutcome, RunSummary } from './schemas.js';
import type { TraceStore } from './traceStore.js';

export interface SavedRecording {
  record: Recording;
  /** The linked run after its outcome was set (agent records), else null. */
  run: RunSummary | null;
}

export interface DeletedRecording {
  deleted: Recording;
  traceDeleted: boolean;
  traceId: string | null;
  /** The level's newest remaining record, or null. */
  latestRecord: Recording | null;
}

export type RecordingWithTrace = Recording & { trace: RunSummary | null };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A compact end state for the outcome: the demo's verdict, plus the snapshot's key facts when one was sent. */
export function finalStateOf(body: RecordingBody): Record<string, unknown> {
  const state: Record<string, unknown> = { finished: body.demo.state === 1, ticks: body.demo.time };
  const snapshot = body.finalSnapshot;
  if (!isObject(snapshot)) return state;
  for (const key of ['gameStateName', 'tick', 'time', 'score', 'godMode'] as const) {
    if (snapshot[key] !== undefined) state[key] = snapshot[key];
  }
  if (isObject(snapshot.runner)) state.runner = { x: snapshot.runner.x, y: snapshot.runner.y };
  if (isObject(snapshot.gold)) {
    state.goldRemaining = snapshot.gold.remainingCount;
    state.goldComplete = snapshot.gold.complete;
  }
  return state;
}

/**
 * Save a recording; for an agent record also set its run's outcome `{ result, reason, finalState }`.
 * If the run does not exist (planning failed before its first step, or the run was pruned) a
 * zero-step run is created so the outcome is not lost. Throws StoreInputError on a bad body;
 * resolves once both changes are on disk.
 */
export async function saveRecordingAndLink(
  recordings: RecordingStore,
  traces: TraceStore,
  playData: number,
  level: number,
  body: unknown,
): Promise<SavedRecording> {
  const parsed = parseRecordingBody(body);
  const record = await recordings.save(playData, level, parsed);
  const traceId = linkedTraceId(record);
  if (traceId === null) return { record, run: null };

  const outcome: RunOutcome = {
    result: resultOf(parsed),
    reason: typeof parsed.solver?.failureReason === 'string' ? parsed.solver.failureReason : null,
    finalState: finalStateOf(parsed),
  };
  const solver = parsed.solver ?? {};
  const runMetaIfMissing: RunMeta = {
    playData: record.playData,
    level: record.level,
    model: {
      modelProfile: typeof solver.modelProfile === 'string' ? solver.modelProfile : null,
      provider: typeof solver.provider === 'string' ? solver.provider : null,
      model: typeof solver.model === 'string' ? solver.model : null,
      modelSource: 'recording',
    },
  };
  const run = await traces.setOutcome(traceId, outcome, runMetaIfMissing);
  return { record, run };
}

/**
 * Delete a level's newest record (or the one the selector names) and, for an agent record, its
 * run. Resolves with what was deleted and the level's newest remaining record, or null when no
 * record matched (HTTP 404).
 */
export async function deleteRecordingAndTrace(
  recordings: RecordingStore,
  traces: TraceStore,
  playData: number,
  level: number,
  selector: RecordSelector = {},
): Promise<DeletedRecording | null> {
  const deleted = await recordings.delete(playData, level, selector);
  if (!deleted) return null;
  const traceId = linkedTraceId(deleted);
  const traceDeleted = traceId === null ? false : await traces.deleteRun(traceId);
  const latestRecord = await recordings.newestFor(playData, level);
  return { deleted, traceDeleted, traceId, latestRecord };
}

/** A level's records newest first, each with its run's summary (null for user records or pruned runs). */
export async function recordsWithTraces(
  recordings: RecordingStore,
  traces: TraceStore,
  playData: number,
  level: number,
): Promise<{ records: RecordingWithTrace[]; count: number }> {
  const records = await recordings.recordsFor(playData, level);
  const withTraces = await Promise.all(
    records.map(async (record) => {
      const traceId = linkedTraceId(record);
      return { ...record, trace: traceId === null ? null : await traces.getRunSummary(traceId) };
    }),
  );
  return { records: withTraces, count: withTraces.length };
}
