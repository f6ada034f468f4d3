// Test helpers for the queue: worker and coordinator CLIs as real child processes (node with tsx,
// so a SIGKILL hits the process itself), their stderr kept as lines, and results.json without
// the fields that record the clock or the folder (trace ids, durations, times, ms per step, model latencies, dir).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Spawned {
  child: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

export function spawnCli(script: string, args: string[], env: Record<string, string> = {}): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

/** Waits until `ready()` holds (checked every 20 ms), or fails after `ms`. */
export async function until(ready: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const CLOCK_KEYS = new Set([
  'traceId',
  'durationMs',
  'finishedAt',
  'startedAt',
  'msPerStep',
  'dir',
  'latencyMs',
  'latencyP50Ms',
  'latencyP95Ms',
]);

/** results.json minus what differs between any two runs of the same cells (clock, folder). */
export function withoutClock(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClock);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !CLOCK_KEYS.has(k))
        .map(([k, v]) => [k, withoutClock(v)]),
    );
  return value;
}

/** Job ids in "start <id>" / "done <id> ..." lines of worker logs. */
export const jobsIn = (lines: string[], verb: 'start' | 'done'): string[] =>
  lines.filter((l) => l.startsWith(`worker: ${verb} `)).map((l) => l.split(' ')[2]);
