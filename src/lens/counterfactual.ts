// The what-if: re-plans a stored step with other slot variants and/or a forced candidate, plays the
// result forward for `horizonSteps` planning steps on a copy of the game (the local policy plans every
// later step), and sets the outcome beside what really happened over the same steps (the recording).
// A forced candidate is played even when the chart would have refused it (its disposition says why),
// because the question is "what if the agent had done this". Reads the stores through LensSources.
import { z } from 'zod';
import { NoValidCandidateError } from '../../charts/errors.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { resolveSlotVariants } from '../../charts/slots/registry.js';
import { SCOPE_KEYS } from '../../charts/conventions.js';
import { historyEntry } from '../agent/history.js';
import type { Candidate, HistoryEntry, Snapshot } from '../agent/schemas.js';
import { Game } from '../game/game.js';
import { createProvider } from '../llm/createProvider.js';
import { localPolicy } from '../llm/localPolicy.js';
import { resolveProfile } from '../llm/profiles.js';
import type { ModelProvider } from '../llm/provider.js';
import { candidatePool, type PooledCandidate } from './candidatePool.js';
import { lensNotFound } from './errors.js';
import { clampTicks, type RecordingCursor } from './materialize.js';
import { actionPath } from './paths.js';
import { forcedProvider, recordedAnswers, recordedIdentity, recordedProvider, type AnsweredCall } from './recordedProvider.js';
import { lensCandidates, loadStepContext, prepareStep, replan, writtenValues, type LensSources, type StepContext } from './replayStep.js';
import type { CounterfactualAnswer, OutcomeSummary } from './types.js';

export const DEFAULT_HORIZON_STEPS = 5;
export const MAX_HORIZON_STEPS = 30;

export const counterfactualBodySchema = z.strictObject({
  slots: z.record(z.string(), z.string()).optional(),
  forceCandidateId: z.string().min(1).max(200).optional(),
  horizonSteps: z.number().int().min(1).max(MAX_HORIZON_STEPS).default(DEFAULT_HORIZON_STEPS),
  /** The live game's engine seed, when known (see materialize.ts CursorOptions). */
  seed: z.number().int().min(0).max(0xffffffff).optional(),
});
export type CounterfactualBody = z.input<typeof counterfactualBodySchema>;

type Action = { keyCode: number; ticks: number; reason: string };

function localProvider(): ModelProvider {
  return createProvider(resolveProfile({ modelProfile: 'local' }, {}), {}, { localPolicy });
}

interface Tracker {
  start: { tick: number };
  path: OutcomeSummary['path'];
  diedAtStep: number | null;
}

function summary(snapshot: Snapshot, tracker: Tracker, steps: number): OutcomeSummary {
  return {
    steps,
    tick: snapshot.tick,
    ticks: snapshot.tick - tracker.start.tick,
    runner: { x: snapshot.runner.x, y: snapshot.runner.y },
    goldRemaining: snapshot.gold.remainingCount,
    goldComplete: snapshot.gold.complete,
    state: snapshot.gameStateName,
    alive: snapshot.gameStateName !== 'runner_dead',
    path: tracker.path,
    diedAtStep: tracker.diedAtStep,
  };
}

/** Plays `first`, then lets the local policy plan until `horizon` steps were played or the game ended. */
async function playForward(
  ctx: StepContext,
  start: Snapshot,
  history: HistoryEntry[],
  first: Action,
  horizon: number,
  variants: Record<string, string>,
) {
  const game = Game.restore(start.engineState);
  const tracker: Tracker = { start: { tick: start.tick }, path: [], diedAtStep: null };
  const provider = localProvider();
  const past = [...history];
  let action: Action | null = first;
  let candidateId = 'what-if';
  let steps = 0;
  for (let k = 0; k < horizon && !game.over && action; k++) {
    const before = game.snapshot({ withEngineState: true });
    const ticks = clampTicks(action.ticks);
    game.press(action.keyCode, ticks);
    steps++;
    const after = game.snapshot();
    past.push(historyEntry(candidateId, { ...action, ticks }, before, after));
    tracker.path.push({ x: after.runner.x, y: after.runner.y, tick: after.tick });
    if (after.gameStateName === 'runner_dead' && tracker.diedAtStep === null) tracker.diedAtStep = k;
    if (k + 1 >= horizon || game.over) break;
    try {
      const next = await planNextAction(
        {
          playData: ctx.run.playData,
          level: ctx.run.level,
          snapshot: game.snapshot({ withEngineState: true }),
          history: past.slice(-ctx.historyLimit),
          traceId: `${ctx.traceId}~what-if`,
          stepIndex: ctx.step.stepIndex + k + 1,
          slots: variants,
          config: ctx.config,
        },
        { provider },
      );
      action = next.action;
      candidateId = next.candidate.id;
    } catch (error) {
      if (!(error instanceof NoValidCandidateError)) throw error;
      action = null;
    }
  }
  return summary(game.snapshot(), tracker, steps);
}

/** What really happened over the same number of steps, from the recording. */
function actualOutcome(ctx: StepContext, cursor: RecordingCursor, start: Snapshot, horizon: number): OutcomeSummary {
  const tracker: Tracker = { start: { tick: start.tick }, path: [], diedAtStep: null };
  const n = ctx.step.stepIndex;
  let steps = 0;
  let last = start;
  for (let k = 0; k < horizon; k++) {
    const next = ctx.steps[n + k + 1];
    if (!ctx.steps[n + k]) break;
    // After step n+k: the next step's tick, or (after the run's last step) the end of the recording.
    const target = next ? next.state.tick : Math.max(cursor.tick, ctx.recording.demo.time);
    last = cursor.snapshotAt(target).snapshot;
    steps++;
    tracker.path.push({ x: last.runner.x, y: last.runner.y, tick: last.tick });
    if (last.gameStateName === 'runner_dead' && tracker.diedAtStep === null) tracker.diedAtStep = k;
    if (!next || cursor.over) break;
  }
  return summary(last, tracker, steps);
}

/** POST /api/agent/traces/:traceId/steps/:n/counterfactual. */
export async function counterfactual(
  sources: LensSources,
  traceId: string,
  stepIndex: number,
  body: z.output<typeof counterfactualBodySchema>,
): Promise<CounterfactualAnswer> {
  const started = performance.now();
  const ctx = await loadStepContext(sources, traceId, stepIndex);
  const prepared = prepareStep(ctx, { seed: body.seed });
  const variants = resolveSlotVariants({ ...ctx.variants, ...(body.slots ?? {}) }, {}).variants;
  const identity = recordedIdentity(ctx.step, ctx.run.model as Record<string, unknown>);
  const forced = body.forceCandidateId ?? null;
  const calls: AnsweredCall[] = [];
  const isLocal = identity.profile === 'local';
  const provider = forced
    ? forcedProvider(identity, forced, calls)
    : isLocal
      ? localProvider()
      : recordedProvider(identity, traceId, recordedAnswers(ctx.step), calls);
  const replanned = await replan(ctx, prepared, { provider, calls, slots: variants });
  const { traceStep } = replanned;
  const shown = writtenValues<Candidate[]>(traceStep.receipts, SCOPE_KEYS.candidates).at(-1)?.value ?? [];

  let played: Action | null = traceStep.action;
  let pooled: PooledCandidate | null = null;
  let forcedPastValidation = false;
  if (forced) {
    const options = {
      candidateLimit: ctx.config.backend.candidateLimit,
      maxActionTicks: ctx.config.backend.maxActionTicks,
      showCandidateScores: ctx.config.prompt.showCandidateScores,
      simulate: variants.candidates !== 'geometric',
    };
    pooled = candidatePool(prepared.snapshot, options, shown).find((p) => p.candidate.id === forced) ?? null;
    if (!pooled) {
      throw lensNotFound(`candidate "${forced}" was not proposed at step ${stepIndex}`, {
        traceId,
        stepIndex,
        known: candidatePool(prepared.snapshot, options, shown).map((p) => p.candidate.id),
      });
    }
    if (traceStep.selectedCandidateId !== forced) {
      forcedPastValidation = true;
      played = { ...pooled.candidate.firstAction };
    }
  }

  const whatIf = played
    ? await playForward(ctx, prepared.snapshot, prepared.history, played, body.horizonSteps, variants)
    : summary(prepared.snapshot, { start: { tick: prepared.snapshot.tick }, path: [], diedAtStep: null }, 0);
  const actual = actualOutcome(ctx, prepared.materialized.cursor, prepared.snapshot, body.horizonSteps);
  const chosenId = forced ?? traceStep.selectedCandidateId;
  const candidates = lensCandidates(shown, prepared.snapshot, chosenId, traceStep.validation.requestedCandidateId);
  if (pooled && !shown.some((c) => c.id === pooled!.candidate.id)) {
    candidates.push({
      ...pooled.candidate,
      path: actionPath(prepared.snapshot, pooled.candidate.firstAction),
      chosen: true,
      requested: true,
    });
  }
  return {
    traceId,
    stepIndex,
    horizonSteps: body.horizonSteps,
    request: { slots: { ...variants }, forceCandidateId: forced },
    choice: {
      candidateId: forced ?? traceStep.selectedCandidateId,
      kind: pooled?.candidate.kind ?? traceStep.selectedCandidateKind,
      action: played,
      statuses: traceStep.validation.statuses,
      fallbackUsed: traceStep.validation.fallbackUsed,
      fallbackReason: traceStep.validation.fallbackReason,
      forcedPastValidation,
      forcedDisposition: pooled?.disposition ?? null,
      forcedWhy: pooled?.why ?? null,
      outcome: pooled?.candidate.outcome ?? shown.find((c) => c.id === chosenId)?.outcome ?? null,
    },
    original: { candidateId: ctx.step.selectedCandidateId ?? null, action: ctx.step.action ?? null },
    whatIf,
    actual,
    candidates,
    policy: forced
      ? 'the forced candidate first, then the local policy'
      : isLocal
        ? 'the local policy (the run’s own model) for every step'
        : 'the recorded answer for the step (the chart’s fallback when it is no longer shown), then the local policy',
    durationMs: Math.round(performance.now() - started),
  };
}
