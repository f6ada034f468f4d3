// A pool worker outlives no parent: when the process that forked it is killed outright (no chance
// to stop its workers), the worker leaves at its next turn of the event loop instead of playing its
// task out on the cores. Real processes: a parent running a pool with one endless task, SIGKILLed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Whether a process still runs (a zombie waiting for its reaper counts as gone). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the pool: a worker whose parent is killed', () => {
  it('stops by itself', async () => {
    const parent = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/pool/endlessParent.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const worker = await new Promise<number>((resolve, reject) => {
      let err = '';
      parent.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /worker (\d+)/.exec(err);
        if (m) resolve(Number(m[1]));
      });
      parent.on('exit', () => reject(new Error(`the parent ended before its worker started: ${err}`)));
    });
    expect(running(worker)).toBe(true);
    parent.kill('SIGKILL');
    // the endless task would keep it running forever; it must be gone well before the test's timeout
    for (let i = 0; i < 200 && running(worker); i++) await new Promise((r) => setTimeout(r, 100));
    const left = running(worker);
    if (left) process.kill(worker, 'SIGKILL');
    expect(left).toBe(false);
  });
});
