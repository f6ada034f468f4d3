// The contracts between the episode loop and whatever plans its steps (the chart with a model
// profile, or the plain-function planner): one request per step, one response, plain data.
import type { HistoryEntry, Snapshot } from '../agent/schemas.js';

export interface PlanRequest {
  playData: number;
  level: number;
  snapshot: Snapshot;
  history: HistoryEntry[];
  traceId: string;
  stepIndex: number;
}

export interface PlanResponse {
  action: { keyCode: number; ticks: number; reason: string };
  candidateId: string;
  candidateKind: string;
  fallbackUsed: boolean;
  retried: boolean;
  statuses: string[];
  /** The stall diagnosis of this step ('none' when not stalled). */
  stallType: string;
}

export type EpisodePlanner = (request: PlanRequest, signal?: AbortSignal) => Promise<PlanResponse>;

export const FAILURE_REASONS = [
  'killed_by_guard',
  'killed_by_hole',
  'stuck',
  'no_route',
  'time_budget',
  'step_limit',
  'cancelled',
  'planning_failed',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
