// `npm run bench:plan`: one planning step through the planning chart (local profile, receipts and
// trace step included) against the same computation as plain function calls (planStep, prompt pieces,
// the local policy, parse + validate, fallback, action), over ~200 mid-game snapshots replayed from the
// Classic demos. Prints median and p99 of both, their difference and ratio (the chart's overhead), the
// chart's floor (an empty stand-in of the same shape: benchStandIn.ts), in wall and in CPU time
// (process.cpuUsage: less sensitive to other processes on the cores), and the trace step's size.
// Figures only; asserts nothing.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { planNextAction, type PlanningRequest } from '../../charts/planNextAction.js';
import type { TraceStepRecord } from '../../recorders/traceStep.js';
import { choiceChecks } from '../../charts/choiceChecks.js';
import { clampTicks } from '../../charts/stages/action.js';
import { parseModelOutput } from '../agent/parseModelOutput.js';
import { planStep } from '../agent/planStep.js';
import { assemblePrompt, candidatesPiece, historyPiece, rulesPiece, stateSummaryPiece, taskPiece } from '../agent/prompt/index.js';
import type { Snapshot } from '../agent/schemas.js';
import { chooseFallback, recoveryPlan, validateChoice } from '../agent/validateChoice.js';
import { defaultAgentConfig } from '../config/agentConfig.js';
import { Game, demoFileSchema } from '../game/index.js';
import { createProvider, resolveProfile } from '../llm/index.js';
import { runStandIn } from './benchStandIn.js';

const TARGET_SNAPSHOTS = 200;
const WARM_UP_ROUNDS = 2;
const FRACTIONS = [0.2, 0.45, 0.7];

const file = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../../test/fixtures/classic-demos.json', import.meta.url), 'utf8')));

/** Mid-game snapshots: each demo replayed partway, then cut loose from its recorded input (as a client sees it). */
function sampleSnapshots(): Snapshot[] {
  const all: Snapshot[] = [];
  for (const demo of file.demos) {
    for (const fraction of FRACTIONS) {
      const game = Game.forDemo(1, demo);
      game.runToEnd(Math.floor(demo.time * fraction));
      if (game.over) continue;
      all.push(Game.restore({ ...game.serialize(), playback: null }).snapshot({ withEngineState: true }));
    }
  }
  const step = all.length / TARGET_SNAPSHOTS;
  return step <= 1 ? all : Array.from({ length: TARGET_SNAPSHOTS }, (_, i) => all[Math.floor(i * step)]!);
}

const config = defaultAgentConfig();
const provider = createProvider(resolveProfile({}, {}), {});
const DEADLINE_MS = 30_000;

function request(snapshot: Snapshot, stepIndex: number): PlanningRequest {
  return { playData: 1, level: snapshot.level, snapshot, history: [], traceId: 'bench-plan', stepIndex, config };
}

let lastTraceStep: TraceStepRecord | null = null;

async function viaChart(snapshot: Snapshot, stepIndex: number): Promise<number> {
  const result = await planNextAction(request(snapshot, stepIndex), { provider, deadlineMs: DEADLINE_MS });
  lastTraceStep = result.traceStep;
  return result.action.keyCode;
}

/** The same computation without the chart: plain calls, no receipts, no trace step. */
async function viaPlainFunctions(snapshot: Snapshot, stepIndex: number): Promise<number> {
  const { backend, prompt: promptConfig } = config;
  const plan = planStep(snapshot, [], { candidateLimit: backend.candidateLimit, maxActionTicks: backend.maxActionTicks });
  const prompt = assemblePrompt([
    taskPiece(),
    rulesPiece(),
    stateSummaryPiece(plan.facts, 'compact'),
    candidatesPiece(plan.candidates, { showCandidateScores: promptConfig.showCandidateScores }),
    historyPiece([]),
  ]);
  const reply = await provider.complete({
    system: prompt.system,
    user: prompt.user,
    temperature: backend.temperature,
    deadlineMs: DEADLINE_MS,
    reply: { candidateIds: plan.candidates.map((c) => c.id), constrainedReplies: backend.constrainedReplies },
    meta: { traceId: 'bench-plan', stepIndex, retry: false },
  });
  const checks = choiceChecks(plan.facts);
  const validation = validateChoice(parseModelOutput(reply.text), plan.candidates, checks);
  const fallback = chooseFallback(plan.candidates, checks);
  const step = recoveryPlan(validation.status, { recovery: false, retried: false, fallbackAvailable: fallback.candidate !== null });
  const chosen = step === 'accept' ? validation.candidate! : fallback.candidate!;
  return clampTicks(chosen.firstAction.ticks, backend.maxActionTicks) > 0 ? chosen.firstAction.keyCode : -1;
}

/** Runs `fn` once: its result, wall time and CPU time of this process (ms). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  const value = await fn();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpuStarted);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function quantile(sorted: readonly number[], q: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[at]!;
}

async function main(): Promise<void> {
  const snapshots = sampleSnapshots();
  console.log(
    `bench:plan — ${snapshots.length} snapshots from ${file.demos.length} Classic demos (replayed to ${FRACTIONS.join(', ')} of their length)`,
  );
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (let i = 0; i < snapshots.length; i += 4) {
      await viaChart(snapshots[i]!, i);
      await viaPlainFunctions(snapshots[i]!, i);
      await runStandIn();
    }
  }
  const wall = { chart: [] as number[], plain: [] as number[], standIn: [] as number[] };
  const cpu = { chart: [] as number[], plain: [] as number[], standIn: [] as number[] };
  const stepBytes: number[] = [];
  const receiptBytes: number[] = [];
  let disagreements = 0;
  for (let i = 0; i < snapshots.length; i++) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? (['chart', 'plain'] as const) : (['plain', 'chart'] as const);
    const keys: Record<string, number> = {};
    for (const which of order) {
      const run = await timed(() => (which === 'chart' ? viaChart(snapshots[i]!, i) : viaPlainFunctions(snapshots[i]!, i)));
      keys[which] = run.value;
      wall[which].push(run.wallMs);
      cpu[which].push(run.cpuMs);
    }
    if (keys.chart !== keys.plain) disagreements += 1;
    // The stand-in after both, in the same conditions (no stage work: the chart's own floor).
    const floor = await timed(runStandIn);
    wall.standIn.push(floor.wallMs);
    cpu.standIn.push(floor.cpuMs);
    if (lastTraceStep) {
      stepBytes.push(JSON.stringify(lastTraceStep).length);
      receiptBytes.push(JSON.stringify(lastTraceStep.receipts).length);
    }
  }
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const table = (times: { chart: number[]; plain: number[]; standIn: number[] }) => {
    const overhead = times.chart.map((t, i) => t - times.plain[i]!).sort((a, b) => a - b);
    const chart = [...times.chart].sort((a, b) => a - b);
    const plain = [...times.plain].sort((a, b) => a - b);
    const standIn = [...times.standIn].sort((a, b) => a - b);
    console.log('                                   median        p99');
    console.log(`planning chart (local profile)  ${ms(quantile(chart, 0.5))} ${ms(quantile(chart, 0.99))}`);
    console.log(`plain function calls            ${ms(quantile(plain, 0.5))} ${ms(quantile(plain, 0.99))}`);
    console.log(`chart - plain, per snapshot     ${ms(quantile(overhead, 0.5))} ${ms(quantile(overhead, 0.99))}`);
    console.log(`ratio chart / plain (medians)   ${(quantile(chart, 0.5) / quantile(plain, 0.5)).toFixed(3)}x`);
    console.log(`ratio chart / plain (p99s)      ${(quantile(chart, 0.99) / quantile(plain, 0.99)).toFixed(3)}x`);
    console.log(`floor: empty chart, same shape  ${ms(quantile(standIn, 0.5))} ${ms(quantile(standIn, 0.99))}`);
  };
  table(wall);
  console.log('CPU time of this process (less sensitive to other processes on the cores):');
  table(cpu);
  const mean = (v: readonly number[]) => Math.round(v.reduce((a, b) => a + b, 0) / Math.max(1, v.length));
  console.log(
    `trace step (JSON): mean ${mean(stepBytes)} bytes, max ${Math.max(0, ...stepBytes)}; receipts mean ${mean(receiptBytes)} bytes (empty history)`,
  );
  console.log(`actions that differ between the two paths: ${disagreements} of ${snapshots.length}`);
}

await main();
