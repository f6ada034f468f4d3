// The contract of POST /api/agent/next-action, in zod: the request body the route accepts, the
// request it hands the injected planner (the chart-backed planning service, src/service),
// and the 200 body the planner returns (http-api "Planning"). Types are inferred from the schemas.
// No logic and no I/O; the route (routes/planning.ts) and every planner import from here.
import { z } from 'zod';
import { historySchema, snapshotSchema, type HistoryEntry, type Snapshot } from '../agent/schemas.js';
import type { AgentConfig } from '../config/agentConfig.js';
import type { DebugLog } from '../llm/debugLog.js';
import type { ResolvedProfile } from '../llm/profiles.js';
import type { Env } from '../llm/secrets.js';
import { traceIdSchema } from '../stores/index.js';

/** An optional string field; null counts as absent (clients send `modelProfile: null` straight from the config). */
const optionalString = z.string().nullish();

/** The body after `playData`/`level` (checked first, with ranges in the message; see validation.ts). */
export const nextActionBodySchema = z.object({
  snapshot: snapshotSchema,
  history: historySchema.default([]),
  /** The run to append to; a new id is minted when absent. */
  runId: traceIdSchema.nullish(),
  /** `provider:model`, e.g. `openai:gpt-4o-mini`. */
  model: optionalString,
  modelProfile: optionalString,
  /** Slot-variant overrides for experiments, e.g. `{ "candidates": "geometric" }`. */
  slots: z.record(z.string(), z.string()).nullish(),
});
export type NextActionBody = z.output<typeof nextActionBodySchema>;

/** What the route hands the planner: everything one planning step needs, already validated and resolved. */
export interface PlanningRequest {
  playData: number;
  level: number;
  snapshot: Snapshot;
  history: HistoryEntry[];
  /** The request's runId, or a new uuid; the step is appended to this run. */
  traceId: string;
  /** The run's step count when this step started (steps of one run are planned one at a time). */
  stepIndex: number;
  /** The request's slot overrides ({} when none); the planner resolves them against config.slots and its registry. */
  slots: Record<string, string>;
  /** The public agent config, re-read for this request. */
  config: AgentConfig;
  /** The model profile that answers, resolved for this request. */
  resolvedProfile: ResolvedProfile;
  /** The environment with the dotenv files re-read for this request (holds API keys: never log or persist it). */
  env: Env;
  /** Aborts when the client goes away; pass it to the provider call. */
  signal: AbortSignal;
  /** The raw model I/O debug log (a no-op unless `--debug` / AGENT_DEBUG_LOG). */
  debugLog: DebugLog;
}

const int = z.number().int();
const record = z.record(z.string(), z.unknown());

/** The 200 body (http-api "Planning"); extra fields are allowed and passed through. */
export const nextActionResponseSchema = z.looseObject({
  action: z.looseObject({ keyCode: int, ticks: int.min(1).max(20), reason: z.string() }),
  planner: z.looseObject({
    modelProfile: z.string(),
    provider: z.string(),
    model: z.string(),
    modelSource: z.string(),
    mode: z.literal('candidate-selection'),
    fallbackUsed: z.boolean(),
    fallbackReason: z.string().nullable(),
    candidateCount: int.min(0),
    config: record,
  }),
  traceId: z.string(),
  stepCount: int.min(1),
  candidateId: z.string(),
  candidate: record,
  candidates: z.array(record),
  validation: record,
});
export type NextActionResponse = z.infer<typeof nextActionResponseSchema>;

/**
 * The injected planning step. Resolves with the 200 body once the step is durably in the trace store,
 * or throws: NoValidCandidateError (502), UnknownSlotVariantError (400), TracePersistenceError (500),
 * UnknownProfileError (400), ModelNotConfiguredError (503), PlanningCancelledError (client gone) —
 * see errors.ts.
 */
export type Planner = (request: PlanningRequest) => Promise<NextActionResponse>;
