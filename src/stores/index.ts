// The stores' public face for the server and the runner: the two stores, the linking functions,
// the schemas and errors routes map to HTTP answers. Re-exports only; no I/O of its own.
export { defaultDataDir, REPO_DATA_DIR } from './dataDir.js';
export {
  DEFAULT_COALESCE_MS,
  DEFAULT_COMPACT_MIN_BYTES,
  StoreClosedError,
  type JsonStoreOptions,
  type WriteStage,
} from './jsonStoreFile.js';
export { TraceStore, TraceNotFoundError, TRACE_FILE_NAME, TRACE_JOURNAL_FILE_NAME, MAX_TRACE_RUNS } from './traceStore.js';
export { RecordingStore, RECORDING_FILE_NAME, MAX_RECORDINGS, parseRecordingBody, resultOf, linkedTraceId } from './recordingStore.js';
export {
  saveRecordingAndLink,
  deleteRecordingAndTrace,
  recordsWithTraces,
  finalStateOf,
  type SavedRecording,
  type DeletedRecording,
  type RecordingWithTrace,
} from './linking.js';
export * from './schemas.js';
