// 50 planning requests in flight at once across 10 runs (5 each) against the real server
// (startServer: default 50 ms write coalescing, the chart-backed planner, `local` profile), with
// realistic mid-game snapshots: every step lands in the store exactly once, and the file on disk
// is valid JSON holding all of them after close.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/config/logger.js';
import { Game, KEY } from '../../src/game/index.js';
import { startServer } from '../../src/server/main.js';
import { traceFileSchema } from '../../src/stores/schemas.js';
import { TRACE_FILE_NAME } from '../../src/stores/traceStore.js';
import { tempDir } from './helpers.js';

const RUNS = 10;
const STEPS_PER_RUN = 5;

/** Classic 1 a few ticks in (the runner has moved, guards are on their way), different per seed. */
function snapshotAfterSomeTicks(seed: number, step: number) {
  const game = Game.fromLevel(1, 1, { seed });
  game.press(step % 2 ? KEY.LEFT : KEY.RIGHT, 3 + step * 2);
  game.press(KEY.STOP, 1 + (seed % 3));
  return game.snapshot({ withEngineState: true });
}

describe('concurrent planning on the real server', () => {
  it('stores each of 50 simultaneous steps (10 runs x 5) exactly once, and the file is valid JSON', async () => {
    const dataDir = await tempDir();
    const lines: string[] = [];
    const running = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      configPath: join(dataDir, 'no-config.json'), // the built-in defaults
      envReader: () => ({}),
      logger: createLogger({ level: 'warn', destination: { write: (line: string) => lines.push(line) } }),
    });
    const base = `http://127.0.0.1:${running.port}`;
    const runIds = Array.from({ length: RUNS }, (_, i) => `concurrent-run-${i}`);
    let answers: { status: number; body: { traceId: string; stepCount: number; candidateId: string } }[];
    try {
      // Interleave the runs so every run has requests waiting behind each other in the run queue.
      const requests = Array.from({ length: RUNS * STEPS_PER_RUN }, (_, i) => {
        const run = i % RUNS;
        const step = Math.floor(i / RUNS);
        const body = {
          playData: 1,
          level: 1,
          snapshot: snapshotAfterSomeTicks(run + 1, step),
          history: [],
          runId: runIds[run],
          modelProfile: 'local',
        };
        return fetch(`${base}/api/agent/next-action`, { method: 'POST', body: JSON.stringify(body) }).then(async (response) => ({
          status: response.status,
          body: await response.json(),
        }));
      });
      answers = await Promise.all(requests);

      expect(answers.map((a) => a.status)).toEqual(Array(RUNS * STEPS_PER_RUN).fill(200));
      for (const runId of runIds) {
        const counts = answers.filter((a) => a.body.traceId === runId).map((a) => a.body.stepCount);
        expect(
          counts.sort((a, b) => a - b),
          runId,
        ).toEqual([1, 2, 3, 4, 5]);
        const run = await running.traceStore.getRun(runId);
        expect(run?.stepCount, runId).toBe(STEPS_PER_RUN);
        expect(run?.steps.map((s) => s.stepIndex)).toEqual([0, 1, 2, 3, 4]);
      }
    } finally {
      await running.close();
    }

    const file = traceFileSchema.parse(JSON.parse(await readFile(join(dataDir, TRACE_FILE_NAME), 'utf8')));
    expect(Object.keys(file.runs).sort()).toEqual([...runIds].sort());
    for (const runId of runIds) {
      const run = file.runs[runId];
      expect(run.stepCount).toBe(STEPS_PER_RUN);
      expect(run.steps.map((s) => s.stepIndex)).toEqual([0, 1, 2, 3, 4]);
      // Each answered candidate id is the one stored at that step index.
      const answered = answers.filter((a) => a.body.traceId === runId);
      for (const answer of answered) {
        expect(run.steps[answer.body.stepCount - 1]).toMatchObject({ selectedCandidateId: answer.body.candidateId });
      }
    }
    expect(lines.filter((line) => /level=(error|fatal)/i.test(line))).toEqual([]);
  });
});
