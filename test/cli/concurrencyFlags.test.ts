// The commands themselves refuse a bad --concurrency or --rpm before they start anything: exit code
// 2 and the one-sentence message on stderr, prefixed with the command's name (real processes).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runCli(script: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('--concurrency and --rpm on the command line', () => {
  it.each([
    ['eval.ts', ['--levels', '1', '--concurrency', '0'], 'eval: --concurrency must be at least 1 (episodes in flight); got "0"'],
    ['eval.ts', ['--levels', '1', '--rpm=-5'], 'eval: --rpm must be a whole number of model calls per minute, from 1 to 1000000; got "-5"'],
    ['play.ts', ['--concurrency', '1.5'], 'play: --concurrency must be a whole number of episodes in flight, from 1 to 256; got "1.5"'],
    ['experiment.ts', ['experiments/smoke.json', '--rpm', '0'], 'experiment: --rpm must be at least 1 (model calls per minute); got "0"'],
    [
      'experiment.ts',
      ['experiments/smoke.json', '--concurrency', '4', '--queue', 'redis://127.0.0.1:1'],
      'experiment: --concurrency and --rpm set this machine',
    ],
  ])(
    '%s %j exits 2 with the message',
    async (script, args, message) => {
      const { code, stderr } = await runCli(script, args);
      expect(stderr).toContain(message);
      expect(code).toBe(2);
    },
    60_000,
  );
});
