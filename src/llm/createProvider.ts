// Turns a resolved profile into a ModelProvider: `local` wraps an injected offline policy (default: the
// one in localPolicy.ts), `replay` serves a stored run's answers, and openai/minimax/gemini go through
// the openai SDK. Reads the env map (keys, base URLs) and the injected sources; writes nothing.
// Throws ModelNotConfiguredError (HTTP 503) when the profile cannot run, before any call is made.
import { localPolicy as defaultLocalPolicy } from './localPolicy.js';
import { openAIProviderFromEnv } from './openaiProvider.js';
import { isHostedProfile, ModelNotConfiguredError, type ResolvedProfile } from './profiles.js';
import {
  abortFailure,
  guardCall,
  modelReplySchema,
  ProviderFailure,
  type LocalPolicy,
  type ModelProvider,
  type ModelReply,
  type ModelRequest,
} from './provider.js';
import { createReplayProvider, type RecordedAnswer } from './replayProvider.js';
import type { Env } from './secrets.js';

export interface CreateProviderOptions {
  /** The offline policy behind `local`; defaults to src/llm/localPolicy.ts. */
  localPolicy?: LocalPolicy;
  /** The recorded answers of a stored run, by trace id (null/undefined when there is no such run). */
  replayAnswers?: (traceId: string) => readonly RecordedAnswer[] | null | undefined;
}

/** `local`: the policy runs under the same deadline/cancel guard as a hosted call; its reply is validated. */
export function createLocalProvider(resolved: ResolvedProfile, policy: LocalPolicy): ModelProvider {
  const who = `local policy "${resolved.model}"`;
  async function complete(req: ModelRequest): Promise<ModelReply> {
    const guard = guardCall(req.deadlineMs, req.signal);
    try {
      if (guard.cause()) throw abortFailure('cancelled', who, req.deadlineMs, 0);
      let raw: unknown;
      try {
        raw = await Promise.race([Promise.resolve().then(() => policy(req)), guard.aborted]);
      } catch (err) {
        const cause = guard.cause();
        if (cause) throw abortFailure(cause, who, req.deadlineMs, guard.elapsedMs());
        throw new ProviderFailure({
          reason: 'policy_error',
          durationMs: guard.elapsedMs(),
          message: `${who} failed: ${err instanceof Error ? err.message : String(err)}`,
        });
      }
      const reply = modelReplySchema.safeParse(raw);
      if (!reply.success) {
        throw new ProviderFailure({
          reason: 'policy_error',
          durationMs: guard.elapsedMs(),
          message: `${who} returned something that is not a ModelReply (${reply.error.issues[0]?.message ?? 'invalid'})`,
        });
      }
      return { ...reply.data, durationMs: guard.elapsedMs() };
    } finally {
      guard.dispose();
    }
  }
  return { profile: resolved.profile, provider: resolved.provider, model: resolved.model, modelSource: resolved.modelSource, complete };
}

export function createProvider(resolved: ResolvedProfile, env: Env, options: CreateProviderOptions = {}): ModelProvider {
  const { profile } = resolved;
  if (profile === 'local') return createLocalProvider(resolved, options.localPolicy ?? defaultLocalPolicy);
  if (profile === 'replay') {
    const answers = options.replayAnswers?.(resolved.model);
    if (!answers) {
      throw new ModelNotConfiguredError(
        `the replay profile has no stored run "${resolved.model}" to replay; pick a trace id from GET /api/agent/traces`,
        profile,
        [],
      );
    }
    return createReplayProvider({ resolved, answers });
  }
  if (isHostedProfile(profile)) return openAIProviderFromEnv({ ...resolved, profile }, env);
  throw new ModelNotConfiguredError(`no provider is implemented for profile "${String(profile)}"`, profile, []);
}
