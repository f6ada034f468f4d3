// The hosted provider end to end: the real `openai` SDK, driven through createProvider, against a local
// OpenAI-compatible server (the only fake is the network edge). Checks what goes over the wire, how
// replies map, and how every failure becomes a ProviderFailure with the right status and no key.
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/llm/createProvider.js';
import { splitReasoning } from '../../src/llm/openaiProvider.js';
import { resolveProfile } from '../../src/llm/profiles.js';
import type { Env } from '../../src/llm/secrets.js';
import { behaviours, startFakeOpenAIServer } from './helpers/fakeOpenAIServer.js';
import { modelRequest, providerFailure as failure } from './helpers/modelRequests.js';
import { useFakeOpenAI } from './helpers/fakeOpenAIFixture.js';

const KEY = 'sk-test-0123456789abcdefSECRETKEY';
const fake = useFakeOpenAI(KEY);
const request = (overrides: Parameters<typeof modelRequest>[1] = {}) =>
  modelRequest(['collect_gold_3_4_right'], { user: 'Candidates:\n- id=collect_gold_3_4_right kind=collect_gold', ...overrides });

describe('openai provider against an OpenAI-compatible server', () => {
  it('sends model, system+user messages and temperature, and maps a valid JSON answer', async () => {
    fake.server.enqueue(behaviours.json('collect_gold_3_4_right', 'closest gold', { id: 'chatcmpl-42' }));
    const reply = await fake.provider.complete(request());

    expect(fake.server.requests).toHaveLength(1);
    const seen = fake.server.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.body).toMatchObject({
      model: 'test-model',
      temperature: 0.5,
      messages: [
        { role: 'system', content: 'You choose one candidate id. Return JSON only.' },
        { role: 'user', content: 'Candidates:\n- id=collect_gold_3_4_right kind=collect_gold' },
      ],
    });
    expect(JSON.parse(reply.text)).toEqual({ candidateId: 'collect_gold_3_4_right', reason: 'closest gold' });
    expect(reply.usage).toEqual({ promptTokens: 120, completionTokens: 18, totalTokens: 138 });
    expect(reply.responseId).toBe('chatcmpl-42');
    expect(reply.reasoning).toBeNull();
    expect(reply.durationMs).toBeGreaterThanOrEqual(0);
    expect(fake.provider).toMatchObject({
      profile: 'openai',
      provider: 'openai',
      model: 'test-model',
      modelSource: 'request.modelProfile',
    });
  });

  it('returns prose and unknown ids untouched (judging them is the parse/validate stages’ job)', async () => {
    fake.server.enqueue(behaviours.prose('Go left, I guess.'), behaviours.unknownId());
    expect((await fake.provider.complete(request())).text).toBe('Go left, I guess.');
    expect(JSON.parse((await fake.provider.complete(request())).text).candidateId).toBe('no_such_candidate');
  });

  it('maps missing usage to null and computes a missing total', async () => {
    fake.server.enqueue(
      { kind: 'answer', content: '{}', usage: null },
      { kind: 'answer', content: '{}', usage: { prompt_tokens: 7, completion_tokens: 3 } },
    );
    expect((await fake.provider.complete(request())).usage).toBeNull();
    expect((await fake.provider.complete(request())).usage).toEqual({ promptTokens: 7, completionTokens: 3, totalTokens: 10 });
  });

  it('moves reasoning_content and <think> blocks into reasoning and out of text', async () => {
    fake.server.enqueue(
      { kind: 'answer', content: '{"candidateId":"a"}', reasoningContent: 'gold is right' },
      { kind: 'answer', content: '<think>guard is far</think>\n{"candidateId":"b"}' },
    );
    const a = await fake.provider.complete(request());
    expect(a).toMatchObject({ text: '{"candidateId":"a"}', reasoning: 'gold is right' });
    const b = await fake.provider.complete(request());
    expect(b).toMatchObject({ text: '{"candidateId":"b"}', reasoning: 'guard is far' });
  });

  it('fails with status timeout when the answer comes after the deadline', async () => {
    fake.server.enqueue(behaviours.slow(3000));
    const started = Date.now();
    const err = await failure(fake.provider.complete(request({ deadlineMs: 300 })));
    expect(err.status).toBe('timeout');
    expect(err.reason).toBe('timeout');
    expect(err.cancelled).toBe(false);
    expect(err.message).toMatch(/300 ms deadline/);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(fake.server.requests).toHaveLength(1);
  });

  it('fails with status timeout when the server never answers', async () => {
    fake.server.enqueue({ kind: 'hang' });
    const err = await failure(fake.provider.complete(request({ deadlineMs: 200 })));
    expect(err.status).toBe('timeout');
    expect(fake.server.requests).toHaveLength(1);
  });

  it('maps HTTP 500 to provider_error', async () => {
    fake.server.enqueue(behaviours.serverError('upstream exploded'));
    const err = await failure(fake.provider.complete(request()));
    expect(err).toMatchObject({ status: 'provider_error', reason: 'server_error', httpStatus: 500, cancelled: false });
    expect(err.message).toContain('HTTP 500');
    expect(err.message).toContain('upstream exploded');
  });

  it('maps HTTP 401 to provider_error naming the env var, never the key (even when the server echoes it)', async () => {
    fake.server.enqueue(behaviours.unauthorized(`Incorrect API key provided: ${KEY}`));
    const err = await failure(fake.provider.complete(request()));
    expect(err).toMatchObject({ status: 'provider_error', reason: 'auth', httpStatus: 401 });
    expect(err.message).toContain('OPENAI_API_KEY');
    expect(err.message).not.toContain(KEY);
    expect(JSON.stringify({ ...err, message: err.message, stack: err.stack })).not.toContain(KEY);
  });

  it('maps HTTP 404 to provider_error naming the model variable', async () => {
    fake.server.enqueue({ kind: 'error', status: 404, message: 'The model `test-model` does not exist' });
    const err = await failure(fake.provider.complete(request()));
    expect(err).toMatchObject({ status: 'provider_error', reason: 'not_found', httpStatus: 404 });
    expect(err.message).toContain('OPENAI_MODEL');
  });

  it('maps a malformed 200 response to provider_error', async () => {
    fake.server.enqueue({ kind: 'raw', body: JSON.stringify({ hello: 'world' }) }, { kind: 'raw', body: '{not json' });
    const shapeless = await failure(fake.provider.complete(request()));
    expect(shapeless).toMatchObject({ status: 'provider_error', reason: 'malformed' });
    const broken = await failure(fake.provider.complete(request()));
    expect(broken.status).toBe('provider_error');
  });

  it('cancels through the run signal: provider_error with cancelled=true', async () => {
    fake.server.enqueue({ kind: 'hang' });
    const run = new AbortController();
    const pending = fake.provider.complete(request({ signal: run.signal, deadlineMs: 10_000 }));
    await fake.server.waitForRequests(1);
    run.abort();
    const err = await failure(pending);
    expect(err).toMatchObject({ status: 'provider_error', reason: 'cancelled', cancelled: true });
    expect(err.message).toMatch(/cancelled/);
  });

  it('does not call the server at all when the run is already cancelled', async () => {
    const run = new AbortController();
    run.abort();
    const err = await failure(fake.provider.complete(request({ signal: run.signal })));
    expect(err.cancelled).toBe(true);
    expect(fake.server.requests).toHaveLength(0);
  });

  it('maps connection refused to provider_error naming the base-URL variable', async () => {
    const closed = await startFakeOpenAIServer();
    await closed.close();
    const deadEnv = { ...fake.env, OPENAI_BASE_URL: closed.baseURL };
    const dead = createProvider(resolveProfile({ modelProfile: 'openai' }, deadEnv), deadEnv);
    const err = await failure(dead.complete(request()));
    expect(err).toMatchObject({ status: 'provider_error', reason: 'unreachable' });
    expect(err.message).toContain('OPENAI_BASE_URL');
    expect(err.message).not.toContain(KEY);
  });

  it('serves minimax and gemini through their own base-URL and key variables', async () => {
    const hostedEnv: Env = {
      MINIMAX_API_KEY: 'mm-key-abcdefgh12345',
      MINIMAX_MODEL: 'MiniMax-M2',
      MINIMAX_API_BASE: fake.server.baseURL,
      GEMINI_API_KEY: 'gm-key-abcdefgh12345',
      GEMINI_MODEL: 'gemini-2.5-flash',
      GEMINI_API_BASE: fake.server.baseURL,
    };
    fake.server.enqueue(behaviours.json('a'), behaviours.json('b'));
    const minimax = createProvider(resolveProfile({ modelProfile: 'minimax' }, hostedEnv), hostedEnv);
    const gemini = createProvider(resolveProfile({ model: 'gemini:gemini-2.5-pro' }, hostedEnv), hostedEnv);
    await minimax.complete(request());
    await gemini.complete(request());
    expect(fake.server.requests.map((r) => [r.headers.authorization, (r.body as { model: string }).model])).toEqual([
      ['Bearer mm-key-abcdefgh12345', 'MiniMax-M2'],
      ['Bearer gm-key-abcdefgh12345', 'gemini-2.5-pro'],
    ]);
  });
});

describe('splitReasoning', () => {
  it.each([
    ['plain', '{"candidateId":"a"}', null, '{"candidateId":"a"}', null],
    ['think block', '<think>x</think>{"candidateId":"a"}', null, '{"candidateId":"a"}', 'x'],
    ['thinking block', '<thinking>y</thinking>\nanswer', null, 'answer', 'y'],
    ['orphan close (template opened it)', 'hidden thoughts</think>answer', null, 'answer', 'hidden thoughts'],
    ['unclosed (cut off)', 'answer<think>never finished', null, 'answer', 'never finished'],
    ['field reasoning first', '<think>b</think>answer', 'a', 'answer', 'a\n\nb'],
  ])('%s', (_name, content, field, text, reasoning) => {
    expect(splitReasoning(content, field)).toEqual({ text, reasoning });
  });
});
