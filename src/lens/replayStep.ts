// Re-materialises one stored planning step and re-runs it: loads the run and its recording (the agent
// record whose id is the trace id), replays the recording to the step's tick, rebuilds the history the
// step was handed, re-plans with the run's config and slot variants, the recorded answers and full
// values captured, then verifies the recomputed model receipts against the stored ones and assembles
// the lens's answer (prompt text, receipts with values, narrative, chart, candidates, backtrack).
// Reads the stores through `LensSources`; writes nothing.
import { narrative, type CombinedNarrativeEntry } from 'footprintjs';
import { planningChart } from '../../charts/buildPlanningChart.js';
import { SCOPE_KEYS, STAGE_IDS } from '../../charts/conventions.js';
import { NoValidCandidateError } from '../../charts/errors.js';
import { planNextAction, type PlanningResult } from '../../charts/planNextAction.js';
import { SLOT_REGISTRY, resolveSlotVariants } from '../../charts/slots/registry.js';
import { sha256 } from '../../recorders/modelReceipt.js';
import type { StageReceipt } from '../../recorders/stageReceipts.js';
import type { TraceStepRecord } from '../../recorders/traceStep.js';
import type { Candidate, Facts, HistoryEntry, Snapshot } from '../agent/schemas.js';
import { resolveAgentConfig, type AgentConfig } from '../config/agentConfig.js';
import type { ModelProvider } from '../llm/provider.js';
import type { Recording, TraceRun } from '../stores/index.js';
import { buildBacktrack } from './backtrack.js';
import { dispositionsOnce } from './candidatePool.js';
import { lensConflict, lensNotFound } from './errors.js';
import {
  clampTicks,
  historyDifferences,
  materializeSteps,
  rebuildHistory,
  storedRandom,
  storesWholeRandomState,
  type CursorOptions,
  type MaterializedRun,
} from './materialize.js';
import { actionPath } from './paths.js';
import { recordedAnswers, recordedIdentity, recordedProvider, type AnsweredCall } from './recordedProvider.js';
import { modelCallsOf, parseSteps, storedModelCalls, type StoredStep } from './storedStep.js';
import type { ChartSnapshot, ConsistencyCheck, LensCandidate, LensModelAnswer, LensPrompt, ReplayAnswer } from './types.js';
import { verifyReceipts } from './verify.js';

/** Where the lens reads runs and recordings (the two stores, or fakes in tests). */
export interface LensSources {
  getRun(traceId: string): Promise<TraceRun | null>;
  getRecording(recordId: string): Promise<Recording | null>;
}

export interface StepContext {
  traceId: string;
  run: TraceRun;
  steps: StoredStep[];
  step: StoredStep;
  recording: Recording;
  config: AgentConfig;
  variants: Record<string, string>;
  historyLimit: number;
}

/** The run, the step, the recording and the run's config and variants; 404 / 409 when one is missing. */
export async function loadStepContext(sources: LensSources, traceId: string, stepIndex: number): Promise<StepContext> {
  const run = await sources.getRun(traceId);
  if (!run) throw lensNotFound('trace not found', { traceId });
  const { steps } = parseSteps(run.steps);
  const step = steps.find((s) => s.stepIndex === stepIndex);
  if (!step) {
    const last = steps.at(-1)?.stepIndex;
    throw lensNotFound(
      last === undefined ? 'this run has no steps yet' : `there is no step ${stepIndex} in this run: its steps are 0 to ${last}`,
      { traceId, stepIndex, stepCount: run.steps.length, validRange: last === undefined ? null : { from: 0, to: last } },
    );
  }
  for (let k = 0; k <= stepIndex; k++) {
    if (steps[k]?.stepIndex !== k) {
      throw lensConflict(`step ${k} of this run is missing or unreadable; the lens rebuilds a step from every earlier step`, {
        traceId,
        stepIndex,
        missingStep: k,
      });
    }
  }
  const recording = await sources.getRecording(traceId);
  if (!recording) {
    throw lensConflict(
      'this run has no saved recording (it stopped before it could save one, or the recording was deleted since); the lens rebuilds every step from that recording, so its steps cannot be opened',
      { traceId, stepIndex, recordId: traceId, playData: run.playData, level: run.level },
    );
  }
  const config = resolveAgentConfig(run.config).config;
  const variants = { ...run.slots, ...(step.slots ?? {}) };
  return { traceId, run, steps, step, recording, config, variants, historyLimit: config.agent.historyLimit };
}

export interface PreparedStep {
  materialized: MaterializedRun;
  snapshot: Snapshot;
  history: HistoryEntry[];
  checks: ConsistencyCheck[];
}

/** Replay the recording to the step (with the live game's seed, when known) and rebuild its history. */
export function prepareStep(ctx: StepContext, options: CursorOptions = {}): PreparedStep {
  const n = ctx.step.stepIndex;
  const materialized = materializeSteps(ctx.run.playData, ctx.recording.demo, ctx.steps, n, options);
  const snapshot = materialized.before[n].snapshot;
  const history = rebuildHistory(ctx.steps, materialized, n, ctx.historyLimit);
  const checks: ConsistencyCheck[] = [];
  const differences = historyDifferences(history, ctx.step.historyTail);
  checks.push({
    name: 'history (rebuilt vs the stored tail)',
    stored: `${ctx.step.historyTail?.length ?? 0} entries`,
    recomputed: differences.length ? differences.join('; ') : `${history.length} entries, tail identical`,
    ok: differences.length === 0,
  });
  const random = storedRandom(ctx.step);
  checks.push({
    name: 'random generator',
    stored: storesWholeRandomState(ctx.step)
      ? "the step's generator and respawn order"
      : random
        ? "the step's generator (no respawn order: a trace written before it was stored)"
        : 'not stored',
    recomputed:
      options.seed !== undefined
        ? `replayed from seed ${options.seed}`
        : random
          ? 'taken from the step'
          : 'unknown: the playback’s stands in (simulations that draw random numbers may differ)',
    ok: true,
  });
  const storedRunner = ctx.step.state.runner;
  if (storedRunner) {
    checks.push({
      name: 'runner position',
      stored: `(${storedRunner.x},${storedRunner.y})`,
      recomputed: `(${snapshot.runner.x},${snapshot.runner.y})`,
      ok: storedRunner.x === snapshot.runner.x && storedRunner.y === snapshot.runner.y,
    });
  }
  return { materialized, snapshot, history, checks };
}

/** Every value a stage wrote to `key` (receipts captured with values), in execution order. */
export function writtenValues<T>(receipts: readonly StageReceipt[], key: string, stageId?: string): { runtimeStageId: string; value: T }[] {
  const out: { runtimeStageId: string; value: T }[] = [];
  for (const receipt of receipts) {
    if (stageId !== undefined && receipt.stageId !== stageId) continue;
    for (const write of receipt.writes) {
      const value = write.value as { ref?: unknown } | undefined;
      if (write.key !== key || value === undefined || value === null) continue;
      if (typeof value === 'object' && typeof value.ref === 'string' && Object.keys(value).length <= 3) continue; // an unexpanded artifact ref
      out.push({ runtimeStageId: receipt.runtimeStageId, value: write.value as T });
    }
  }
  return out;
}

export interface Replanned {
  result: PlanningResult | null;
  traceStep: TraceStepRecord;
  narrative: CombinedNarrativeEntry[];
  calls: AnsweredCall[];
  error: string | null;
}

export interface ReplanOptions {
  provider: ModelProvider;
  calls: AnsweredCall[];
  slots?: Record<string, string>;
  deadlineMs?: number;
  now?: () => Date;
}

/** Run the planning chart on the re-materialised step with values captured (the lens mode). */
export async function replan(ctx: StepContext, prepared: PreparedStep, options: ReplanOptions): Promise<Replanned> {
  const story = narrative();
  const request = {
    playData: ctx.run.playData,
    level: ctx.run.level,
    snapshot: prepared.snapshot,
    history: prepared.history,
    traceId: ctx.traceId,
    stepIndex: ctx.step.stepIndex,
    slots: options.slots ?? ctx.variants,
    config: ctx.config,
  };
  const deps = {
    provider: options.provider,
    captureValues: true,
    deadlineMs: options.deadlineMs,
    now: options.now,
    recorders: [story],
  };
  try {
    const result = await planNextAction(request, deps);
    return { result, traceStep: result.traceStep, narrative: story.getEntries(), calls: options.calls, error: null };
  } catch (error) {
    if (error instanceof NoValidCandidateError) {
      return { result: null, traceStep: error.traceStep, narrative: story.getEntries(), calls: options.calls, error: error.message };
    }
    throw error;
  }
}

interface TappedPrompt {
  system: string;
  user: string;
  pieces: { slot: string; section: string; text: string }[];
}

function lensPrompts(replanned: Replanned, ctx: StepContext): LensPrompt[] {
  const stored = storedModelCalls(ctx.step);
  const recomputed = modelCallsOf(replanned.traceStep);
  return writtenValues<TappedPrompt>(replanned.traceStep.receipts, SCOPE_KEYS.prompt, STAGE_IDS.messageApi).map((write, attempt) => {
    const prompt = write.value as TappedPrompt;
    const storedPieces = stored[attempt]?.receipt.pieces ?? [];
    const receipt = recomputed[attempt]?.receipt;
    return {
      attempt,
      system: prompt.system,
      systemHash: sha256(prompt.system),
      user: prompt.user,
      userHash: sha256(prompt.user),
      requestHash: receipt?.requestSha256 ?? '',
      pieces: prompt.pieces.map((piece, index) => {
        const hash = sha256(piece.text);
        const storedHash = storedPieces[index]?.sha256 ?? null;
        return { index, slot: piece.slot, section: piece.section, text: piece.text, hash, storedHash, matches: storedHash === hash };
      }),
    };
  });
}

/** The candidates as the lens shows them: each with its path on the board and its chosen / requested marks. */
export function lensCandidates(
  candidates: readonly Candidate[],
  snapshot: Snapshot,
  chosenId: string | null,
  requestedId: string | null,
): LensCandidate[] {
  return candidates.map((c) => ({
    ...c,
    path: actionPath(snapshot, { keyCode: c.firstAction.keyCode, ticks: c.firstAction.ticks }),
    chosen: c.id === chosenId,
    requested: c.id === requestedId,
  }));
}

export function chartSnapshotOf(traceStep: TraceStepRecord, variants: Record<string, string>): ChartSnapshot {
  const resolved = resolveSlotVariants(variants, {}).variants;
  const structure = (planningChart(resolved) as unknown as { buildTimeStructure: unknown }).buildTimeStructure;
  const context = traceStep.receipts.find((r) => r.stageId === STAGE_IDS.context);
  return {
    variants: { ...resolved },
    available: Object.fromEntries(Object.entries(SLOT_REGISTRY).map(([slot, def]) => [slot, Object.keys(def.variants)])),
    structure,
    executed: traceStep.receipts.map((r) => ({
      runtimeStageId: r.runtimeStageId,
      stageId: r.stageId,
      kind: r.kind,
      status: r.status,
      durationMs: r.durationMs,
    })),
    selected: context?.selection?.selected ?? [],
    skipped: context?.selection?.skipped ?? [],
  };
}

function modelAnswerOf(replanned: Replanned): LensModelAnswer {
  const calls = replanned.calls;
  const last = calls.at(-1);
  return {
    text: last?.text ?? null,
    candidateId: last?.answer.kind === 'choice' ? last.answer.candidateId : null,
    attempts: calls.map((c) => ({
      attempt: c.attempt,
      text: c.text,
      kind: c.answer.kind,
      status: c.answer.kind === 'failure' ? c.answer.status : c.answer.kind === 'unparseable' ? 'parse_error' : 'ok',
    })),
    note: 'The trace keeps the model’s choice and status, not its raw text; the replay answers with the recorded choice.',
  };
}

function actionText(action: { keyCode: number; ticks: number } | null | undefined): string {
  return action ? `${action.keyCode} x ${clampTicks(action.ticks)}` : 'none';
}

/** GET /api/agent/traces/:traceId/steps/:n/replay. */
export async function replayStep(
  sources: LensSources,
  traceId: string,
  stepIndex: number,
  options: CursorOptions = {},
): Promise<ReplayAnswer> {
  const started = performance.now();
  const ctx = await loadStepContext(sources, traceId, stepIndex);
  const prepared = prepareStep(ctx, options);
  const calls: AnsweredCall[] = [];
  const identity = recordedIdentity(ctx.step, ctx.run.model as Record<string, unknown>);
  const provider = recordedProvider(identity, traceId, recordedAnswers(ctx.step), calls);
  const deadlineMs = storedModelCalls(ctx.step)[0]?.receipt.params?.deadlineMs;
  const replanned = await replan(ctx, prepared, {
    provider,
    calls,
    deadlineMs,
    now: ctx.step.createdAt ? () => new Date(ctx.step.createdAt!) : undefined,
  });
  const { traceStep } = replanned;

  const verification = verifyReceipts(storedModelCalls(ctx.step), modelCallsOf(traceStep));
  const prompts = lensPrompts(replanned, ctx);
  const candidates = writtenValues<Candidate[]>(traceStep.receipts, SCOPE_KEYS.candidates).at(-1)?.value ?? [];
  const facts = writtenValues<Facts>(traceStep.receipts, SCOPE_KEYS.facts).at(-1)?.value ?? null;
  const chosenId = traceStep.selectedCandidateId;
  const requestedId = traceStep.validation.requestedCandidateId;
  const lensList = lensCandidates(candidates, prepared.snapshot, chosenId, requestedId);
  const chosen = lensList.find((c) => c.id === chosenId) ?? null;
  const requested = chosen ? null : (lensList.find((c) => c.id === requestedId) ?? null);
  const checks: ConsistencyCheck[] = [
    ...prepared.checks,
    {
      name: 'chosen candidate',
      stored: ctx.step.selectedCandidateId ?? 'none',
      recomputed: chosenId ?? 'none',
      ok: (ctx.step.selectedCandidateId ?? null) === chosenId,
    },
    {
      name: 'action',
      stored: actionText(ctx.step.action),
      recomputed: actionText(traceStep.action),
      ok: actionText(ctx.step.action) === actionText(traceStep.action),
    },
  ];
  const modelAnswer = modelAnswerOf(replanned);
  const prompt = prompts.at(-1) ?? null;
  const { engineState: _engineState, ...snapshot } = prepared.snapshot;
  const backtrack = buildBacktrack({
    runner: { x: prepared.snapshot.runner.x, y: prepared.snapshot.runner.y },
    // What the run really did (the replayed action carries the replay's reason instead of the model's).
    action: ctx.step.action ?? traceStep.action,
    chosen: chosen ?? requested,
    refused: chosen === null && requested !== null,
    requestedId,
    modelText: modelAnswer.text,
    statuses: traceStep.validation.statuses,
    fallbackUsed: traceStep.validation.fallbackUsed,
    fallbackReason: traceStep.validation.fallbackReason,
    prompt,
    stages: traceStep.receipts,
    facts,
    variants: traceStep.slots,
  });
  return {
    traceId,
    stepIndex,
    playData: ctx.run.playData,
    level: ctx.run.level,
    verified: verification.verified,
    mismatches: verification.mismatches,
    compared: verification.compared,
    checks,
    snapshot,
    prompt,
    prompts,
    modelAnswer,
    validation: { ...traceStep.validation, attempts: traceStep.attempts, error: replanned.error },
    stages: traceStep.receipts,
    narrative: replanned.narrative
      .filter((e) => e.type !== 'step')
      .map((e) => ({ type: e.type, text: e.text.length > 400 ? `${e.text.slice(0, 400)}…` : e.text, runtimeStageId: e.runtimeStageId })),
    chartSnapshot: chartSnapshotOf(traceStep, traceStep.slots),
    candidates: lensList,
    chosen: { candidateId: chosenId, kind: traceStep.selectedCandidateKind, action: ctx.step.action ?? traceStep.action },
    dispositions: dispositionsOnce(traceStep.planner.dispositions),
    facts,
    history: prepared.history,
    backtrack,
    durationMs: Math.round(performance.now() - started),
  };
}
