// `npm run bench:server [-- --seconds N --clients N]`: the real server in-process (port 0, a temp data
// dir, the `local` profile) under N concurrent clients (default 16) for N seconds (default 20). Each
// client has its own run id and plays a game locally, posting every snapshot to
// POST /api/agent/next-action and applying the answer. Prints requests/s, p50/p99 latency and the
// trace store's bytes written per step in the first and the last fifth of the run. Asserts nothing.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { historyEntry } from '../agent/history.js';
import type { HistoryEntry } from '../agent/schemas.js';
import { Game } from '../game/index.js';
import { startServer } from '../server/main.js';
import { fail } from './args.js';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, clients: { type: 'string' } }, strict: true });
const positiveInt = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail('bench:server', `--${name} takes a whole number >= 1; got "${text}"`);
  return n;
};
const seconds = positiveInt(values.seconds, 20, 'seconds');
const clients = positiveInt(values.clients, 16, 'clients');

const HISTORY_LIMIT = 24;
const MAX_STEPS_PER_GAME = 300;
const WINDOW = 0.2; // the share of the run each of the start/end figures covers

const dataDir = await mkdtemp(join(tmpdir(), 'fr-bench-server-'));
const running = await startServer({ port: 0, host: '127.0.0.1', dataDir });
const url = `http://127.0.0.1:${running.port}/api/agent/next-action`;
const store = running.traceStore;

// ---------------------------------------------------------------- store sampler
// The store counts the bytes its writes put on disk (journal appends and compactions).
interface Sample {
  at: number;
  steps: number;
  writes: number;
  bytes: number;
  size: number;
}
const samples: Sample[] = [];
let steps = 0;
const sizeOf = (path: string | null) =>
  path === null
    ? 0
    : stat(path).then(
        (s) => s.size,
        () => 0,
      );
async function sample(at: number): Promise<void> {
  const size = (await sizeOf(store.filePath)) + (await sizeOf(store.journalPath));
  samples.push({ at, steps, writes: store.writeCount, bytes: store.bytesWritten, size });
}

// ---------------------------------------------------------------- clients
const latencies: number[] = [];
let errors = 0;
const started = performance.now();
const deadline = started + seconds * 1000;

async function client(i: number): Promise<void> {
  const runId = `bench-client-${i}`;
  let seed = i + 1;
  const level = (i % 10) + 1;
  let game = Game.fromLevel(1, level, { seed });
  let history: HistoryEntry[] = [];
  let gameSteps = 0;
  while (performance.now() < deadline) {
    if (game.over || gameSteps >= MAX_STEPS_PER_GAME) {
      seed += clients;
      game = Game.fromLevel(1, level, { seed });
      history = [];
      gameSteps = 0;
    }
    const before = game.snapshot({ withEngineState: true });
    const body = { playData: 1, level, snapshot: before, history: history.slice(-HISTORY_LIMIT), runId, modelProfile: 'local' };
    const t0 = performance.now();
    const response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
    const answer = (await response.json()) as { candidateId: string; action: { keyCode: number; ticks: number; reason: string } };
    latencies.push(performance.now() - t0);
    if (response.status !== 200) {
      errors++;
      continue;
    }
    steps++;
    game.press(answer.action.keyCode, answer.action.ticks);
    gameSteps++;
    history.push(historyEntry(answer.candidateId, answer.action, before, game.snapshot()));
  }
}

console.log(`bench:server: ${clients} clients, ${seconds} s, local profile, trace store in ${dataDir}`);
await sample(0);
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    await sample(performance.now() - started);
  }
})();
await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
const elapsedMs = performance.now() - started;
sampling = false;
await sampler;
await sample(elapsedMs);
const beforeFlush = store.bytesWritten;
await store.flush(); // folds the journal into the main file: one whole-store write, reported on its own
const flushBytes = store.bytesWritten - beforeFlush;
const storeBytes = await sizeOf(store.filePath);
const compactions = store.compactionCount;
const runs = await store.listRuns();
await running.close();
await rm(dataDir, { recursive: true, force: true });

// ---------------------------------------------------------------- figures
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
};
/** The first sample at or after `at` ms (the last one if none). */
const sampleAt = (at: number) => samples.find((s) => s.at >= at) ?? samples[samples.length - 1];
function windowFigures(from: number, to: number) {
  const a = sampleAt(from);
  const b = sampleAt(to);
  const windowSteps = b.steps - a.steps;
  const writes = b.writes - a.writes;
  return {
    steps: windowSteps,
    writes,
    bytesPerStep: windowSteps > 0 ? (b.bytes - a.bytes) / windowSteps : NaN,
    writesPerStep: windowSteps > 0 ? writes / windowSteps : NaN,
    fileKb: ((a.size + b.size) / 2 / 1024).toFixed(1),
  };
}
const first = windowFigures(0, elapsedMs * WINDOW);
const last = windowFigures(elapsedMs * (1 - WINDOW), elapsedMs);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = latencies.length;

console.log(
  `requests      ${total} in ${(elapsedMs / 1000).toFixed(1)} s = ${((total * 1000) / elapsedMs).toFixed(1)} req/s (${errors} non-200)`,
);
console.log(`latency       p50 ${quantile(latencies, 0.5).toFixed(1)} ms   p99 ${quantile(latencies, 0.99).toFixed(1)} ms`);
console.log(
  `store writes  ${store.writeCount} for ${steps} steps (${((store.writeCount * 1000) / elapsedMs).toFixed(1)} writes/s, ${compactions} compactions incl. the final flush)`,
);
const stepSize = steps > 0 ? storeBytes / steps : NaN; // the main file after the flush holds every step once
for (const [label, w] of [
  ['start', first],
  ['end', last],
] as const) {
  console.log(
    `bytes/step    ${label.padEnd(5)} ${kb(w.bytesPerStep)} = ${(w.bytesPerStep / stepSize).toFixed(2)}x a step  (${w.steps} steps, ${w.writes} writes = ${w.writesPerStep.toFixed(2)} writes/step, files ~${w.fileKb} KB)`,
  );
}
console.log(`bytes/step    end/start ratio ${(last.bytesPerStep / first.bytesPerStep).toFixed(2)}`);
// Compactions come in lumps (each rewrites the whole store), so a short window may or may not hold
// one; the amortised figure since the start is what stays flat as the store grows.
const cumulative = [0.2, 0.4, 0.6, 0.8, 1].map((share) => {
  const s = sampleAt(elapsedMs * share);
  return `${Math.round(share * 100)}% ${s.steps > 0 ? (s.bytes / s.steps / stepSize).toFixed(2) : '-'}x`;
});
console.log(`bytes/step    since start, in steps: ${cumulative.join('  ')} (before the final flush)`);
const totalBytes = samples[samples.length - 1].bytes + flushBytes;
console.log(
  `bytes/step    whole run ${kb(totalBytes / steps)} = ${(totalBytes / steps / stepSize).toFixed(2)}x a step, incl. the final flush (${kb(flushBytes)}); a step is ~${kb(stepSize)}`,
);
console.log(
  `trace store   ${runs.length} runs kept (cap 10), steps per run at the end: ${runs
    .map((run) => run.stepCount)
    .sort((a, b) => b - a)
    .join(' ')}`,
);
