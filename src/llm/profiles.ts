// Decides which model answers a planning request (http-api.md "Model profiles"): request `model`
// (`provider:model`) -> request `modelProfile` -> config `agent.modelProfile` -> env AGENT_MODEL_PROFILE
// -> env AGENT_DEFAULT_MODEL (`provider:model`) -> built-in `local`. Reads the request fields, the
// public config's profile and an env map; returns the resolved profile and which rule decided, or a
// typed error the HTTP layer maps to 400 (UnknownProfileError) or 503 (ModelNotConfiguredError).
import { z } from 'zod';
import type { Env } from './secrets.js';

export const PROFILE_NAMES = ['local', 'replay', 'openai', 'minimax', 'gemini'] as const;
export const profileNameSchema = z.enum(PROFILE_NAMES);
export type ProfileName = z.infer<typeof profileNameSchema>;

export const HOSTED_PROFILE_NAMES = ['openai', 'minimax', 'gemini'] as const;
export type HostedProfileName = (typeof HOSTED_PROFILE_NAMES)[number];

export interface HostedProfileSpec {
  keyVar: string;
  modelVar: string;
  /** Base-URL variables, first set one wins. */
  baseUrlVars: readonly string[];
  defaultBaseUrl: string;
}

export const HOSTED_PROFILES: Readonly<Record<HostedProfileName, HostedProfileSpec>> = {
  openai: {
    keyVar: 'OPENAI_API_KEY',
    modelVar: 'OPENAI_MODEL',
    baseUrlVars: ['OPENAI_BASE_URL'],
    defaultBaseUrl: 'https://api.openai.com/v1',
  },
  minimax: {
    keyVar: 'MINIMAX_API_KEY',
    modelVar: 'MINIMAX_MODEL',
    baseUrlVars: ['MINIMAX_BASE_URL', 'MINIMAX_API_BASE'],
    defaultBaseUrl: 'https://api.minimax.io/v1',
  },
  gemini: {
    keyVar: 'GEMINI_API_KEY',
    modelVar: 'GEMINI_MODEL',
    baseUrlVars: ['GEMINI_API_BASE'],
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai/',
  },
};

/** The model name reported for the built-in offline policy (`local:<name>` may override it). */
export const LOCAL_MODEL = 'local-policy';
/** For `replay`, the model name is the trace id to replay; this env var supplies it when the request does not. */
export const REPLAY_TRACE_VAR = 'REPLAY_TRACE_ID';

export const MODEL_SOURCES = [
  'request.model',
  'request.modelProfile',
  'config',
  'env:AGENT_MODEL_PROFILE',
  'env:AGENT_DEFAULT_MODEL',
  'default',
] as const;
export const modelSourceSchema = z.enum(MODEL_SOURCES);
export type ModelSource = z.infer<typeof modelSourceSchema>;

export const resolvedProfileSchema = z.object({
  profile: profileNameSchema,
  /** The profile's provider; equal to the profile name for every built-in profile. */
  provider: z.string().min(1),
  /** Model name (`local-policy` for local, the trace id for replay). */
  model: z.string().min(1),
  modelSource: modelSourceSchema,
});
export type ResolvedProfile = z.infer<typeof resolvedProfileSchema>;

/** The inputs besides env. Blank strings count as absent at every rule (as do unset env vars). */
export interface ProfileInputs {
  /** Request body `model`, `provider:model`. */
  model?: string | null;
  /** Request body `modelProfile`. */
  modelProfile?: string | null;
  /** Public config `agent.modelProfile`. */
  configProfile?: string | null;
}

const SOURCE_WORDS: Record<ModelSource, string> = {
  'request.model': 'request field "model"',
  'request.modelProfile': 'request field "modelProfile"',
  config: 'config agent.modelProfile',
  'env:AGENT_MODEL_PROFILE': 'env AGENT_MODEL_PROFILE',
  'env:AGENT_DEFAULT_MODEL': 'env AGENT_DEFAULT_MODEL',
  default: 'the built-in default',
};

/** 400: the request (or config/env) names a profile or provider that does not exist, or a malformed model. */
export class UnknownProfileError extends Error {
  override readonly name = 'UnknownProfileError';
  readonly httpStatus = 400 as const;
  constructor(
    message: string,
    readonly source: ModelSource,
    readonly value: string,
  ) {
    super(message);
  }
}

/** 503: the chosen profile lacks a key or model name; `missing` lists the env vars to set. */
export class ModelNotConfiguredError extends Error {
  override readonly name = 'ModelNotConfiguredError';
  readonly httpStatus = 503 as const;
  constructor(
    message: string,
    readonly profile: ProfileName,
    readonly missing: readonly string[],
  ) {
    super(message);
  }
}

function present(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isProfileName(value: string): value is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(value);
}

export function isHostedProfile(profile: ProfileName): profile is HostedProfileName {
  return (HOSTED_PROFILE_NAMES as readonly string[]).includes(profile);
}

/** A bare profile name, case-insensitive. */
export function parseProfileName(value: string, source: ModelSource): ProfileName {
  const name = value.trim().toLowerCase();
  if (isProfileName(name)) return name;
  throw new UnknownProfileError(
    `unknown model profile "${value}" (from ${SOURCE_WORDS[source]}); known profiles: ${PROFILE_NAMES.join(', ')}`,
    source,
    value,
  );
}

/** `provider:model`, split at the first colon (model names may contain colons, e.g. `openai:llama3:8b`). */
export function parseProviderModel(value: string, source: ModelSource): { profile: ProfileName; model: string } {
  const at = value.indexOf(':');
  const providerPart = at < 0 ? '' : value.slice(0, at).trim().toLowerCase();
  const modelPart = at < 0 ? '' : value.slice(at + 1).trim();
  if (at < 0 || providerPart === '' || modelPart === '') {
    throw new UnknownProfileError(
      `model "${value}" (from ${SOURCE_WORDS[source]}) is not in the form provider:model, e.g. "openai:gpt-4o-mini"; providers: ${PROFILE_NAMES.join(', ')}`,
      source,
      value,
    );
  }
  if (!isProfileName(providerPart)) {
    throw new UnknownProfileError(
      `model "${value}" (from ${SOURCE_WORDS[source]}) names unknown provider "${providerPart}"; known providers: ${PROFILE_NAMES.join(', ')}`,
      source,
      value,
    );
  }
  return { profile: providerPart, model: modelPart };
}

/** Fill in the model name (when the rule gave only a profile) and check the profile can run. */
function complete(profile: ProfileName, model: string | null, modelSource: ModelSource, env: Env): ResolvedProfile {
  if (profile === 'local') return { profile, provider: 'local', model: model ?? LOCAL_MODEL, modelSource };
  if (profile === 'replay') {
    const traceId = model ?? present(env[REPLAY_TRACE_VAR]);
    if (!traceId) {
      throw new ModelNotConfiguredError(
        `the replay profile needs a trace to replay: request model "replay:<traceId>" or set ${REPLAY_TRACE_VAR}`,
        profile,
        [REPLAY_TRACE_VAR],
      );
    }
    return { profile, provider: 'replay', model: traceId, modelSource };
  }
  const spec = HOSTED_PROFILES[profile];
  const name = model ?? present(env[spec.modelVar]);
  const missing = [...(present(env[spec.keyVar]) ? [] : [spec.keyVar]), ...(name ? [] : [spec.modelVar])];
  if (missing.length > 0) {
    const how = name ? '' : ` (or request model "${profile}:<model>")`;
    throw new ModelNotConfiguredError(
      `the ${profile} profile is not configured: set ${missing.join(' and ')} in the environment or in .env / .env.local${how}`,
      profile,
      missing,
    );
  }
  return { profile, provider: profile, model: name!, modelSource };
}

/** Apply the resolution order; the first rule with a value decides, and its errors are not skipped over. */
export function resolveProfile(inputs: ProfileInputs, env: Env): ResolvedProfile {
  const requestModel = present(inputs.model);
  if (requestModel) {
    const { profile, model } = parseProviderModel(requestModel, 'request.model');
    return complete(profile, model, 'request.model', env);
  }
  const requestProfile = present(inputs.modelProfile);
  if (requestProfile) return complete(parseProfileName(requestProfile, 'request.modelProfile'), null, 'request.modelProfile', env);
  const configProfile = present(inputs.configProfile);
  if (configProfile) return complete(parseProfileName(configProfile, 'config'), null, 'config', env);
  const envProfile = present(env.AGENT_MODEL_PROFILE);
  if (envProfile) return complete(parseProfileName(envProfile, 'env:AGENT_MODEL_PROFILE'), null, 'env:AGENT_MODEL_PROFILE', env);
  const envDefault = present(env.AGENT_DEFAULT_MODEL);
  if (envDefault) {
    const { profile, model } = parseProviderModel(envDefault, 'env:AGENT_DEFAULT_MODEL');
    return complete(profile, model, 'env:AGENT_DEFAULT_MODEL', env);
  }
  return complete('local', null, 'default', env);
}

/** Where and with which key a hosted profile is called. Throws ModelNotConfiguredError without a key. */
export interface HostedEndpoint {
  apiKey: string;
  baseURL: string;
  keyVar: string;
  /** The env var the base URL came from, or null for the built-in default. */
  baseUrlVar: string | null;
}

export function hostedEndpoint(profile: HostedProfileName, env: Env): HostedEndpoint {
  const spec = HOSTED_PROFILES[profile];
  const apiKey = present(env[spec.keyVar]);
  if (!apiKey) {
    throw new ModelNotConfiguredError(
      `the ${profile} profile is not configured: set ${spec.keyVar} in the environment or in .env / .env.local`,
      profile,
      [spec.keyVar],
    );
  }
  for (const name of spec.baseUrlVars) {
    const url = present(env[name]);
    if (url) return { apiKey, baseURL: url, keyVar: spec.keyVar, baseUrlVar: name };
  }
  return { apiKey, baseURL: spec.defaultBaseUrl, keyVar: spec.keyVar, baseUrlVar: null };
}
