// Runs `eval` (or another command of src/cli) as a real process from the project root (the CLI
// specs' one way to start one): its exit code and both output streams, and the JSON summary eval
// prints last with --json.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export const evalCli = (args: string[]) => runCli('eval.ts', args);

export function runCli(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The summary line `eval --json` prints last. */
export const summaryOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!);
