// The real start-up path: startServer over a temp data dir (stores opened, served, flushed on close)
// and `node --import tsx src/cli/start.ts` (what `npm start` runs) as a child process (prints one URL line, serves, exits 0 on SIGTERM).
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { startServer } from '../../src/server/main.js';
import { demo, snapshotOf, tempDir } from './helpers.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('startServer', () => {
  it('serves the API and flushes both stores on close', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    const running = await startServer({
      port: 0,
      dataDir,
      configPath: join(dataDir, 'no-config.json'),
      logger: createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } }),
      envReader: () => ({}),
    });
    try {
      expect(running.url).toBe(`http://localhost:${running.port}/`);
      const base = `http://127.0.0.1:${running.port}`;
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      const planned = await fetch(`${base}/api/agent/next-action`, {
        method: 'POST',
        body: JSON.stringify({ playData: 1, level: 1, snapshot: snapshotOf(), runId: 'main-run' }),
      });
      expect(planned.status).toBe(200);
      const saved = await fetch(`${base}/api/recordings/1/1`, {
        method: 'PUT',
        body: JSON.stringify({ source: 'agent', traceId: 'main-run', demo: demo(1, 0) }),
      });
      expect(saved.status).toBe(201);
    } finally {
      await running.close();
      await running.close(); // a second close is harmless
    }
    const traces = JSON.parse(await readFile(join(dataDir, 'agent-traces.json'), 'utf8'));
    expect(traces.runs['main-run']).toMatchObject({ stepCount: 1, outcome: { result: 'failure' } });
    const recordings = JSON.parse(await readFile(join(dataDir, 'recordings.json'), 'utf8'));
    expect(Object.keys(recordings.records)).toEqual(['main-run']);
  });

  it('refuses a port that is taken, with the stores closed again', async () => {
    const dataDir = await tempDir();
    const first = await startServer({ port: 0, dataDir, envReader: () => ({}) });
    try {
      await expect(startServer({ port: first.port, dataDir: await tempDir(), envReader: () => ({}) })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });
});

describe('npm start (src/cli/start.ts)', () => {
  it('prints one line with the URL, serves /api/health and exits 0 on SIGTERM', async () => {
    const dataDir = await tempDir();
    // the way `npm start` runs it: node with tsx as a loader. The tsx CLI wrapper would relay the
    // signal and SIGKILL the server when it does not confirm within 30 ms (on a loaded machine),
    // before the stores are flushed.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/start.ts'], {
      cwd: REPO,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, APP_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL line within 20 s; stderr: ${stderr}`)), 20_000);
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    try {
      expect(stdout.trim().split('\n')).toHaveLength(1);
      const port = new URL(url).port;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect((await health.json()).status).toBe('ok');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
