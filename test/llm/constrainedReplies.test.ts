// Constrained replies end to end: the real `openai` SDK against a local OpenAI-compatible server.
// A hosted call sends `response_format` (strict JSON schema, candidateId an enum of the allowed ids,
// reason bounded) where the profile supports it and the config does not say `off`; a server that
// rejects the parameter is asked once more without it and never again in this process; the model
// receipt in the trace step says whether the call was constrained and carries the schema's hash.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import { createProvider } from '../../src/llm/createProvider.js';
import { resolveProfile } from '../../src/llm/profiles.js';
import { modelRequest } from './helpers/modelRequests.js';
import {
  forgetRejectedConstraints,
  rejectsResponseFormat,
  REPLY_REASON_MAX_CHARS,
  replySchemaSha256,
} from '../../src/llm/replyContract.js';
import type { Env } from '../../src/llm/secrets.js';
import { config, level1Snapshot, planningRequest, shownCandidateIds } from '../charts/helpers.js';
import { startFakeOpenAIServer, type FakeOpenAIServer } from './helpers/fakeOpenAIServer.js';

const KEY = 'sk-test-0123456789abcdefSECRETKEY';
const IDS = ['collect_gold_3_4_right', 'dig_left_2_5', 'wait_or_stop'];
let server: FakeOpenAIServer;
let rejecting: FakeOpenAIServer;

const envFor = (s: FakeOpenAIServer): Env => ({ OPENAI_API_KEY: KEY, OPENAI_MODEL: 'test-model', OPENAI_BASE_URL: s.baseURL });
const openai = (s: FakeOpenAIServer) => createProvider(resolveProfile({ modelProfile: 'openai' }, envFor(s)), envFor(s));

const request = (overrides: Parameters<typeof modelRequest>[1] = {}) => modelRequest(IDS, overrides);

const formatOf = (s: FakeOpenAIServer, i: number) => (s.requests[i]!.body as { response_format?: unknown }).response_format;

beforeAll(async () => {
  server = await startFakeOpenAIServer({ fallback: { kind: 'schema', pick: 'last' } });
  rejecting = await startFakeOpenAIServer({ rejectResponseFormat: true, fallback: { kind: 'schema', pick: 'first' } });
});
afterAll(async () => {
  await server.close();
  await rejecting.close();
});
beforeEach(() => {
  server.requests.length = 0;
  rejecting.requests.length = 0;
  forgetRejectedConstraints();
});

describe('constrained replies through the openai SDK', () => {
  it('sends a strict JSON schema with the allowed ids as an enum and a bounded reason; the server answers within it', async () => {
    const reply = await openai(server).complete(request());
    expect(formatOf(server, 0)).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'candidate_choice',
        strict: true,
        schema: {
          type: 'object',
          properties: {
            candidateId: { type: 'string', enum: IDS },
            reason: { type: 'string', pattern: `^.{1,${REPLY_REASON_MAX_CHARS}}$`, description: expect.any(String) },
          },
          required: ['candidateId', 'reason'],
          additionalProperties: false,
        },
      },
    });
    expect(reply.constrained).toBe(true);
    expect(JSON.parse(reply.text)).toEqual({ candidateId: 'wait_or_stop', reason: 'the last allowed id' });
  });

  it('sends no schema when the config says off, for profiles that do not take it, or without a contract', async () => {
    const off = await openai(server).complete(request({ reply: { candidateIds: IDS, constrainedReplies: 'off' } }));
    const none = await openai(server).complete(request({ reply: undefined }));
    const minimaxEnv: Env = { MINIMAX_API_KEY: 'mm-key-abcdefgh12345', MINIMAX_MODEL: 'MiniMax-M2', MINIMAX_API_BASE: server.baseURL };
    const minimax = await createProvider(resolveProfile({ modelProfile: 'minimax' }, minimaxEnv), minimaxEnv).complete(request());
    expect(server.requests.map((_, i) => formatOf(server, i))).toEqual([undefined, undefined, undefined]);
    expect([off.constrained, none.constrained, minimax.constrained]).toEqual([false, false, false]);
    // An unconstrained model may ramble: exactly what the schema rules out.
    expect(off.text).toMatch(/let me think/);
  });

  it('a server that rejects response_format: asked once more without it, and never again in this process', async () => {
    const provider = openai(rejecting);
    const first = await provider.complete(request());
    expect(rejecting.requests).toHaveLength(2);
    expect(formatOf(rejecting, 0)).toBeDefined();
    expect(formatOf(rejecting, 1)).toBeUndefined();
    expect(first.constrained).toBe(false);
    expect(first.text).toMatch(/let me think/);

    // A new provider for the same endpoint (as every planning request builds one) remembers it too.
    const again = await openai(rejecting).complete(request());
    expect(rejecting.requests).toHaveLength(3);
    expect(formatOf(rejecting, 2)).toBeUndefined();
    expect(again.constrained).toBe(false);
    expect(openai(rejecting).willConstrain?.(request().reply)).toBe(false);
    expect(openai(server).willConstrain?.(request().reply)).toBe(true);
  });
});

describe('the model receipt of a constrained call', () => {
  const snapshot = level1Snapshot();
  const ids = shownCandidateIds(snapshot);

  it('records constrained: true and the schema hash of the shown ids; the answer is the enum’s pick', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: openai(server) });
    const format = formatOf(server, 0) as { json_schema: { schema: { properties: { candidateId: { enum: string[] } } } } };
    expect(format.json_schema.schema.properties.candidateId.enum).toEqual(ids);
    expect(result.traceStep.modelCall!.receipt).toMatchObject({ constrained: true, replySchemaSha256: replySchemaSha256(ids) });
    expect(result.validation).toMatchObject({ statuses: ['ok'], requestedCandidateId: ids.at(-1), fallbackUsed: false });
  });

  it('records constrained: false when the server rejected the schema (the hash of what was offered stays), and the retry goes without it', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: openai(rejecting) });
    // The unconstrained model rambled: a parse_error, then the retry, sent without the schema at once.
    expect(result.validation.statuses[0]).toBe('parse_error');
    expect(rejecting.requests.map((_, i) => formatOf(rejecting, i) !== undefined)).toEqual([true, false, false]);
    const [first] = result.traceStep.earlierModelCalls;
    expect(first!.receipt).toMatchObject({ constrained: false, replySchemaSha256: replySchemaSha256(ids) });
    expect(result.traceStep.modelCall!.receipt).toMatchObject({ attempt: 1, constrained: false, replySchemaSha256: null });
  });

  it('records constrained: false and no hash when the profile config says off', async () => {
    const off = config((c) => (c.profiles.openai = { constrainedReplies: 'off' }));
    const result = await planNextAction(planningRequest(snapshot, { config: off }), { provider: openai(server) });
    expect(formatOf(server, 0)).toBeUndefined();
    expect(result.traceStep.modelCall!.receipt).toMatchObject({ constrained: false, replySchemaSha256: null });
  });
});

describe('what counts as a server rejecting the schema', () => {
  it.each([
    [400, 'Unrecognized request argument supplied: response_format', null, true],
    [400, `Invalid JSON payload received. Unknown name "pattern" at 'generation_config.response_schema.properties[1].value'`, null, true],
    [422, 'unprocessable', 'response_format', true],
    [400, "Invalid schema for response_format 'candidate_choice': pattern is not supported", null, true],
    [400, 'temperature must be at most 2', null, false],
    [500, 'response_format handler crashed', null, false],
    [429, 'slow down', null, false],
  ])('HTTP %i %j (param %j) -> %s', (status, message, param, rejects) => {
    expect(rejectsResponseFormat(status, message, param)).toBe(rejects);
  });
});
