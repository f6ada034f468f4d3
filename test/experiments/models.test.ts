// Model against model: two arms of one experiment, each with its own model — two offline local
// models the run serves on a loopback port (one always answers the first listed id, one the last),
// reached through the openai profile and the real openai SDK. The report shows per arm the clear
// rate, model calls, tokens, latency, fallbacks and cost; the arms differ in clear rate and tokens.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { loadExperiment, parseExperiment } from '../../src/experiments/schema.js';
import { allowedIds, startLocalModels } from '../../src/experiments/localModels.js';
import { REPORT_FILE, RESULTS_FILE } from '../../src/experiments/store.js';
import { formatModelTable } from '../../src/experiments/table.js';

const dataDir = mkdtempSync(join(tmpdir(), 'exp-models-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PRICE = { prompt: 0.15, completion: 0.6 };
const experiment = parseExperiment(
  {
    levels: { pack: 'classic', ranges: '1' },
    runs: 1,
    localModels: { 'always-first': { answers: 'first' }, 'always-last': { answers: 'last' } },
    prices: { 'openai:always-first': PRICE },
    arms: [
      { id: 'first', model: 'openai:always-first' },
      { id: 'last', model: 'openai:always-last' },
    ],
  },
  'two-models.json',
);

describe('a model-vs-model experiment against two local models', () => {
  it('runs each arm on its own model and reports clear rate, calls, tokens, latency and cost per arm', async () => {
    const out = await runExperiment({ experiment, dataDir, workers: 0, folder: { mode: 'fresh' } });
    const results = JSON.parse(readFileSync(out.resultsPath, 'utf8'));
    const [first, last] = results.arms;

    expect(results.armModels).toEqual({
      first: { profile: 'openai', provider: 'openai', model: 'always-first' },
      last: { profile: 'openai', provider: 'openai', model: 'always-last' },
    });
    expect(first).toMatchObject({ id: 'first', cleared: 1, clearRate: 1 });
    expect(last).toMatchObject({ id: 'last', cleared: 0, clearRate: 0 });
    expect(last.clearRateCi[1]).toBeLessThan(1);
    for (const arm of [first, last]) {
      expect(arm.model.calls).toBeGreaterThanOrEqual(arm.steps);
      expect(arm.model.outcomes.ok).toBe(arm.model.calls);
      // The openai profile sends the reply schema; the local models honour it.
      expect(arm.model.constrainedCalls).toBe(arm.model.calls);
      expect(arm.model.promptTokens).toBeGreaterThan(arm.model.completionTokens);
      expect(arm.model.latencyP50Ms).toBeGreaterThan(0);
      expect(arm.model.latencyP95Ms).toBeGreaterThanOrEqual(arm.model.latencyP50Ms);
    }
    expect(first.model.model).toBe('openai:always-first');
    expect(last.model.model).toBe('openai:always-last');
    expect(first.model.promptTokens).not.toBe(last.model.promptTokens);
    expect(first.model.costUsd).toBeCloseTo((first.model.promptTokens * 0.15 + first.model.completionTokens * 0.6) / 1e6, 5);
    expect(last.model.costUsd).toBeNull();

    const html = readFileSync(join(out.dir, REPORT_FILE), 'utf8');
    expect(html).toContain('Model calls per arm');
    expect(html).toContain('openai:always-first');
    expect(html).toContain(String(first.model.promptTokens));
    expect(html).toContain('id="plot-tokens"');
    expect(formatModelTable(out.arms)).toMatch(/first\s+openai:always-first\s+\d+/);
    expect(JSON.parse(readFileSync(join(out.dir, RESULTS_FILE), 'utf8')).episodes[0].model.latencyMs.length).toBeGreaterThan(0);
  });

  it('the shipped experiments/models.json declares the two local models and names them in its arms', async () => {
    const shipped = await loadExperiment('experiments/models.json');
    expect(Object.keys(shipped.localModels ?? {})).toEqual(['always-first', 'always-last']);
    expect(shipped.arms.map((a) => a.model)).toEqual(['openai:always-first', 'openai:always-last']);
  });

  it('an arm naming a real model is not sent to the local server, and a bad model is reported with its field', () => {
    expect(() => parseExperiment({ levels: { pack: 'classic', ranges: '1' }, arms: [{ id: 'a', model: 'gpt-4o' }] }, 'bad.json')).toThrow(
      /arms\[0\]\.model: model "gpt-4o" is not in the form provider:model/,
    );
    expect(() => parseExperiment({ levels: { pack: 'classic', ranges: '1' }, arms: [{ id: 'a', profile: 'claude' }] }, 'bad.json')).toThrow(
      /arms\[0\]\.profile: unknown model profile "claude"/,
    );
  });
});

describe('the local models server', () => {
  it('answers by the request’s schema enum, else the prompt’s id lines; unknown models are 404', async () => {
    const local = await startLocalModels({ first: { answers: 'first' }, last: { answers: 'last' } });
    try {
      const post = (body: unknown) =>
        fetch(`${local.baseURL}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
      const messages = [{ role: 'user', content: 'Candidates:\n- id=a kind=x\n  goal=g\n- id=b kind=y\n- id=c kind=z' }];
      const byPrompt = await (await post({ model: 'last', messages })).json();
      expect(JSON.parse(byPrompt.choices[0].message.content).candidateId).toBe('c');
      expect(byPrompt.usage.prompt_tokens).toBe(Math.ceil(messages[0]!.content.length / 4));
      const schema = { json_schema: { schema: { properties: { candidateId: { enum: ['b', 'c'] } } } } };
      const bySchema = await (await post({ model: 'first', messages, response_format: schema })).json();
      expect(JSON.parse(bySchema.choices[0].message.content).candidateId).toBe('b');
      expect((await post({ model: 'nope', messages })).status).toBe(404);
      expect(local.served).toEqual({ first: 1, last: 1 });
      expect(allowedIds({ messages })).toEqual(['a', 'b', 'c']);
    } finally {
      await local.close();
    }
  });
});
