// The logger: one key=value line per record in the loderunner.agent namespace, WARN by default,
// levels by Python or pino names, and secrets redacted however they are passed.
import { describe, expect, it } from 'vitest';
import { LOG_NAMESPACE, createLogger, formatLogLine, logLevelFromEnv, parseLogLevel, setLogLevel } from '../../src/config/logger.js';

function capture(level?: string) {
  const lines: string[] = [];
  const log = createLogger({ level, destination: { write: (line: string) => lines.push(line) } });
  return { log, lines };
}

describe('line format', () => {
  it('prints time, level, namespace, message, then fields, on one line', () => {
    const { log, lines } = capture();
    log.warn({ store: 'agent-traces.json', count: 3, ok: false, movedTo: '/tmp/a b' }, 'corrupt store moved aside');
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(line).toMatch(
      /^time=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z level=WARN ns=loderunner\.agent msg="corrupt store moved aside" store=agent-traces\.json count=3 ok=false movedTo="\/tmp\/a b"\n$/,
    );
  });

  it('keeps multi-line values and objects on the one line', () => {
    const { log, lines } = capture();
    log.error({ detail: 'first\nsecond', nested: { a: 1, b: 'x y' }, list: [1, 2], err: new Error('disk full') }, 'write failed');
    expect(lines).toHaveLength(1);
    const line = lines[0].trimEnd();
    expect(line).not.toContain('\n');
    expect(line).toContain('level=ERROR');
    expect(line).toContain('detail="first\\nsecond"');
    expect(line).toContain('list=[1,2]');
    expect(line).toContain('err="Error: disk full"');
    expect(line).toContain(`ns=${LOG_NAMESPACE}`);
  });

  it('formatLogLine works on a bare pino record', () => {
    expect(formatLogLine({ level: 30, time: '2026-01-01T00:00:00.000Z', msg: 'hi', n: 1 })).toBe(
      'time=2026-01-01T00:00:00.000Z level=INFO ns=loderunner.agent msg=hi n=1',
    );
  });
});

describe('levels', () => {
  it('defaults to WARN: info and debug are dropped', () => {
    const { log, lines } = capture();
    log.info('quiet');
    log.debug('quieter');
    log.warn('loud');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('msg=loud');
  });

  it('accepts Python names and pino names in any case', () => {
    expect(parseLogLevel('DEBUG')).toBe('debug');
    expect(parseLogLevel('Info')).toBe('info');
    expect(parseLogLevel('WARNING')).toBe('warn');
    expect(parseLogLevel('warn')).toBe('warn');
    expect(parseLogLevel(' error ')).toBe('error');
    expect(parseLogLevel('CRITICAL')).toBe('fatal');
    expect(parseLogLevel('trace')).toBe('trace');
    expect(parseLogLevel('loud')).toBeNull();
    expect(parseLogLevel(undefined)).toBeNull();
  });

  it('APP_LOG_LEVEL picks the level; unset means WARN', () => {
    expect(logLevelFromEnv({ APP_LOG_LEVEL: 'INFO' })).toBe('INFO');
    expect(logLevelFromEnv({})).toBe('warn');
    const { log, lines } = capture(logLevelFromEnv({ APP_LOG_LEVEL: 'INFO' }));
    log.info('shown');
    expect(lines).toHaveLength(1);
  });

  it('an unknown level falls back to WARN and says so', () => {
    const { log, lines } = capture('chatty');
    expect(log.level).toBe('warn');
    expect(lines[0]).toMatch(/level=WARN .*msg="unknown log level ignored" value=chatty using=warn/);
  });

  it('setLogLevel switches to debug (--debug) and refuses unknown names', () => {
    const { log, lines } = capture();
    expect(setLogLevel('DEBUG', log)).toBe('debug');
    log.debug('now visible');
    expect(lines[0]).toContain('level=DEBUG');
    expect(() => setLogLevel('verbose', log)).toThrow(/unknown log level/);
  });
});

describe('redaction', () => {
  it('prints fields named like credentials as [redacted], at any depth', () => {
    const { log, lines } = capture();
    log.warn(
      {
        apiKey: 'abc',
        api_key: 'abc',
        OPENAI_API_KEY: 'abc',
        authorization: 'Basic abc',
        token: 'abc',
        accessToken: 'abc',
        secret: 'abc',
        password: 'abc',
        request: { headers: { Authorization: 'abc', 'x-api-key': 'abc' } },
        keyCode: 39,
        promptTokens: 120,
      },
      'calling the provider',
    );
    const line = lines[0];
    expect(line).not.toContain('abc');
    for (const key of ['apiKey', 'api_key', 'OPENAI_API_KEY', 'authorization', 'token', 'accessToken', 'secret', 'password']) {
      expect(line).toContain(`${key}=[redacted]`);
    }
    expect(line).toContain('request={"headers":{"Authorization":"[redacted]","x-api-key":"[redacted]"}}');
    expect(line).toContain('keyCode=39');
    expect(line).toContain('promptTokens=120');
  });

  it('masks key-shaped text even in messages and innocent fields', () => {
    const { log, lines } = capture();
    log.warn(
      { baseUrl: 'https://user:hunter2@llm.example/v1', note: 'used sk-abcdefghijklmnop1234' },
      'key sk-proj-ABCDEFGHIJKLMNOP rejected',
    );
    const line = lines[0];
    expect(line).not.toMatch(/sk-abc|sk-proj|hunter2/);
    expect(line).toContain('[redacted]');
  });
});
