// The what-if: re-plans a stored step with other slot variants, a forced candidate or forced keys,
// plays the result forward for `horizonTicks` ticks on a copy of the game (the local policy plans every
// later step), and sets the outcome beside what really happened at the same ticks (the recording).
// A forced candidate is played even when the chart would have refused it (its disposition says why),
// because the question is "what if the agent had done this". Reads the stores through LensSources.
import { z } from 'zod';
import { NoValidCandidateError } from '../../charts/errors.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { candidatesSettings, resolveSlotVariants } from '../../charts/slots/registry.js';
import { SCOPE_KEYS } from '../../charts/conventions.js';
import { historyEntry } from '../agent/history.js';
import type { Candidate, Commitment, HistoryEntry, Snapshot } from '../agent/schemas.js';
import { finishedOrAtExit } from '../agent/search/measures.js';
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

/** Without `horizonTicks`, a what-if runs until death, the level cleared, or this many ticks. */
export const DEFAULT_HORIZON_TICKS = 600;
export const MAX_HORIZON_TICKS = 3000;
/** Key codes a forced key may use (the canonical ones every client sends). */
const FORCEABLE_KEYS = [32, 37, 38, 39, 40, 88, 90] as const;

const forcedKeySchema = z.strictObject({
  keyCode: z
    .number()
    .int()
    .refine((k) => (FORCEABLE_KEYS as readonly number[]).includes(k), {
      message: `must be one of ${FORCEABLE_KEYS.join(', ')} (stop, left, up, right, down, dig right, dig left)`,
    }),
  ticks: z.number().int().min(1).max(20),
});

export const counterfactualBodySchema = z
  .strictObject({
    slots: z.record(z.string(), z.string()).optional(),
    forceCandidateId: z.string().min(1).max(200).optional(),
    /** Keys played exactly from the step's state (each pressed on its first tick), before the chart takes over. */
    forceKeys: z.array(forcedKeySchema).min(1).max(2000).optional(),
    /** How many ticks to play from the step (default: until death, the level cleared, or DEFAULT_HORIZON_TICKS). */
    horizonTicks: z.number().int().min(1).max(MAX_HORIZON_TICKS).optional(),
    /** The live game's engine seed, when known (see materialize.ts CursorOptions). */
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  })
  .refine((body) => !(body.forceCandidateId && body.forceKeys), {
    message: 'give forceCandidateId or forceKeys, not both',
    path: ['forceKeys'],
  });
export type CounterfactualBody = z.input<typeof counterfactualBodySchema>;

type Action = { keyCode: number; ticks: number; reason: string };

function localProvider(): ModelProvider {
  return createProvider(resolveProfile({ modelProfile: 'local' }, {}), {}, { localPolicy });
}

/** Both sides are sampled at the same ticks: every SAMPLE_TICKS from the step, and at the end. */
export const SAMPLE_TICKS = 6;

interface Tracker {
  startTick: number;
  path: OutcomeSummary['path'];
  diedAtTick: number | null;
}

function track(tracker: Tracker, snapshot: Snapshot): void {
  tracker.path.push({ x: snapshot.runner.x, y: snapshot.runner.y, tick: snapshot.tick });
  if (snapshot.gameStateName === 'runner_dead' && tracker.diedAtTick === null) tracker.diedAtTick = snapshot.tick;
}

function summary(snapshot: Snapshot, tracker: Tracker, steps: number): OutcomeSummary {
  return {
    steps,
    tick: snapshot.tick,
    ticks: snapshot.tick - tracker.startTick,
    runner: { x: snapshot.runner.x, y: snapshot.runner.y },
    goldRemaining: snapshot.gold.remainingCount,
    goldComplete: snapshot.gold.complete,
    state: snapshot.gameStateName,
    alive: snapshot.gameStateName !== 'runner_dead',
    cleared: snapshot.gameStateName === 'finish',
    path: tracker.path,
    diedAtTick: tracker.diedAtTick,
  };
}

/**
 * Plays the forced keys (or the first action), then lets the local policy plan, tick by tick, until
 * `endTick`, the runner's death or the level cleared. Returns the outcome and the planning steps played.
 */
async function playForward(
  ctx: StepContext,
  start: Snapshot,
  history: HistoryEntry[],
  opening: Action[],
  endTick: number,
  variants: Record<string, string>,
) {
  const game = Game.restore(start.engineState);
  const tracker: Tracker = { startTick: start.tick, path: [], diedAtTick: null };
  const provider = localProvider();
  const past = [...history];
  const queue: (Action & { candidateId: string; commitment?: Commitment })[] = opening.map((a) => ({ ...a, candidateId: 'what-if' }));
  let steps = 0;
  let stuck = false;
  while (!game.over && game.state.tick < endTick && !stuck) {
    if (queue.length === 0) {
      try {
        const next = await planNextAction(
          {
            playData: ctx.run.playData,
            level: ctx.run.level,
            snapshot: game.snapshot({ withEngineState: true }),
            history: past.slice(-ctx.historyLimit),
            traceId: `${ctx.traceId}~what-if`,
            stepIndex: ctx.step.stepIndex + steps,
            slots: variants,
            config: ctx.config,
          },
          { provider },
        );
        queue.push({ ...next.action, candidateId: next.candidate.id, commitment: next.candidate.commitment });
      } catch (error) {
        if (!(error instanceof NoValidCandidateError)) throw error;
        stuck = true;
        break;
      }
    }
    const action = queue.shift()!;
    const before = game.snapshot({ withEngineState: true });
    const ticks = Math.min(clampTicks(action.ticks), endTick - game.state.tick);
    // Tick by tick, so both sides are sampled at the same ticks.
    for (let i = 0; i < ticks && !game.over; i++) {
      game.step(i === 0 ? action.keyCode : undefined);
      if ((game.state.tick - start.tick) % SAMPLE_TICKS === 0 || game.over) track(tracker, game.snapshot());
    }
    steps++;
    past.push(historyEntry(action.candidateId, { ...action, ticks }, before, game.snapshot(), action.commitment));
  }
  // A runner who reached the exit on the last tick of the horizon finishes on the engine's next
  // call, which runs no tick: make it, so a clear at exactly endTick counts as one.
  if (!game.over && finishedOrAtExit(game.state)) game.step();
  const end = game.snapshot();
  if (tracker.path.at(-1)?.tick !== end.tick) track(tracker, end);
  return summary(end, tracker, steps);
}

/** What really happened over the same ticks, from the recording (it ends at the run's last tick). */
function actualOutcome(ctx: StepContext, cursor: RecordingCursor, start: Snapshot, endTick: number): OutcomeSummary {
  const tracker: Tracker = { startTick: start.tick, path: [], diedAtTick: null };
  const n = ctx.step.stepIndex;
  const steps = ctx.steps.filter((s) => s.stepIndex >= n && s.state.tick < endTick).length;
  let last = start;
  for (let tick = start.tick + SAMPLE_TICKS; ; tick += SAMPLE_TICKS) {
    const target = Math.min(tick, endTick);
    const { snapshot, reached } = cursor.snapshotAt(target);
    last = snapshot;
    track(tracker, snapshot);
    if (!reached || cursor.over || target >= endTick) break;
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
  const endTick = prepared.snapshot.tick + (body.horizonTicks ?? DEFAULT_HORIZON_TICKS);
  const variants = resolveSlotVariants({ ...ctx.variants, ...(body.slots ?? {}) }, {}).variants;
  const identity = recordedIdentity(ctx.step, ctx.run.model as Record<string, unknown>);
  const forced = body.forceCandidateId ?? null;
  const forcedKeys = body.forceKeys ?? null;
  const calls: AnsweredCall[] = [];
  const isLocal = identity.profile === 'local';
  const provider = forced
    ? forcedProvider(identity, forced, calls)
    : forcedKeys
      ? localProvider()
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
      ...candidatesSettings(variants.candidates),
    };
    const pool = candidatePool(prepared.snapshot, options, shown, prepared.history);
    pooled = pool.find((p) => p.candidate.id === forced) ?? null;
    if (!pooled) {
      throw lensNotFound(`candidate "${forced}" was not proposed at step ${stepIndex}`, {
        traceId,
        stepIndex,
        known: pool.map((p) => p.candidate.id),
      });
    }
    if (traceStep.selectedCandidateId !== forced) {
      forcedPastValidation = true;
      played = { ...pooled.candidate.firstAction };
    }
  }

  if (forcedKeys) played = { ...forcedKeys[0], reason: 'forced keys (what-if)' };
  const opening: Action[] = forcedKeys ? forcedKeys.map((k) => ({ ...k, reason: 'forced keys (what-if)' })) : played ? [played] : [];
  const whatIf =
    opening.length > 0
      ? await playForward(ctx, prepared.snapshot, prepared.history, opening, endTick, variants)
      : summary(prepared.snapshot, { startTick: prepared.snapshot.tick, path: [], diedAtTick: null }, 0);
  // The real side runs to the same tick the what-if reached (its death or clear ends it sooner).
  const actual = actualOutcome(
    ctx,
    prepared.materialized.cursor,
    prepared.snapshot,
    body.horizonTicks ? endTick : Math.max(whatIf.tick, Math.min(endTick, ctx.recording.demo.time)),
  );
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
    horizonTicks: endTick - prepared.snapshot.tick,
    request: { slots: { ...variants }, forceCandidateId: forced, forceKeys: forcedKeys },
    choice: {
      candidateId: forcedKeys ? null : (forced ?? traceStep.selectedCandidateId),
      kind: forcedKeys ? 'forced_keys' : (pooled?.candidate.kind ?? traceStep.selectedCandidateKind),
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
    policy: forcedKeys
      ? `the ${forcedKeys.length} forced keys first (${forcedKeys.reduce((n, k) => n + k.ticks, 0)} ticks), then the local policy`
      : forced
        ? 'the forced candidate first, then the local policy'
        : isLocal
          ? 'the local policy (the run’s own model) for every step'
          : 'the recorded answer for the step (the chart’s fallback when it is no longer shown), then the local policy',
    durationMs: Math.round(performance.now() - started),
  };
}
