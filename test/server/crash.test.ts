// Durability under a hard crash: a child process appends trace steps through a real TraceStore
// (50 ms coalescing) and prints "ack <n>" after each append resolves; SIGKILL lands mid-run. The bound:
// every acknowledged step is on disk (append resolves only after the write carrying it: a journal
// append or a compaction), and steps not yet acknowledged may be lost. So after the kill the main
// file parses (never half-written), and a store reopened on the folder (main file + journal, as a
// restart reads it) holds steps 0..k-1 in order with every acked n < k, with no WARN and nothing moved
// aside. Rounds killed at different moments, some with a tiny compaction floor so that kills also land
// in the middle of compactions.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { TraceStore } from '../../src/stores/index.js';
import { traceFileSchema } from '../../src/stores/schemas.js';
import { TRACE_FILE_NAME } from '../../src/stores/traceStore.js';
import { tempDir } from './helpers.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./fixtures/appendLoop.ts', import.meta.url));

/** Run the child until it has acknowledged `acksBeforeKill` steps, wait `delayMs`, SIGKILL it. */
async function crashAfter(dataDir: string, acksBeforeKill: number, delayMs: number, compactMinBytes?: number): Promise<number[]> {
  const args = ['--import', 'tsx', SCRIPT, dataDir, ...(compactMinBytes === undefined ? [] : [String(compactMinBytes)])];
  const child = spawn(process.execPath, args, { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const acked: number[] = [];
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fewer than ${acksBeforeKill} acks within 20 s; stderr: ${stderr}`)), 20_000);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`child exited before the kill; stderr: ${stderr}`));
    });
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const lines = stdout.split('\n');
      stdout = lines.pop()!;
      for (const line of lines) {
        const match = /^ack (\d+)$/.exec(line);
        if (match) acked.push(Number(match[1]));
      }
      if (acked.length >= acksBeforeKill) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  // Read everything the child wrote to the pipe before it died ('exit' may come before the last
  // 'data'). Only whole lines count; a line is one small write, so the kill cannot cut one.
  if (!child.stdout.readableEnded) await new Promise((resolve) => child.stdout.once('end', resolve));
  return acked;
}

describe('a TraceStore killed with SIGKILL mid-run', () => {
  it('keeps a parseable main file and, with its journal, every acknowledged step (acked <= persisted)', async () => {
    const rounds: [acksBeforeKill: number, delayMs: number, compactMinBytes: number | undefined][] = [
      [10, 0, undefined],
      [40, 23, undefined],
      [80, 61, undefined],
      [30, 7, 16 * 1024],
      [60, 41, 16 * 1024],
    ];
    for (const [acksBeforeKill, delayMs, compactMinBytes] of rounds) {
      const dataDir = await tempDir('fr-crash-');
      const acked = await crashAfter(dataDir, acksBeforeKill, delayMs, compactMinBytes);
      expect(acked.length).toBeGreaterThanOrEqual(acksBeforeKill);

      const text = await readFile(join(dataDir, TRACE_FILE_NAME), 'utf8');
      traceFileSchema.parse(JSON.parse(text)); // parses: never a half-written file

      // What a restart finds: the main file plus the journal replayed.
      const lines: string[] = [];
      const reopened = await TraceStore.open(dataDir, {
        logger: createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } }),
      });
      const run = await reopened.getRun('crash-run');
      const persisted = run!.steps.map((step) => step.stepIndex);
      expect(persisted).toEqual(Array.from({ length: persisted.length }, (_, i) => i)); // a prefix, in order
      const maxAcked = Math.max(...acked);
      expect(maxAcked, `acked up to ${maxAcked}, persisted ${persisted.length}`).toBeLessThan(persisted.length);
      expect(acked.length).toBeLessThanOrEqual(persisted.length);
      expect(run!.stepCount).toBe(persisted.length);
      await reopened.close();

      // Reopened cleanly: nothing moved aside as corrupt, no temp file left; close() folded the journal in.
      expect(lines).toEqual([]);
      const files = await readdir(dataDir);
      expect(files.filter((name) => name.includes('.corrupt-') || name.includes('.tmp-'))).toEqual([]);
      expect(files).toEqual([TRACE_FILE_NAME]);
      const file = traceFileSchema.parse(JSON.parse(await readFile(join(dataDir, TRACE_FILE_NAME), 'utf8')));
      expect(file.runs['crash-run'].steps.map((step) => step.stepIndex)).toEqual(persisted);
    }
  }, 90_000);
});
