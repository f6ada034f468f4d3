// The lens page's HTTP client: the run list, a run's timeline, its point of no return, one step's
// replay, the what-if, the planning chart and a level's text (for the board's hidden ladders). Reads and writes only over
// `fetch`; a failed answer becomes an ApiError carrying the server's `{ error }` text as is.
import type { CauseAnswer } from '../../lens/cause.js';
import type { CounterfactualAnswer, ReplayAnswer, TimelineAnswer } from '../../lens/types.js';
import type { WhatIfBody } from './WhatIf.js';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RunSummary {
  traceId: string;
  playData: number;
  level: number;
  createdAt: string;
  updatedAt: string;
  stepCount: number;
  model: { modelProfile?: string | null; provider?: string | null; model?: string | null };
  slots: Record<string, string>;
  outcome: { result: string; reason: string | null; finalState: Record<string, unknown> | null } | null;
  /** Where a failed run was lost, once its cause was computed. */
  lostAt?: { stepIndex: number; tick: number; chosen: string } | null;
}

export interface ChartAnswer {
  variants: Record<string, string>;
  structure: unknown;
}

export interface PackSummary {
  playData: number;
  name: string;
  levelCount: number;
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new ApiError(typeof error === 'string' ? error : `${response.status} ${response.statusText}`, response.status);
  }
  return body as T;
}

const enc = encodeURIComponent;

export const lensApi = {
  runs: () => json<{ runs: RunSummary[] }>('/api/agent/traces').then((r) => r.runs),
  packs: () => json<{ packs: PackSummary[] }>('/api/levels').then((r) => r.packs),
  levelText: (playData: number, level: number) => json<{ text: string }>(`/api/levels/${playData}/${level}`).then((r) => r.text),
  chart: () => json<ChartAnswer>('/api/agent/chart'),
  timeline: (traceId: string) => json<TimelineAnswer>(`/api/agent/traces/${enc(traceId)}/timeline`),
  replay: (traceId: string, step: number, seed?: number | null) =>
    json<ReplayAnswer>(`/api/agent/traces/${enc(traceId)}/steps/${step}/replay${seed != null ? `?seed=${seed}` : ''}`),
  cause: (traceId: string) => json<CauseAnswer & { cached: boolean }>(`/api/agent/traces/${enc(traceId)}/cause`),
  counterfactual: (traceId: string, step: number, body: WhatIfBody & { seed?: number }) =>
    json<CounterfactualAnswer>(`/api/agent/traces/${enc(traceId)}/steps/${step}/counterfactual`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
};
