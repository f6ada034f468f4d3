// The raw model I/O debug log: one JSON line per call, only the 10 newest kept, rewritten atomically,
// disabled by default, DATA_DIR respected, and no configured key ever written.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDebugLog, debugLogPath, isDebugLogEnabled, type DebugLogInput } from '../../src/llm/debugLog.js';
import { secretValuesFromEnv } from '../../src/llm/secrets.js';

const KEY = 'sk-debug-test-KEY-0123456789abcdef';
const GEMINI_KEY = 'gm-debug-test-key-987654321';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'llm-debuglog-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function entry(i: number, extra: Partial<DebugLogInput> = {}): DebugLogInput {
  return {
    traceId: `trace-${i}`,
    stepIndex: i,
    model: 'test-model',
    retry: i % 2 === 1,
    prompt: { system: 'choose one id', user: `step ${i} candidates` },
    message: `{"candidateId":"c${i}"}`,
    reasoning: i === 0 ? 'thinking' : null,
    parseError: i === 1 ? 'not JSON' : null,
    selectedCandidateId: `c${i}`,
    ...extra,
  };
}

describe('debug log', () => {
  it('writes one JSON object per line with every field', async () => {
    const log = createDebugLog({ enabled: true, path: join(dir, 'agent-debug.log'), secrets: [] });
    await log.append(entry(0));
    const lines = readFileSync(log.path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      traceId: 'trace-0',
      model: 'test-model',
      retry: false,
      prompt: { system: 'choose one id', user: 'step 0 candidates' },
      message: '{"candidateId":"c0"}',
      reasoning: 'thinking',
      parseError: null,
      selectedCandidateId: 'c0',
    });
    expect(typeof JSON.parse(lines[0]!).at).toBe('string');
  });

  it('keeps the 10 newest entries, even under concurrent appends', async () => {
    const log = createDebugLog({ enabled: true, path: join(dir, 'agent-debug.log'), secrets: [] });
    await Promise.all(Array.from({ length: 14 }, (_, i) => log.append(entry(i))));
    const entries = await log.read();
    expect(entries.map((e) => e.traceId)).toEqual(Array.from({ length: 10 }, (_, i) => `trace-${i + 4}`));
    expect(readdirSync(dir)).toEqual(['agent-debug.log']); // no temp files left behind
  });

  it('skips torn lines from an earlier crash', async () => {
    const path = join(dir, 'agent-debug.log');
    writeFileSync(path, '{"traceId": "half\nnot json at all\n');
    const log = createDebugLog({ enabled: true, path, secrets: [] });
    await log.append(entry(1));
    expect((await log.read()).map((e) => e.traceId)).toEqual(['trace-1']);
  });

  it('never writes a configured key, wherever it appears', async () => {
    const env = { OPENAI_API_KEY: KEY, GEMINI_API_KEY: GEMINI_KEY, OPENAI_MODEL: 'test-model' };
    const log = createDebugLog({ enabled: true, path: join(dir, 'agent-debug.log'), env });
    await log.append(
      entry(0, {
        prompt: { system: `key is ${KEY}`, user: `and ${GEMINI_KEY}` },
        message: `echo ${KEY}`,
        reasoning: `"${KEY}"`,
        parseError: `bad ${KEY}`,
      }),
    );
    await log.append(entry(1), secretValuesFromEnv(env));
    const text = readFileSync(log.path, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(GEMINI_KEY);
    expect(text).toContain('[redacted]');
    expect(text).toContain('test-model'); // non-secret values stay
  });

  it('re-scrubs older lines with keys configured later', async () => {
    const path = join(dir, 'agent-debug.log');
    await createDebugLog({ enabled: true, path, secrets: [] }).append(entry(0, { message: `leaked ${GEMINI_KEY}` }));
    await createDebugLog({ enabled: true, path, secrets: [GEMINI_KEY] }).append(entry(1));
    expect(readFileSync(path, 'utf8')).not.toContain(GEMINI_KEY);
  });

  it('writes nothing when disabled', async () => {
    const log = createDebugLog({ enabled: false, path: join(dir, 'agent-debug.log') });
    await log.append(entry(0));
    expect(existsSync(log.path)).toBe(false);
  });

  it('reports write failures instead of rejecting', async () => {
    const errors: unknown[] = [];
    writeFileSync(join(dir, 'file'), 'x');
    const log = createDebugLog({ enabled: true, path: join(dir, 'file', 'agent-debug.log'), secrets: [], onError: (e) => errors.push(e) });
    await expect(log.append(entry(0))).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('lives in DATA_DIR (default __data1) and is enabled by AGENT_DEBUG_LOG or --debug', () => {
    expect(debugLogPath({ DATA_DIR: dir })).toBe(join(dir, 'agent-debug.log'));
    expect(debugLogPath({})).toMatch(/__data1[/\\]agent-debug\.log$/);
    expect(isDebugLogEnabled({})).toBe(false);
    expect(isDebugLogEnabled({ AGENT_DEBUG_LOG: '1' })).toBe(true);
    expect(isDebugLogEnabled({ AGENT_DEBUG_LOG: '0' })).toBe(false);
    expect(isDebugLogEnabled({}, ['node', 'start', '--debug'])).toBe(true);
  });
});
