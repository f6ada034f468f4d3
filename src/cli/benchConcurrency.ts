// `npm run bench:concurrency [-- --levels 150 --steps 12 --rpm 1200]`: what episodes in flight buy
// when the model is slow. Serves a stand-in model that answers every call after 200 ms (the
// experiments' localModels server, first listed id), plays the same episodes (Classic 1..levels,
// seed 1, at most `steps` steps, so a fixed number of model calls) through the real openai SDK on
// the worker pool with 2 workers x 1 in flight, then with --concurrency 32, then with 32 in flight
// under --rpm; prints wall times, the speed-up and the request rate the server measured. Writes nothing.
import { parseArgs } from 'node:util';
import { busiestWindow, localModelEnv, startLocalModels, type LocalModels } from '../experiments/localModels.js';
import type { EvalResult, EvalTask } from '../runner/evalTask.js';
import { runPool } from '../runner/pool.js';
import { perMinute, type RateLimitSpec } from '../runner/requestRate.js';

const { values } = parseArgs({
  options: {
    levels: { type: 'string', default: '150' },
    steps: { type: 'string', default: '12' },
    rpm: { type: 'string', default: '1200' },
    'rpm-levels': { type: 'string', default: '12' },
  },
});
const LEVELS = Number(values.levels);
const STEPS = Number(values.steps);
const RPM = Number(values.rpm);
const RPM_LEVELS = Number(values['rpm-levels']);
const LATENCY_MS = 200;
const MODEL = 'bench-200ms';
const WORKERS = 2;

const tasksFor = (models: LocalModels, levels: number): EvalTask[] =>
  Array.from({ length: levels }, (_, i) => ({
    playData: 1,
    level: i + 1,
    seed: 1,
    model: `openai:${MODEL}`,
    env: localModelEnv(models.baseURL),
    maxSteps: STEPS,
    // Geometric candidates: a cheap planning step, so the model's wait, not the cores, is what is measured.
    slots: { candidates: 'geometric' },
  }));

interface Run {
  label: string;
  seconds: number;
  /** From the first model request to the end: the run without the processes' start-up. */
  modelSeconds: number;
  calls: number;
  served: number;
  maxInFlight: number;
  /** Requests per minute over the run, from the server's arrival times. */
  measuredRpm: number;
  busiestMinute: number;
  outcomes: string[];
}

async function run(label: string, levels: number, concurrency: number, rateLimit?: RateLimitSpec): Promise<Run> {
  const models = await startLocalModels({ [MODEL]: { answers: 'first', latencyMs: LATENCY_MS } });
  const outcomes = new Map<number, string>();
  let calls = 0;
  const started = performance.now();
  try {
    await runPool<EvalTask, EvalResult>(
      tasksFor(models, levels),
      {
        module: new URL('../runner/evalWorker.ts', import.meta.url),
        workers: WORKERS,
        concurrency,
        ...(rateLimit ? { rateLimit } : {}),
        onModelCall: () => calls++,
      },
      (r) => outcomes.set(r.level, `${r.level}:${r.reason}:${r.ticks}:${r.steps}`),
    );
  } finally {
    await models.close();
  }
  const ended = performance.now();
  const seconds = (ended - started) / 1000;
  const a = models.arrivals;
  const spanMin = a.length > 1 ? (a.at(-1)! - a[0]!) / 60_000 : 0;
  return {
    label,
    seconds,
    modelSeconds: a.length > 0 ? (ended - a[0]!) / 1000 : seconds,
    calls,
    served: a.length,
    maxInFlight: models.maxInFlight,
    measuredRpm: spanMin > 0 ? (a.length - 1) / spanMin : 0,
    busiestMinute: busiestWindow(a, 60_000),
    outcomes: [...outcomes.entries()].sort((p, q) => p[0] - q[0]).map(([, o]) => o),
  };
}

const show = (r: Run) =>
  `${r.label.padEnd(30)} wall ${r.seconds.toFixed(1).padStart(6)} s (${r.modelSeconds.toFixed(1).padStart(6)} s from the first call)  ${String(r.served).padStart(5)} calls  ` +
  `max in flight ${String(r.maxInFlight).padStart(2)}  ${Math.round(r.measuredRpm).toString().padStart(6)} req/min measured`;

console.log(
  `stand-in model answering after ${LATENCY_MS} ms; Classic 1-${LEVELS}, seed 1, at most ${STEPS} steps per episode; ${WORKERS} worker processes`,
);
const base = await run(`2 workers x 1 in flight`, LEVELS, WORKERS);
console.log(show(base));
const wide = await run(`2 workers, --concurrency 32`, LEVELS, 32);
console.log(show(wide));
const same = base.outcomes.join() === wide.outcomes.join() && base.served === wide.served;
console.log(
  `speed-up with --concurrency 32: ${(base.seconds / wide.seconds).toFixed(1)}x wall, ${(base.modelSeconds / wide.modelSeconds).toFixed(1)}x from the first call ` +
    `(target >= 10x); same episodes, steps and ticks: ${same ? 'yes' : 'NO'}`,
);
const limited = await run(`--concurrency 32 --rpm ${RPM}`, RPM_LEVELS, 32, perMinute(RPM));
console.log(show(limited));
console.log(
  `rate limit ${RPM}/min: measured ${Math.round(limited.measuredRpm)}/min over the run (${limited.measuredRpm <= RPM ? '<=' : 'ABOVE'} the limit), ` +
    `busiest 60 s window ${limited.busiestMinute} calls`,
);
