// Test helper: one fake OpenAI-compatible server for a spec file, started before its tests and
// closed after, its request log cleared before each test, with the env that points the `openai`
// profile at it and a provider made through createProvider (the real SDK path).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createProvider } from '../../../src/llm/createProvider.js';
import { resolveProfile } from '../../../src/llm/profiles.js';
import type { ModelProvider } from '../../../src/llm/provider.js';
import type { Env } from '../../../src/llm/secrets.js';
import { startFakeOpenAIServer, type FakeOpenAIServer } from './fakeOpenAIServer.js';

export interface FakeOpenAIFixture {
  readonly server: FakeOpenAIServer;
  readonly env: Env;
  /** A provider made once for the file (call createProvider with `env` for a fresh one). */
  readonly provider: ModelProvider;
}

export const openaiProvider = (env: Env): ModelProvider => createProvider(resolveProfile({ modelProfile: 'openai' }, env), env);

/** Registers the server's lifecycle hooks; read the fields inside tests (they are set in beforeAll). */
export function useFakeOpenAI(key = 'sk-test-0123456789abcdefSECRET'): FakeOpenAIFixture {
  const fixture = {} as { server: FakeOpenAIServer; env: Env; provider: ModelProvider };
  beforeAll(async () => {
    fixture.server = await startFakeOpenAIServer();
    fixture.env = { OPENAI_API_KEY: key, OPENAI_MODEL: 'test-model', OPENAI_BASE_URL: fixture.server.baseURL };
    fixture.provider = openaiProvider(fixture.env);
  });
  afterAll(async () => {
    await fixture.server?.close();
  });
  beforeEach(() => {
    fixture.server.requests.length = 0;
  });
  return fixture;
}
