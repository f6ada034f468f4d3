// The contracts between the episode loop and whatever plans its steps (the chart with a model
// profile, or the plain-function planner): one request per step, one response, plain data.
import type { Commitment, HistoryEntry, Snapshot } from '../agent/schemas.js';

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
  /** The chosen planned route's rest of plan, handed on in the step's history entry. */
  commitment?: Commitment;
  /** What the plan search did this step (for the eval's failure mechanisms); absent when it did not run. */
  plan?: PlanSummary;
}

/** A step's plan search in a few fields. */
export interface PlanSummary {
  mode: 'goal' | 'partial' | 'escape';
  followed: boolean;
  reachesGoal: boolean;
  goldGained: number;
  /** Goal states the search turned down this step, by reason (see GoalRejections). */
  rejected?: { pocket: number; survival: number; onward: number };
  /** The search ran out of states before its budget without a goal (SearchResult.exhausted). */
  exhausted?: boolean;
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
