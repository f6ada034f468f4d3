// Shared fixtures for the store tests: a fresh temp data dir, a log collector, a demo, a step.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import type { RunMeta } from '../../src/stores/index.js';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fr-stores-'));
  made.push(dir);
  return dir;
}

export async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** A logger at DEBUG whose lines land in `lines`. */
export function captureLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => lines.push(line) } });
  return { logger, lines };
}

/** A clock that advances 1 ms per reading, so every timestamp is distinct and ordered. */
export function steppingClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  let t = start;
  return () => new Date(t++);
}

export function demo(level = 1, state: 0 | 1 = 1) {
  return { level, ai: 4, time: 120, state, godMode: 0, action: [0, 39, 10, 32], goldDrop: [], bornPos: [] };
}

export function step(stepIndex: number, keyCode = 39) {
  return {
    stepIndex,
    createdAt: new Date().toISOString(),
    action: { keyCode, ticks: 4, reason: `step ${stepIndex}` },
    candidates: [{ id: 'c1', kind: 'collect_gold', score: 1 }],
    validation: { statuses: ['ok'] },
  };
}

export function runMeta(playData = 1, level = 1): RunMeta {
  return {
    playData,
    level,
    model: { modelProfile: 'local', provider: 'local', model: 'policy', modelSource: 'default' },
    config: { backend: { candidateLimit: 7 } },
    slots: { candidates: 'simulated' },
  };
}
