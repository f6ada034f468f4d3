// The one interface the planning chart's CallLLM stage calls: ModelRequest in, ModelReply out, or a
// ProviderFailure whose status ('timeout' | 'provider_error') goes straight into the step's validation.
// Reads nothing and writes nothing; it also holds the per-call deadline guard every provider shares,
// so "past the deadline" and "the run was cancelled" mean the same thing for local, replay and hosted.
import { z } from 'zod';
import type { ValidationStatus } from '../agent/schemas.js';
import type { ReplyContract } from './replyContract.js';

/**
 * What the planner hands a model for one call (one attempt; a retry is a second call with `meta.retry`):
 * the assembled messages and the reply contract, nothing else, so the offline policy decides on
 * exactly what a hosted model is shown.
 */
export interface ModelRequest {
  system: string;
  user: string;
  temperature: number;
  /** Per-call deadline in milliseconds; past it the call fails with status 'timeout'. */
  deadlineMs: number;
  /** The run's abort signal; aborting it cancels the call (ProviderFailure reason 'cancelled'). */
  signal?: AbortSignal;
  /** The reply contract: the ids the model may answer with (hosted profiles that take it get them as a JSON schema). */
  reply: ReplyContract;
  meta: { traceId: string; stepIndex: number; retry: boolean };
}

export const usageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});
export type ModelUsage = z.infer<typeof usageSchema>;

/** What a model answered: the final message text (reasoning stripped) plus call facts for the trace. */
export const modelReplySchema = z.object({
  text: z.string(),
  durationMs: z.number().nonnegative(),
  usage: usageSchema.nullable(),
  responseId: z.string().nullable(),
  /** Provider reasoning (`reasoning_content` or `<think>` blocks), never part of `text`. */
  reasoning: z.string().nullable(),
  /** True when the call was sent with the reply's JSON schema (`response_format`) and it was accepted. */
  constrained: z.boolean().optional(),
  /** Waits on the server's Retry-After before the answer came (429/503 inside the deadline). */
  throttle: z.object({ waits: z.number().int().nonnegative(), waitedMs: z.number().nonnegative() }).optional(),
});
export type ModelReply = z.infer<typeof modelReplySchema>;

export interface ModelProvider {
  /** The profile that was resolved (`local`, `replay`, `openai`, `minimax`, `gemini`). */
  readonly profile: string;
  readonly provider: string;
  readonly model: string;
  /** Which resolution rule chose this profile (see profiles.ts). */
  readonly modelSource: string;
  complete(req: ModelRequest): Promise<ModelReply>;
  /** Whether a call with this contract would be sent with the reply schema (absent: never). */
  willConstrain?(reply: ReplyContract | undefined): boolean;
}

/**
 * A provider that wraps `base` (counting, metering, chaos): the same identity and reply-schema
 * answer, with its own `complete`. One place, so no wrapper forgets a field (`willConstrain`).
 */
export function wrapProvider(base: ModelProvider, complete: (req: ModelRequest) => Promise<ModelReply>): ModelProvider {
  return {
    profile: base.profile,
    provider: base.provider,
    model: base.model,
    modelSource: base.modelSource,
    ...(base.willConstrain ? { willConstrain: base.willConstrain.bind(base) } : {}),
    complete,
  };
}

/** An offline policy (the `local` profile): same request, same JSON answer format as a model. */
export type LocalPolicy = (req: ModelRequest) => ModelReply | Promise<ModelReply>;

/** The two planner statuses a provider can produce (agent-planner §7). */
export type ProviderFailureStatus = Extract<ValidationStatus, 'timeout' | 'provider_error'>;

/**
 * Why a call failed, finer than the status. Everything but 'timeout' maps to status 'provider_error';
 * 'cancelled' (the run's signal was aborted) is a provider_error with `cancelled: true`, so the planner
 * can stop the run instead of falling back.
 */
export const PROVIDER_FAILURE_REASONS = [
  'timeout',
  'cancelled',
  'unreachable',
  'auth',
  'not_found',
  'rate_limited',
  'server_error',
  'rejected',
  'malformed',
  'no_recorded_answer',
  'policy_error',
  'unexpected',
] as const;
export type ProviderFailureReason = (typeof PROVIDER_FAILURE_REASONS)[number];

export interface ProviderFailureInit {
  reason: ProviderFailureReason;
  message: string;
  durationMs?: number;
  httpStatus?: number | null;
  constrained?: boolean;
  throttle?: ThrottleWaits;
}

/** How often and how long a call waited on the server's Retry-After. */
export interface ThrottleWaits {
  waits: number;
  waitedMs: number;
}

/**
 * A model call that produced no message. The message is written for a person (what happened and what
 * to change) and never contains an API key: providers scrub it before constructing this. No `cause`
 * is attached on purpose, so a logger serialising the error cannot leak a server's echo of the key.
 */
export class ProviderFailure extends Error {
  override readonly name = 'ProviderFailure';
  readonly status: ProviderFailureStatus;
  readonly reason: ProviderFailureReason;
  /** True when the run's own signal aborted the call (a cancellation, not a model fault). */
  readonly cancelled: boolean;
  readonly durationMs: number;
  readonly httpStatus: number | null;
  /** Whether the failed call was sent with the reply schema. */
  readonly constrained: boolean;
  readonly throttle: ThrottleWaits;

  constructor(init: ProviderFailureInit) {
    super(init.message);
    this.reason = init.reason;
    this.status = init.reason === 'timeout' ? 'timeout' : 'provider_error';
    this.cancelled = init.reason === 'cancelled';
    this.durationMs = init.durationMs ?? 0;
    this.httpStatus = init.httpStatus ?? null;
    this.constrained = init.constrained ?? false;
    this.throttle = init.throttle ?? { waits: 0, waitedMs: 0 };
  }
}

export function isProviderFailure(err: unknown): err is ProviderFailure {
  return err instanceof ProviderFailure;
}

/** Which of the two abort sources fired first, if any. */
export type AbortCause = 'deadline' | 'cancelled' | null;

/**
 * One call's deadline + the run's signal, combined into a single AbortSignal. `aborted` rejects as soon
 * as either fires, so racing it against the call bounds the wait even if the callee ignores the signal.
 */
export interface CallGuard {
  readonly signal: AbortSignal;
  readonly aborted: Promise<never>;
  cause(): AbortCause;
  elapsedMs(): number;
  dispose(): void;
}

export function guardCall(deadlineMs: number, runSignal?: AbortSignal): CallGuard {
  const started = performance.now();
  const controller = new AbortController();
  let cause: AbortCause = null;
  let rejectAborted: (err: Error) => void = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    rejectAborted = reject;
  });
  aborted.catch(() => {}); // raced by callers; never an unhandled rejection
  const fire = (why: Exclude<AbortCause, null>) => {
    if (cause !== null) return;
    cause = why;
    controller.abort(new Error(why === 'deadline' ? 'model call deadline exceeded' : 'run cancelled'));
    rejectAborted(new Error(why));
  };
  const onRunAbort = () => fire('cancelled');
  if (runSignal?.aborted) fire('cancelled');
  else runSignal?.addEventListener('abort', onRunAbort, { once: true });
  const timer = setTimeout(() => fire('deadline'), Math.max(1, deadlineMs));
  return {
    signal: controller.signal,
    aborted,
    cause: () => cause,
    elapsedMs: () => performance.now() - started,
    dispose: () => {
      clearTimeout(timer);
      runSignal?.removeEventListener('abort', onRunAbort);
    },
  };
}

/** The standard failures for the two abort causes, phrased the same way by every provider. */
export function abortFailure(
  cause: Exclude<AbortCause, null>,
  who: string,
  deadlineMs: number,
  durationMs: number,
  facts: Pick<ProviderFailureInit, 'constrained' | 'throttle'> = {},
): ProviderFailure {
  return cause === 'deadline'
    ? new ProviderFailure({
        reason: 'timeout',
        durationMs,
        ...facts,
        message: `${who} did not answer within the ${Math.round(deadlineMs)} ms deadline; the step falls back to the best valid candidate (use a faster model or raise the deadline)`,
      })
    : new ProviderFailure({
        reason: 'cancelled',
        durationMs,
        ...facts,
        message: `${who} call was cancelled because the run was aborted; no answer was requested or used`,
      });
}
