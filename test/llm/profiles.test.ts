// Profile resolution (http-api.md "Model profiles"): one row per rule of the order, the fall-through
// between rules, and both error classes with messages that say what to set.
import { describe, expect, it } from 'vitest';
import {
  hostedEndpoint,
  ModelNotConfiguredError,
  resolveProfile,
  UnknownProfileError,
  type ProfileInputs,
  type ResolvedProfile,
} from '../../src/llm/profiles.js';
import type { Env } from '../../src/llm/secrets.js';

const HOSTED: Env = {
  OPENAI_API_KEY: 'sk-openai-key-123456',
  OPENAI_MODEL: 'gpt-env',
  MINIMAX_API_KEY: 'mm-key-123456789',
  MINIMAX_MODEL: 'MiniMax-env',
  GEMINI_API_KEY: 'gm-key-123456789',
  GEMINI_MODEL: 'gemini-env',
};

describe('resolveProfile: the resolution order', () => {
  const rows: Array<[string, ProfileInputs, Env, ResolvedProfile]> = [
    [
      'request model wins over everything',
      { model: 'openai:gpt-req', modelProfile: 'minimax', configProfile: 'gemini' },
      { ...HOSTED, AGENT_MODEL_PROFILE: 'gemini', AGENT_DEFAULT_MODEL: 'minimax:x' },
      { profile: 'openai', provider: 'openai', model: 'gpt-req', modelSource: 'request.model' },
    ],
    [
      'request model keeps colons after the first',
      { model: 'openai:llama3:8b' },
      HOSTED,
      { profile: 'openai', provider: 'openai', model: 'llama3:8b', modelSource: 'request.model' },
    ],
    [
      'request modelProfile, model name from <PROVIDER>_MODEL',
      { modelProfile: 'minimax', configProfile: 'gemini' },
      { ...HOSTED, AGENT_MODEL_PROFILE: 'openai' },
      { profile: 'minimax', provider: 'minimax', model: 'MiniMax-env', modelSource: 'request.modelProfile' },
    ],
    [
      'config agent.modelProfile',
      { configProfile: 'gemini' },
      { ...HOSTED, AGENT_MODEL_PROFILE: 'openai', AGENT_DEFAULT_MODEL: 'minimax:x' },
      { profile: 'gemini', provider: 'gemini', model: 'gemini-env', modelSource: 'config' },
    ],
    [
      'env AGENT_MODEL_PROFILE',
      {},
      { ...HOSTED, AGENT_MODEL_PROFILE: 'openai', AGENT_DEFAULT_MODEL: 'minimax:x' },
      { profile: 'openai', provider: 'openai', model: 'gpt-env', modelSource: 'env:AGENT_MODEL_PROFILE' },
    ],
    [
      'env AGENT_DEFAULT_MODEL names the model itself',
      {},
      { ...HOSTED, AGENT_DEFAULT_MODEL: 'minimax:MiniMax-default' },
      { profile: 'minimax', provider: 'minimax', model: 'MiniMax-default', modelSource: 'env:AGENT_DEFAULT_MODEL' },
    ],
    [
      'AGENT_DEFAULT_MODEL does not need <PROVIDER>_MODEL',
      {},
      { OPENAI_API_KEY: 'sk-openai-key-123456', AGENT_DEFAULT_MODEL: 'openai:gpt-default' },
      { profile: 'openai', provider: 'openai', model: 'gpt-default', modelSource: 'env:AGENT_DEFAULT_MODEL' },
    ],
    ['built-in local when nothing is set', {}, {}, { profile: 'local', provider: 'local', model: 'local-policy', modelSource: 'default' }],
    [
      'blank values count as absent',
      { model: '  ', modelProfile: '', configProfile: null },
      { AGENT_MODEL_PROFILE: '', AGENT_DEFAULT_MODEL: ' ' },
      { profile: 'local', provider: 'local', model: 'local-policy', modelSource: 'default' },
    ],
    [
      'profile names are case-insensitive',
      { modelProfile: 'Local' },
      {},
      { profile: 'local', provider: 'local', model: 'local-policy', modelSource: 'request.modelProfile' },
    ],
    [
      'local needs no key, and local:<name> names the policy',
      { model: 'local:greedy' },
      {},
      { profile: 'local', provider: 'local', model: 'greedy', modelSource: 'request.model' },
    ],
    [
      'replay:<traceId> names the trace',
      { model: 'replay:run-123' },
      {},
      { profile: 'replay', provider: 'replay', model: 'run-123', modelSource: 'request.model' },
    ],
    [
      'replay profile takes the trace from REPLAY_TRACE_ID',
      { modelProfile: 'replay' },
      { REPLAY_TRACE_ID: 'run-env' },
      { profile: 'replay', provider: 'replay', model: 'run-env', modelSource: 'request.modelProfile' },
    ],
  ];
  it.each(rows)('%s', (_name, inputs, env, expected) => {
    expect(resolveProfile(inputs, env)).toEqual(expected);
  });
});

describe('resolveProfile: UnknownProfileError (HTTP 400)', () => {
  const rows: Array<[string, ProfileInputs, Env, string, RegExp]> = [
    [
      'unknown request modelProfile',
      { modelProfile: 'claude' },
      HOSTED,
      'request.modelProfile',
      /unknown model profile "claude".*known profiles: local, replay/,
    ],
    ['request model without a colon', { model: 'gpt-4o' }, HOSTED, 'request.model', /not in the form provider:model/],
    ['request model with an empty model part', { model: 'openai:' }, HOSTED, 'request.model', /not in the form provider:model/],
    ['request model with an unknown provider', { model: 'anthropic:claude' }, HOSTED, 'request.model', /unknown provider "anthropic"/],
    ['unknown config profile', { configProfile: 'nope' }, HOSTED, 'config', /config agent\.modelProfile/],
    ['unknown AGENT_MODEL_PROFILE', {}, { AGENT_MODEL_PROFILE: 'nope' }, 'env:AGENT_MODEL_PROFILE', /env AGENT_MODEL_PROFILE/],
    ['malformed AGENT_DEFAULT_MODEL', {}, { AGENT_DEFAULT_MODEL: 'gpt-4o' }, 'env:AGENT_DEFAULT_MODEL', /provider:model/],
  ];
  it.each(rows)('%s', (_name, inputs, env, source, message) => {
    let caught: unknown;
    try {
      resolveProfile(inputs, env);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(UnknownProfileError);
    expect(caught).toMatchObject({ httpStatus: 400, source });
    expect((caught as Error).message).toMatch(message);
  });

  it('an invalid earlier rule is reported, not skipped over', () => {
    expect(() => resolveProfile({ modelProfile: 'nope' }, { AGENT_MODEL_PROFILE: 'local' })).toThrow(UnknownProfileError);
  });
});

describe('resolveProfile: ModelNotConfiguredError (HTTP 503)', () => {
  const rows: Array<[string, ProfileInputs, Env, string[], RegExp]> = [
    ['openai without a key', { modelProfile: 'openai' }, { OPENAI_MODEL: 'gpt' }, ['OPENAI_API_KEY'], /set OPENAI_API_KEY/],
    [
      'openai without a model name',
      { modelProfile: 'openai' },
      { OPENAI_API_KEY: 'k' },
      ['OPENAI_MODEL'],
      /set OPENAI_MODEL .*"openai:<model>"/,
    ],
    ['minimax without either', { modelProfile: 'minimax' }, {}, ['MINIMAX_API_KEY', 'MINIMAX_MODEL'], /MINIMAX_API_KEY and MINIMAX_MODEL/],
    ['gemini via provider:model without a key', { model: 'gemini:gemini-2.5-pro' }, {}, ['GEMINI_API_KEY'], /set GEMINI_API_KEY/],
    ['replay without a trace id', { modelProfile: 'replay' }, {}, ['REPLAY_TRACE_ID'], /replay:<traceId>.*REPLAY_TRACE_ID/],
  ];
  it.each(rows)('%s', (_name, inputs, env, missing, message) => {
    let caught: unknown;
    try {
      resolveProfile(inputs, env);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ModelNotConfiguredError);
    expect(caught).toMatchObject({ httpStatus: 503, missing });
    expect((caught as Error).message).toMatch(message);
  });

  it('never puts a key value in its message', () => {
    try {
      resolveProfile({ modelProfile: 'openai' }, { OPENAI_API_KEY: 'sk-super-secret-value-999' });
    } catch (err) {
      expect((err as Error).message).not.toContain('sk-super-secret-value-999');
    }
  });
});

describe('hostedEndpoint: base URLs', () => {
  it.each([
    ['openai default', 'openai', { OPENAI_API_KEY: 'k' }, 'https://api.openai.com/v1', null],
    [
      'openai OPENAI_BASE_URL',
      'openai',
      { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://localhost:8080/v1' },
      'http://localhost:8080/v1',
      'OPENAI_BASE_URL',
    ],
    ['minimax default', 'minimax', { MINIMAX_API_KEY: 'k' }, 'https://api.minimax.io/v1', null],
    ['minimax MINIMAX_API_BASE', 'minimax', { MINIMAX_API_KEY: 'k', MINIMAX_API_BASE: 'http://b/v1' }, 'http://b/v1', 'MINIMAX_API_BASE'],
    [
      'minimax MINIMAX_BASE_URL before MINIMAX_API_BASE',
      'minimax',
      { MINIMAX_API_KEY: 'k', MINIMAX_BASE_URL: 'http://a/v1', MINIMAX_API_BASE: 'http://b/v1' },
      'http://a/v1',
      'MINIMAX_BASE_URL',
    ],
    ['gemini default', 'gemini', { GEMINI_API_KEY: 'k' }, 'https://generativelanguage.googleapis.com/v1beta/openai/', null],
    ['gemini GEMINI_API_BASE', 'gemini', { GEMINI_API_KEY: 'k', GEMINI_API_BASE: 'http://g/' }, 'http://g/', 'GEMINI_API_BASE'],
  ] as const)('%s', (_name, profile, env, baseURL, baseUrlVar) => {
    expect(hostedEndpoint(profile, env)).toMatchObject({ apiKey: 'k', baseURL, baseUrlVar });
  });

  it('throws ModelNotConfiguredError without a key', () => {
    expect(() => hostedEndpoint('gemini', {})).toThrow(ModelNotConfiguredError);
  });
});
