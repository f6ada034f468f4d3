// The app's frame over a real server: health, levels, the public config route, static files, JSON
// errors (malformed bodies, unknown routes, wrong methods) and the access log.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { levelText } from '../../src/game/index.js';
import { call, startTestServer, tempDir } from './helpers.js';

describe('health and levels', () => {
  it('GET /api/health answers ok', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', liveGames: 0, chartAvailable: false });
  });

  it('GET /api/levels lists the five packs with their level counts', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/api/levels');
    expect(status).toBe(200);
    expect(body.packs).toHaveLength(5);
    expect(body.packs[0]).toEqual({ playData: 1, name: 'classic', levelCount: 150 });
    expect(body.totalLevels).toBe(body.packs.reduce((sum: number, pack: { levelCount: number }) => sum + pack.levelCount, 0));
  });

  it('GET /api/levels/:playData/:level returns the level string and its rows', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/api/levels/2/51');
    expect(status).toBe(200);
    expect(body.text).toBe(levelText(2, 51));
    expect(body.rows).toHaveLength(16);
    expect(body.rows.join('')).toBe(body.text);
    expect(body.pack).toBe('championship');
  });

  it('rejects a pack or level out of range with the valid range in the message', async () => {
    const server = await startTestServer();
    const badPack = await call(server, 'GET', '/api/levels/6/1');
    expect(badPack.status).toBe(400);
    expect(badPack.body.error).toContain('playData');
    expect(badPack.body.error).toContain('1..5');
    const badLevel = await call(server, 'GET', '/api/levels/2/52');
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.error).toContain('1..51');
    const notANumber = await call(server, 'GET', '/api/levels/one/1');
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.error).toContain('"one"');
  });
});

describe('JSON errors', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/api/nothing/here');
    expect(status).toBe(404);
    expect(body.error).toContain('/api/nothing/here');
  });

  it('answers a wrong method with a JSON 405 naming the allowed ones', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'DELETE', '/api/levels');
    expect(status).toBe(405);
    expect(body.error).toMatch(/allowed: .*GET/);
  });

  it('answers a malformed JSON body with a 400, never a 500', async () => {
    const server = await startTestServer();
    for (const path of ['/api/agent/next-action', '/api/games', '/api/recordings/1/1']) {
      const method = path.startsWith('/api/recordings') ? 'PUT' : 'POST';
      const { status, body } = await call(server, method, path, '{"playData": 1,');
      expect(status, path).toBe(400);
      expect(body.error).toContain('not valid JSON');
    }
  });

  it('answers a body that is not an object with a 400', async () => {
    const server = await startTestServer();
    for (const raw of ['[1,2]', '"text"', '42', 'null', '']) {
      const { status, body } = await call(server, 'POST', '/api/games', raw);
      expect(status, raw).toBe(400);
      expect(body.error).toContain('must be a JSON object');
    }
  });

  it('treats an /api body as JSON whatever its content type says', async () => {
    const server = await startTestServer();
    const response = await fetch(`${server.baseUrl}/api/games`, { method: 'POST', body: JSON.stringify({ playData: 1, level: 1 }) });
    expect(response.status).toBe(201);
  });
});

describe('GET /agent-config.json', () => {
  it('serves the resolved config, re-read on every request, with no caching', async () => {
    const server = await startTestServer({ config: { backend: { candidateLimit: 5 } } });
    const first = await call(server, 'GET', '/agent-config.json');
    expect(first.status).toBe(200);
    expect(first.body.backend.candidateLimit).toBe(5);
    expect(first.body.agent.maxSteps).toBe(300); // defaults filled in
    expect(first.headers.get('cache-control')).toBe('no-store');
    await writeFile(server.configPath, JSON.stringify({ backend: { candidateLimit: 3 } }));
    const second = await call(server, 'GET', '/agent-config.json');
    expect(second.body.backend.candidateLimit).toBe(3);
  });

  it('never serves a secret-looking field', async () => {
    const server = await startTestServer({
      config: {
        apiKey: 'sk-live-0123456789abcdef',
        agent: { modelProfile: 'local', token: 'abc' },
        backend: { temperature: 0.2, baseUrl: 'https://user:hunter22@models.example.com/v1' },
        prompt: { note: 'AIzaSyA0123456789012345678901234' },
        slots: { candidates: 'sk-proj-abcdefghijklmnop' },
      },
    });
    const { status, text, body } = await call(server, 'GET', '/agent-config.json');
    expect(status).toBe(200);
    expect(body.backend.temperature).toBe(0.2);
    for (const secret of ['sk-live', 'apiKey', 'token', 'hunter22', 'AIza', 'sk-proj', 'baseUrl']) expect(text).not.toContain(secret);
  });

  it('serves the defaults when there is no config file', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/agent-config.json');
    expect(status).toBe(200);
    expect(body.agent).toMatchObject({ playData: 1, level: 1, modelProfile: null });
  });
});

describe('static files', () => {
  it('serves files from the static roots in order, index.html for a folder', async () => {
    const first = await tempDir();
    const second = await tempDir();
    await writeFile(join(first, 'page.html'), '<p>first</p>');
    await writeFile(join(second, 'page.html'), '<p>second</p>');
    await mkdir(join(second, 'lens'));
    await writeFile(join(second, 'lens', 'index.html'), '<p>lens</p>');
    await writeFile(join(second, 'app.js'), 'export {};');
    const server = await startTestServer({ staticDirs: [first, second] });

    const page = await fetch(`${server.baseUrl}/page.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe('<p>first</p>');
    expect(await (await fetch(`${server.baseUrl}/lens/`)).text()).toBe('<p>lens</p>');
    const script = await fetch(`${server.baseUrl}/app.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    const head = await fetch(`${server.baseUrl}/app.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
  });

  it('never serves outside a root, dotfiles or the raw config file', async () => {
    const root = await tempDir();
    await writeFile(join(root, '.env'), 'OPENAI_API_KEY=sk-should-never-leave');
    await writeFile(join(root, 'agent-config.json'), JSON.stringify({ apiKey: 'sk-raw-file-0123456789' }));
    const server = await startTestServer({ staticDirs: [root], publicDir: root, configPath: join(root, 'agent-config.json') });
    expect((await fetch(`${server.baseUrl}/.env`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    const config = await (await fetch(`${server.baseUrl}/agent-config.json`)).text();
    expect(config).not.toContain('sk-raw-file');
    expect((await fetch(`${server.baseUrl}/missing.html`)).status).toBe(404);
  });
});

describe('access log', () => {
  it('logs one key=value line per request with method, path, status and ms, never the body', async () => {
    const server = await startTestServer();
    await call(server, 'GET', '/api/health');
    await call(server, 'POST', '/api/games', { playData: 9, level: 1, secretNote: 'do-not-log-me' });
    const access = server.lines.filter((line) => line.includes('msg=http'));
    expect(access).toHaveLength(2);
    expect(access[0]).toMatch(/level=INFO .*method=GET path=\/api\/health status=200 ms=[\d.]+/);
    expect(access[1]).toMatch(/level=WARN .*method=POST path=\/api\/games status=400 ms=[\d.]+ error=/);
    expect(server.lines.join('\n')).not.toContain('do-not-log-me');
    expect(access[0]).toContain('ns=loderunner.agent');
  });
});
