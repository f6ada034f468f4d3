// The public agent config loader: defaults, field-by-field fallback with one WARN per bad field,
// the maxActionTicks cap, refusing secrets, re-reading on every call, never throwing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_CONFIG_PATH,
  agentConfigSchema,
  defaultAgentConfig,
  loadAgentConfig,
  profileSettings,
  readAgentConfig,
  resolveAgentConfig,
} from '../../src/config/agentConfig.js';
import { createLogger } from '../../src/config/logger.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fr-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(content: unknown) {
  const path = join(dir, 'agent-config.json');
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content), 'utf8');
  const lines: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
  const config = await loadAgentConfig(path, { logger });
  return { config, lines, path, logger };
}

describe('defaults', () => {
  it('the shipped public/agent-config.json is valid and equals the defaults', async () => {
    const { config, problems } = await readAgentConfig(DEFAULT_AGENT_CONFIG_PATH);
    expect(problems).toEqual([]);
    expect(config).toEqual(defaultAgentConfig());
  });

  it('the defaults are the documented ones', () => {
    const defaults = defaultAgentConfig();
    expect(agentConfigSchema.parse(defaults)).toEqual(defaults);
    expect(defaults).toEqual({
      agent: { playData: 1, level: 1, maxPlaybackTimeSeconds: 120, maxSteps: 300, historyLimit: 24, modelProfile: null },
      backend: { candidateLimit: 7, maxActionTicks: 20, temperature: 0.5, recovery: true, constrainedReplies: 'auto', promptBudget: null },
      prompt: { showCandidateScores: true },
      profiles: {},
      slots: {},
    });
  });

  it('a missing file gives the defaults and one WARN, without throwing', async () => {
    const lines: string[] = [];
    const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
    const config = await loadAgentConfig(join(dir, 'nope.json'), { logger });
    expect(config).toEqual(defaultAgentConfig());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/level=WARN .*file not found/);
  });

  it('bad JSON or a non-object gives the defaults and one WARN', async () => {
    for (const content of ['{ "agent": ', '[1, 2]', 'null', '"text"']) {
      const { config, lines } = await load(content);
      expect(config).toEqual(defaultAgentConfig());
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('level=WARN');
    }
  });
});

describe('per-profile model settings', () => {
  it('profiles.<name> overrides backend.constrainedReplies / backend.promptBudget for that profile only; tokens count 4 chars', async () => {
    const { config, lines } = await load({
      backend: { constrainedReplies: 'off', promptBudget: { chars: 9000 } },
      profiles: { OpenAI: { constrainedReplies: 'auto', promptBudget: { tokens: 2000 } }, gemini: { promptBudget: null } },
    });
    expect(lines).toEqual([]);
    expect(profileSettings(config, 'openai')).toEqual({ constrainedReplies: 'auto', promptBudgetChars: 8000 });
    expect(profileSettings(config, 'gemini')).toEqual({ constrainedReplies: 'off', promptBudgetChars: null });
    expect(profileSettings(config, 'local')).toEqual({ constrainedReplies: 'off', promptBudgetChars: 9000 });
  });

  it('a bad profile entry or budget costs one WARN naming the field, the rest stays', async () => {
    const { config, lines } = await load({
      backend: { promptBudget: { chars: 10, tokens: 5 }, constrainedReplies: 'sometimes' },
      profiles: { openai: { constrainedReplies: 'maybe' }, gemini: { promptBudget: { chars: 20000 } } },
    });
    expect(config.backend).toMatchObject({ promptBudget: null, constrainedReplies: 'auto' });
    expect(config.profiles).toEqual({ gemini: { promptBudget: { chars: 20000 } } });
    const fields = lines.map((line) => /field=(\S+)/.exec(line)![1]).sort();
    expect(fields).toEqual(['backend.constrainedReplies', 'backend.promptBudget', 'profiles.openai.constrainedReplies']);
  });
});

describe('field-by-field fallback', () => {
  it('keeps good fields, defaults each bad one, and WARNs once per bad field naming field and value', async () => {
    const { config, lines } = await load({
      agent: { playData: 2, level: 'three', maxSteps: -5, historyLimit: 10, modelProfile: 'openai' },
      backend: { candidateLimit: 5, temperature: 7, recovery: false },
      prompt: { showCandidateScores: 'yes' },
    });
    expect(config.agent).toEqual({
      playData: 2,
      level: 1,
      maxPlaybackTimeSeconds: 120,
      maxSteps: 300,
      historyLimit: 10,
      modelProfile: 'openai',
    });
    expect(config.backend).toEqual({
      candidateLimit: 5,
      maxActionTicks: 20,
      temperature: 0.5,
      recovery: false,
      constrainedReplies: 'auto',
      promptBudget: null,
    });
    expect(config.prompt.showCandidateScores).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.includes('level=WARN'))).toBe(true);
    const byField = Object.fromEntries(lines.map((line) => [/field=(\S+)/.exec(line)![1], line]));
    expect(Object.keys(byField).sort()).toEqual(['agent.level', 'agent.maxSteps', 'backend.temperature', 'prompt.showCandidateScores']);
    expect(byField['agent.level']).toContain('value=three');
    expect(byField['agent.maxSteps']).toContain('value=-5');
    expect(byField['backend.temperature']).toMatch(/value=7 using=0\.5/);
  });

  it('a section that is not an object falls back whole, with one WARN', async () => {
    const { config, lines } = await load({ agent: 5, backend: { candidateLimit: 3 } });
    expect(config.agent).toEqual(defaultAgentConfig().agent);
    expect(config.backend.candidateLimit).toBe(3);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/field=agent .*value=5/);
  });

  it('caps maxActionTicks at 20 with a WARN', async () => {
    const { config, lines } = await load({ backend: { maxActionTicks: 64 } });
    expect(config.backend.maxActionTicks).toBe(20);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/capped at 20.* field=backend\.maxActionTicks value=64 using=20/);
    expect((await load({ backend: { maxActionTicks: 8 } })).config.backend.maxActionTicks).toBe(8);
  });

  it('checks the level against the chosen pack', () => {
    expect(resolveAgentConfig({ agent: { playData: 1, level: 150 } }).config.agent.level).toBe(150);
    const tooFar = resolveAgentConfig({ agent: { playData: 1, level: 151 } });
    expect(tooFar.config.agent.level).toBe(1);
    expect(tooFar.problems).toEqual([expect.objectContaining({ field: 'agent.level', value: 151 })]);
  });

  it('reads slot overrides and drops malformed ones', async () => {
    const { config, lines } = await load({
      slots: { candidates: 'geometric', 'stall-report': 'off', 'bad slot': 'x', 'state-summary': 42 },
    });
    expect(config.slots).toEqual({ candidates: 'geometric', 'stall-report': 'off' });
    expect(lines).toHaveLength(2);
    expect((await load({ slots: ['geometric'] })).config.slots).toEqual({});
  });

  it('ignores unknown fields with a WARN', async () => {
    const { config, lines } = await load({ agent: { maxStep: 50 }, extra: true });
    expect(config).toEqual(defaultAgentConfig());
    expect(lines).toHaveLength(2);
    expect(lines.join('')).toMatch(/unknown field ignored.*field=agent\.maxStep/);
  });
});

describe('secrets are refused', () => {
  it('refuses secret-looking names and values, and never prints them', async () => {
    const { config, lines } = await load({
      apiKey: 'plain-value-1',
      agent: { modelProfile: 'sk-abcdefghijklmnopqrstuvwx' },
      backend: { openaiApiKey: 'plain-value-2', token: 'plain-value-3', baseUrl: 'https://bob:hunter2@llm.example/v1', temperature: 0.2 },
      prompt: { password: 'plain-value-4' },
      slots: { candidates: 'sk-abcdefghijklmnop' },
    });
    expect(config.agent.modelProfile).toBeNull();
    expect(config.backend.temperature).toBe(0.2);
    expect(config.slots).toEqual({});
    expect(JSON.stringify(config)).not.toMatch(/plain-value|sk-|hunter2/);
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      expect(line).toContain('level=WARN');
      expect(line).toContain('looks like a secret');
      expect(line).toContain('value=[redacted]');
      expect(line).not.toMatch(/plain-value|sk-abc|hunter2/);
    }
    expect(lines.map((line) => /field=(\S+)/.exec(line)![1]).sort()).toEqual(
      [
        'agent.modelProfile',
        'apiKey',
        'backend.baseUrl',
        'backend.openaiApiKey',
        'backend.token',
        'prompt.password',
        'slots.candidates',
      ].sort(),
    );
  });
});

describe('reloading', () => {
  it('re-reads the file on every call', async () => {
    const first = await load({ backend: { temperature: 0.1 } });
    expect(first.config.backend.temperature).toBe(0.1);
    await writeFile(first.path, JSON.stringify({ backend: { temperature: 0.9 } }), 'utf8');
    expect((await loadAgentConfig(first.path, { logger: first.logger })).backend.temperature).toBe(0.9);
  });

  it('returns a fresh object each time (callers may change it)', async () => {
    const a = await loadAgentConfig(DEFAULT_AGENT_CONFIG_PATH);
    a.backend.temperature = 1.5;
    expect((await loadAgentConfig(DEFAULT_AGENT_CONFIG_PATH)).backend.temperature).toBe(0.5);
  });
});
