// Start-up over a corrupt trace store: startServer moves agent-traces.json aside to
// agent-traces.json.corrupt-<timestamp> (kept for a person to inspect), logs one WARN line, and serves
// an empty run list; the next planning step writes a fresh, valid file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { startServer } from '../../src/server/main.js';
import { TRACE_FILE_NAME } from '../../src/stores/traceStore.js';
import { snapshotOf, tempDir } from './helpers.js';

describe('a corrupt agent-traces.json at start-up', () => {
  for (const [name, content] of [
    ['not JSON', '{"version":1,"updatedAt":"2026-01-01T00:00:00.000Z","runs":{"half-writ'],
    ['JSON of the wrong shape', JSON.stringify({ version: 2, runs: [] })],
  ]) {
    it(`is moved aside with a WARN and the server serves an empty list (${name})`, async () => {
      const dataDir = await tempDir();
      await writeFile(join(dataDir, TRACE_FILE_NAME), content);
      const lines: string[] = [];
      const running = await startServer({
        port: 0,
        host: '127.0.0.1',
        dataDir,
        configPath: join(dataDir, 'no-config.json'),
        envReader: () => ({}),
        logger: createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } }),
      });
      const base = `http://127.0.0.1:${running.port}`;
      try {
        const files = await readdir(dataDir);
        const movedAside = files.filter((file) => file.startsWith(`${TRACE_FILE_NAME}.corrupt-`));
        expect(movedAside).toHaveLength(1);
        expect(await readFile(join(dataDir, movedAside[0]), 'utf8')).toBe(content); // kept as it was
        expect(files).not.toContain(TRACE_FILE_NAME);

        const warnings = lines.filter((line) => line.includes('level=WARN'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('corrupt store moved aside');
        expect(warnings[0]).toContain(TRACE_FILE_NAME);

        const listed = await fetch(`${base}/api/agent/traces`);
        expect(listed.status).toBe(200);
        expect(await listed.json()).toEqual({ runs: [], count: 0 });

        const planned = await fetch(`${base}/api/agent/next-action`, {
          method: 'POST',
          body: JSON.stringify({ playData: 1, level: 1, snapshot: snapshotOf(), runId: 'after-corrupt' }),
        });
        expect(planned.status).toBe(200);
      } finally {
        await running.close();
      }
      const fresh = JSON.parse(await readFile(join(dataDir, TRACE_FILE_NAME), 'utf8'));
      expect(Object.keys(fresh.runs)).toEqual(['after-corrupt']);
    });
  }
});
