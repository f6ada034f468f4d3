// The page's HTTP client for the server's documented API (http-api.md): levels, the public config
// (always fresh, cache: 'no-store'), one planning step, a level's recordings, save and delete. Reads
// and writes only over `fetch` (injected, so the run loop is tested with a fake); errors carry the
// server's `{error}` text so the page can show it as is.
import type { DemoRecord, Snapshot } from '../../game/schemas.js';
import type { HistoryEntry } from '../../agent/schemas.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface PackSummary {
  playData: number;
  name: string;
  levelCount: number;
}

export interface CandidateSummary {
  id: string;
  kind: string;
  lane?: string;
  score: number;
  target?: { x: number; y: number } | null;
  firstAction?: { keyCode: number; ticks: number; reason: string };
  stallBlocked?: boolean;
  stallRecovery?: boolean;
}

export interface NextActionBody {
  playData: number;
  level: number;
  snapshot: Snapshot;
  history: HistoryEntry[];
  runId: string;
  modelProfile?: string;
}

export interface NextActionResponse {
  action: { keyCode: number; ticks: number; reason: string };
  planner: {
    modelProfile: string;
    provider: string;
    model: string;
    modelSource?: string;
    fallbackUsed: boolean;
    fallbackReason: string | null;
    candidateCount: number;
    [key: string]: unknown;
  };
  traceId: string;
  stepCount: number;
  candidateId: string;
  candidate: Record<string, unknown>;
  candidates: CandidateSummary[];
  validation: {
    fallbackUsed?: boolean;
    fallbackReason?: string | null;
    stallBlocked?: boolean;
    statuses?: string[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface Solver {
  modelProfile?: string | null;
  provider?: string | null;
  model?: string | null;
  generatedAt?: string | null;
  traceId?: string | null;
  failureReason?: string | null;
}

export interface RecordingBody {
  source: 'user' | 'agent';
  result?: 'success' | 'failure';
  traceId?: string;
  solver?: Solver;
  demo: DemoRecord;
  finalSnapshot?: Snapshot;
}

export interface TraceSummary {
  traceId: string;
  stepCount: number;
  createdAt: string;
  updatedAt: string;
  model?: { modelProfile?: string | null; provider?: string | null; model?: string | null };
  outcome?: { result: string; reason: string | null } | null;
}

export interface RecordingRecord {
  id: string;
  playData: number;
  level: number;
  savedAt: string;
  source: 'user' | 'agent';
  result: 'success' | 'failure';
  traceId?: string;
  solver?: Solver;
  demo: DemoRecord;
  trace: TraceSummary | null;
}

/** PUT's 201 body: the stored record and, for an agent record, its run (with the outcome set). */
export interface SavedRecording {
  record: Omit<RecordingRecord, 'trace'>;
  run: unknown;
}

export interface DeleteResult {
  deleted: unknown;
  traceDeleted: boolean;
  traceId: string | null;
}

export interface Api {
  levels(): Promise<PackSummary[]>;
  config(): Promise<unknown>;
  nextAction(body: NextActionBody, signal?: AbortSignal): Promise<NextActionResponse>;
  records(playData: number, level: number): Promise<RecordingRecord[]>;
  saveRecording(playData: number, level: number, body: RecordingBody): Promise<SavedRecording>;
  /** Save a recording from a page being closed: a keepalive request that outlives the page (no answer). */
  saveRecordingOnClose(playData: number, level: number, body: RecordingBody): void;
  deleteRecording(playData: number, level: number, recordId: string): Promise<DeleteResult>;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApi(fetchImpl: FetchLike, base = ''): Api {
  // What each request is, in a person's words (the error a page shows names it, not the method and path).
  const WHAT: [RegExp, string][] = [
    [/^GET \/api\/levels/, 'Loading the level list'],
    [/^GET \/agent-config/, 'Reading the agent config'],
    [/^POST \/api\/agent\/next-action/, 'Planning the next move'],
    [/^GET \/api\/recordings/, 'Loading the recordings'],
    [/^PUT \/api\/recordings/, 'Saving the recording'],
    [/^DELETE \/api\/recordings/, 'Deleting the recording'],
  ];
  const whatOf = (method: string, path: string) => WHAT.find(([re]) => re.test(`${method} ${path}`))?.[1] ?? 'The request';
  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, cache?: RequestCache): Promise<T> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    if (signal) init.signal = signal;
    if (cache) init.cache = cache;
    let response: Response;
    try {
      response = await fetchImpl(base + path, init);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || signal?.aborted) throw error;
      throw new ApiError(`${whatOf(method, path)} failed: the server could not be reached (${(error as Error).message})`, 0, null);
    }
    const data = await readJson(response);
    if (!response.ok) {
      const said =
        data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
          ? (data as { error: string }).error
          : null;
      const detail =
        data && typeof data === 'object' && typeof (data as { detail?: unknown }).detail === 'string'
          ? `: ${(data as { detail: string }).detail}`
          : '';
      throw new ApiError(
        `${whatOf(method, path)} failed (the server answered ${response.status}): ${said ?? response.statusText}${detail}`,
        response.status,
        data,
      );
    }
    return data as T;
  }
  return {
    async levels() {
      const data = await call<{ packs: PackSummary[] }>('GET', '/api/levels');
      return data.packs;
    },
    config: () => call<unknown>('GET', '/agent-config.json', undefined, undefined, 'no-store'),
    nextAction: (body, signal) => call<NextActionResponse>('POST', '/api/agent/next-action', body, signal),
    async records(playData, level) {
      const data = await call<{ records: RecordingRecord[] }>(
        'GET',
        `/api/recordings/${playData}/${level}/records`,
        undefined,
        undefined,
        'no-store',
      );
      return data.records;
    },
    saveRecording: (playData, level, body) => call('PUT', `/api/recordings/${playData}/${level}`, body),
    saveRecordingOnClose(playData, level, body) {
      void fetchImpl(`${base}/api/recordings/${playData}/${level}`, {
        method: 'PUT',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => {});
    },
    deleteRecording: (playData, level, recordId) =>
      call<DeleteResult>('DELETE', `/api/recordings/${playData}/${level}?recordId=${encodeURIComponent(recordId)}`),
  };
}
