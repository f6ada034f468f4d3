// Hosted profiles (openai, minimax, gemini) through the official `openai` SDK's chat completions:
// system + user messages and the temperature go out, the message text, usage, response id and any
// provider reasoning come back. Reads the resolved profile, key and base URL; writes nothing. One call
// per request with the SDK's retries off (recovery is the planner's job) and a hard per-call deadline
// combined with the run's abort signal; inside that deadline it sends the reply's JSON schema where
// the profile takes it (once more without it if the server rejects it), and waits out a 429/503 whose
// Retry-After fits. Every failure becomes a ProviderFailure with the key scrubbed out.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import { hostedEndpoint, HOSTED_PROFILES, type HostedProfileName, type ResolvedProfile } from './profiles.js';
import {
  abortFailure,
  guardCall,
  ProviderFailure,
  type AbortCause,
  type ModelProvider,
  type ModelReply,
  type ModelRequest,
  type ThrottleWaits,
} from './provider.js';
import { MAX_THROTTLE_WAITS, serverRetryDelayMs, sleepUnlessAborted, THROTTLE_STATUSES, withJitter } from './rateLimit.js';
import {
  rejectsResponseFormat,
  rememberRejectedConstraint,
  responseFormatFor,
  sendsConstraint,
  type ReplyContract,
} from './replyContract.js';
import { displayUrl, scrubSecrets, secretValuesFromEnv, type Env } from './secrets.js';

export interface OpenAIProviderOptions {
  /** A resolved hosted profile (openai, minimax or gemini). */
  resolved: ResolvedProfile & { profile: HostedProfileName };
  apiKey: string;
  baseURL: string;
  /** OpenAI organization / project headers (openai profile only; null for the others). */
  organization?: string | null;
  project?: string | null;
  /** Further secret values to scrub from error messages (the apiKey is always scrubbed). */
  secrets?: readonly string[];
  /** The env var the base URL came from, named in "cannot reach" messages. */
  baseUrlVar?: string | null;
}

// ---------------------------------------------------------------- the response, as far as we read it
const contentPartSchema = z.object({ type: z.string().optional(), text: z.string().optional() }).loose();
const chatResponseSchema = z.object({
  id: z.string().nullish(),
  choices: z
    .array(
      z.object({
        message: z
          .object({
            content: z.union([z.string(), z.array(contentPartSchema)]).nullish(),
            /** DeepSeek-style reasoning field (also vLLM, MiniMax). */
            reasoning_content: z.string().nullish(),
            /** OpenRouter / newer vLLM reasoning field. */
            reasoning: z.unknown().optional(),
            /** MiniMax with reasoning_split. */
            reasoning_details: z.array(z.object({ text: z.string().optional() }).loose()).nullish(),
          })
          .loose(),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().nullish(), completion_tokens: z.number().nullish(), total_tokens: z.number().nullish() })
    .loose()
    .nullish(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;

const THINK_BLOCK = /<think(?:ing)?>([\s\S]*?)<\/think(?:ing)?>/gi;

/**
 * Separate provider reasoning from the final message: `<think>…</think>` (or `<thinking>`) blocks, a
 * leading unmatched `…</think>` (templates that open the block in the prompt), and a trailing unclosed
 * `<think>` (cut off by the token limit) all move to `reasoning`, joined after any field reasoning.
 */
export function splitReasoning(content: string, fieldReasoning: string | null = null): { text: string; reasoning: string | null } {
  const parts: string[] = [];
  if (fieldReasoning && fieldReasoning.trim()) parts.push(fieldReasoning.trim());
  let text = content.replace(THINK_BLOCK, (_m, inner: string) => {
    if (inner.trim()) parts.push(inner.trim());
    return '';
  });
  const orphanClose = text.search(/<\/think(?:ing)?>/i);
  if (orphanClose >= 0) {
    const before = text.slice(0, orphanClose);
    if (before.trim()) parts.push(before.trim());
    text = text.slice(orphanClose).replace(/^<\/think(?:ing)?>/i, '');
  }
  const openAt = text.search(/<think(?:ing)?>/i);
  if (openAt >= 0) {
    const after = text.slice(openAt).replace(/^<think(?:ing)?>/i, '');
    if (after.trim()) parts.push(after.trim());
    text = text.slice(0, openAt);
  }
  return { text: text.trim(), reasoning: parts.length > 0 ? parts.join('\n\n') : null };
}

function mapUsage(usage: ChatResponse['usage']): ModelReply['usage'] {
  if (!usage) return null;
  const p = usage.prompt_tokens;
  const c = usage.completion_tokens;
  if (typeof p !== 'number' || typeof c !== 'number' || p < 0 || c < 0) return null;
  const t = typeof usage.total_tokens === 'number' && usage.total_tokens >= 0 ? usage.total_tokens : p + c;
  return { promptTokens: Math.round(p), completionTokens: Math.round(c), totalTokens: Math.round(t) };
}

/** Turn a parsed chat completion into a ModelReply (durationMs filled in by the caller). */
export function replyFromResponse(raw: unknown, durationMs: number): ModelReply | null {
  const parsed = chatResponseSchema.safeParse(raw);
  if (!parsed.success) return null;
  const message = parsed.data.choices[0]!.message;
  const content = typeof message.content === 'string' ? message.content : (message.content ?? []).map((part) => part.text ?? '').join('');
  const fieldReasoning =
    message.reasoning_content ??
    (typeof message.reasoning === 'string' ? message.reasoning : null) ??
    (message.reasoning_details?.map((d) => d.text ?? '').join('\n') || null);
  const { text, reasoning } = splitReasoning(content, fieldReasoning);
  return { text, durationMs, usage: mapUsage(parsed.data.usage), responseId: parsed.data.id ?? null, reasoning };
}

// ---------------------------------------------------------------- failures, phrased for a person
interface FailureContext {
  profile: HostedProfileName;
  model: string;
  baseURL: string;
  baseUrlVar: string | null;
  deadlineMs: number;
  durationMs: number;
  secrets: readonly string[];
  constrained: boolean;
  throttle: ThrottleWaits;
}

/** A 429/503 whose Retry-After does not fit in what is left of the call's deadline. */
class ThrottledPastDeadline extends Error {
  constructor(
    readonly apiError: APIError,
    readonly askedMs: number,
    readonly leftMs: number,
  ) {
    super('throttled past the deadline');
  }
}

function serverSays(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : err.message;
  const oneLine = raw.replace(/\s+/g, ' ').trim();
  return oneLine ? `: ${oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine}` : '';
}

function connectionDetail(err: Error): string {
  // The SDK wraps fetch's error, which wraps the socket error; the innermost one says what happened.
  let deepest: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const next = (deepest as { cause?: unknown }).cause;
    if (!(next instanceof Error)) break;
    deepest = next;
  }
  const { code, message } = deepest as { code?: unknown; message?: unknown };
  const text = [typeof code === 'string' ? code : '', typeof message === 'string' ? message : ''].filter(Boolean).join(': ');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text || 'connection failed';
}

export function toProviderFailure(err: unknown, cause: AbortCause, ctx: FailureContext): ProviderFailure {
  const spec = HOSTED_PROFILES[ctx.profile];
  const who = `${ctx.profile} model "${ctx.model}"`;
  const url = displayUrl(ctx.baseURL);
  const scrub = (message: string) => scrubSecrets(message, ctx.secrets);
  const facts = { constrained: ctx.constrained, throttle: { ...ctx.throttle, waitedMs: Math.round(ctx.throttle.waitedMs) } };
  const fail = (reason: ProviderFailure['reason'], message: string, httpStatus: number | null = null) =>
    new ProviderFailure({ reason, message: scrub(message), durationMs: ctx.durationMs, httpStatus, ...facts });
  const waited = ctx.throttle.waits > 0 ? ` after ${ctx.throttle.waits} wait(s) on Retry-After` : '';

  if (cause) return abortFailure(cause, who, ctx.deadlineMs, ctx.durationMs, facts);
  if (err instanceof APIUserAbortError) return abortFailure('cancelled', who, ctx.deadlineMs, ctx.durationMs, facts);
  if (err instanceof APIConnectionTimeoutError) return abortFailure('deadline', who, ctx.deadlineMs, ctx.durationMs, facts);
  if (err instanceof ThrottledPastDeadline) {
    const status = err.apiError.status ?? 429;
    return fail(
      status === 429 ? 'rate_limited' : 'server_error',
      `${ctx.profile} asked to retry in ${Math.round(err.askedMs)} ms (HTTP ${status}${serverSays(err.apiError)})${waited}, past the call's deadline (${Math.max(0, Math.round(err.leftMs))} ms left of ${Math.round(ctx.deadlineMs)} ms); lower the request rate or raise the deadline`,
      status,
    );
  }
  if (err instanceof APIConnectionError) {
    const urlVar = ctx.baseUrlVar ?? spec.baseUrlVars[0];
    return fail(
      'unreachable',
      `cannot reach ${ctx.profile} at ${url} (${connectionDetail(err)}); check ${urlVar} and that the server is up`,
    );
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const status = err.status;
    const says = serverSays(err);
    if (status === 401 || status === 403) {
      return fail('auth', `${ctx.profile} rejected the API key (HTTP ${status}${says}); check ${spec.keyVar}`, status);
    }
    if (status === 404) {
      return fail(
        'not_found',
        `${ctx.profile} answered HTTP 404 for model "${ctx.model}" at ${url}${says}; check ${spec.modelVar} and ${ctx.baseUrlVar ?? spec.baseUrlVars[0]}`,
        status,
      );
    }
    if (status === 429)
      return fail(
        'rate_limited',
        `${ctx.profile} rate-limited the call (HTTP 429${says})${waited}; wait or lower the request rate`,
        status,
      );
    if (status >= 500)
      return fail('server_error', `${ctx.profile} server error (HTTP ${status}${says}); try again later or use another profile`, status);
    return fail('rejected', `${ctx.profile} rejected the request for model "${ctx.model}" (HTTP ${status}${says})`, status);
  }
  if (err instanceof SyntaxError) return fail('malformed', `${who} sent a response that is not valid JSON (${err.message})`);
  const message = err instanceof Error ? err.message : String(err);
  return fail('unexpected', `${who} call failed unexpectedly: ${message}`);
}

// ---------------------------------------------------------------- the provider
export function createOpenAIProvider(options: OpenAIProviderOptions): ModelProvider {
  const { resolved, apiKey, baseURL } = options;
  const secrets = [apiKey, ...(options.secrets ?? [])];
  const client = new OpenAI({
    apiKey,
    baseURL,
    // Everything explicit, so the SDK reads nothing from process.env behind the layered env's back.
    adminAPIKey: null,
    organization: options.organization ?? null,
    project: options.project ?? null,
    webhookSecret: null,
    maxRetries: 0,
  });

  const willConstrain = (reply: ReplyContract | undefined) => sendsConstraint(resolved.profile, reply, baseURL, resolved.model);

  async function complete(req: ModelRequest): Promise<ModelReply> {
    const guard = guardCall(req.deadlineMs, req.signal);
    let constrained = willConstrain(req.reply);
    const throttle: ThrottleWaits = { waits: 0, waitedMs: 0 };
    const ctx = (): FailureContext => ({
      profile: resolved.profile,
      model: resolved.model,
      baseURL,
      baseUrlVar: options.baseUrlVar ?? null,
      deadlineMs: req.deadlineMs,
      durationMs: guard.elapsedMs(),
      secrets,
      constrained,
      throttle,
    });
    const send = () => {
      const call = client.chat.completions.create(
        {
          model: resolved.model,
          messages: [
            { role: 'system', content: req.system },
            { role: 'user', content: req.user },
          ],
          temperature: req.temperature,
          ...(constrained && req.reply ? { response_format: responseFormatFor(req.reply.candidateIds) } : {}),
        },
        { timeout: Math.max(1, Math.ceil(req.deadlineMs - guard.elapsedMs())), maxRetries: 0, signal: guard.signal },
      );
      call.catch(() => {}); // if the guard wins the race, the losing call must not go unhandled
      return Promise.race([call, guard.aborted]);
    };
    try {
      if (guard.cause()) throw new APIUserAbortError();
      let raw: unknown;
      for (;;) {
        try {
          raw = await send();
          break;
        } catch (err) {
          if (guard.cause() || !(err instanceof APIError)) throw err;
          if (constrained && rejectsResponseFormat(err.status, err.message, (err as { param?: unknown }).param)) {
            // The server does not take the schema: once more without it, and never again in this process.
            rememberRejectedConstraint(baseURL, resolved.model);
            constrained = false;
            continue;
          }
          const asked = THROTTLE_STATUSES.has(err.status ?? 0) ? serverRetryDelayMs(err.headers) : null;
          if (asked === null || throttle.waits >= MAX_THROTTLE_WAITS) throw err;
          const wait = withJitter(asked);
          const left = req.deadlineMs - guard.elapsedMs();
          if (Math.min(wait, asked) >= left) throw new ThrottledPastDeadline(err, asked, left);
          await sleepUnlessAborted(Math.min(wait, Math.max(0, left - 1)), guard.aborted);
          throttle.waits += 1;
          throttle.waitedMs += Math.min(wait, Math.max(0, left - 1));
        }
      }
      const reply = replyFromResponse(raw, guard.elapsedMs());
      if (!reply) {
        throw new ProviderFailure({
          reason: 'malformed',
          durationMs: guard.elapsedMs(),
          constrained,
          throttle,
          message: scrubSecrets(
            `${resolved.profile} model "${resolved.model}" sent a malformed response (expected an object with choices[0].message); check that ${displayUrl(baseURL)} is an OpenAI-compatible chat completions endpoint`,
            secrets,
          ),
        });
      }
      return { ...reply, constrained, throttle: { ...throttle, waitedMs: Math.round(throttle.waitedMs) } };
    } catch (err) {
      if (err instanceof ProviderFailure) throw err;
      throw toProviderFailure(err, guard.cause(), ctx());
    } finally {
      guard.dispose();
    }
  }

  return {
    profile: resolved.profile,
    provider: resolved.provider,
    model: resolved.model,
    modelSource: resolved.modelSource,
    complete,
    willConstrain,
  };
}

/** Build a hosted provider from an env map (key, base URL, and for openai the org/project headers). */
export function openAIProviderFromEnv(resolved: ResolvedProfile & { profile: HostedProfileName }, env: Env): ModelProvider {
  const endpoint = hostedEndpoint(resolved.profile, env);
  return createOpenAIProvider({
    resolved,
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    baseUrlVar: endpoint.baseUrlVar,
    organization: resolved.profile === 'openai' ? (env.OPENAI_ORG_ID ?? null) : null,
    project: resolved.profile === 'openai' ? (env.OPENAI_PROJECT_ID ?? null) : null,
    secrets: secretValuesFromEnv(env),
  });
}
