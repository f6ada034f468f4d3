// The browser's AI run (agent-planner §1, §9): fetch the public config fresh, then loop snapshot
// (with engineState) -> POST /api/agent/next-action -> play the key for its ticks (clamped 1..20) at
// the page's speed -> history entry, until finished, dead, maxSteps or the tick budget; then save the
// recording (source 'agent', traceId = run id, solver, result, finalSnapshot). Cancel = abort the
// signal: the request in flight is aborted and a failure recording is saved; a page closed mid-run
// saves it too (closingRecording, sent by the page with a keepalive request). DOM-free: the api and
// the tick player are injected, so tests drive it with a fake fetch and an instant player.
import { historyEntry } from '../../agent/history.js';
import type { Commitment, HistoryEntry } from '../../agent/schemas.js';
import type { Game } from '../../game/game.js';
import { diagnoseFailure } from '../../runner/diagnose.js';
import type { FailureReason } from '../../runner/types.js';
import type { Api, CandidateSummary, NextActionResponse, RecordingBody, Solver } from './api.js';
import { DEFAULT_LIMITS, maxTicksOf, resolveProfile, runLimitsFrom, type RunLimits } from './config.js';

export const MAX_ACTION_TICKS = 20;

/** What the side panel shows for one planning step. */
export interface StepView {
  /** 1-based step number of the run (the trace's stepCount after this step). */
  step: number;
  /** 0-based index of the step in the trace (what the lens link carries). */
  stepIndex: number;
  traceId: string;
  tick: number;
  candidateId: string;
  kind: string | null;
  reason: string;
  keyCode: number;
  ticks: number;
  candidates: CandidateSummary[];
  fallbackUsed: boolean;
  fallbackReason: string | null;
  retried: boolean;
  statuses: string[];
  stallBlocked: boolean;
  model: string;
}

export type RunReason = 'cleared' | FailureReason;

export interface AgentRunResult {
  runId: string;
  result: 'success' | 'failure';
  reason: RunReason;
  steps: number;
  ticks: number;
  failureDetail: string | null;
  limits: RunLimits;
  profile: string | null;
  solver: Solver;
  /** The saved record's id, or null when saving failed (saveError says why). */
  recordId: string | null;
  saveError: string | null;
}

export interface AgentRunOptions {
  api: Api;
  /** A fresh game of (playData, level), recording (it is what gets saved). */
  game: Game;
  playData: number;
  level: number;
  runId: string;
  /** `?profile=` and window.__lodeRunnerAgentOptions.modelProfile; the config's comes last. */
  profileQuery?: string | null;
  profileWindowOption?: unknown;
  /** Press `keyCode` and let `ticks` ticks run at the page's speed; resolves when they ran (or on abort). */
  playTicks: (keyCode: number, ticks: number, signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal;
  onStart?: (info: { runId: string; limits: RunLimits; profile: string | null; configError: string | null }) => void;
  onStep?: (view: StepView) => void;
  /**
   * Handed, once the run starts, a function that builds the run's failure recording as it stands
   * (for a page being closed mid-run: it cannot await the loop, it sends this body with keepalive).
   */
  onClosable?: (closingRecording: (detail: string) => RecordingBody) => void;
  now?: () => Date;
}

export function clampTicks(ticks: number): number {
  const n = Number.isFinite(ticks) ? Math.round(ticks) : 1;
  return Math.max(1, Math.min(MAX_ACTION_TICKS, n));
}

export function stepViewOf(response: NextActionResponse, tick: number, ticks: number): StepView {
  const v = response.validation ?? {};
  const statuses = Array.isArray(v.statuses) ? v.statuses.filter((s): s is string => typeof s === 'string') : [];
  const supervisor = (response as { stallSupervisor?: { retryAttempted?: unknown } }).stallSupervisor;
  const retried =
    supervisor?.retryAttempted === true || statuses.length > 1 || (response.planner as { retried?: unknown }).retried === true;
  const candidate = response.candidate as { kind?: unknown; stallBlocked?: unknown };
  const fallbackUsed = response.planner.fallbackUsed === true || v.fallbackUsed === true;
  return {
    step: response.stepCount,
    stepIndex: Math.max(0, response.stepCount - 1),
    traceId: response.traceId,
    tick,
    candidateId: response.candidateId,
    kind:
      typeof candidate?.kind === 'string' ? candidate.kind : (response.candidates.find((c) => c.id === response.candidateId)?.kind ?? null),
    reason: response.action.reason,
    keyCode: response.action.keyCode,
    ticks,
    candidates: response.candidates,
    fallbackUsed,
    fallbackReason: response.planner.fallbackReason ?? (typeof v.fallbackReason === 'string' ? v.fallbackReason : null),
    retried,
    statuses,
    stallBlocked: v.stallBlocked === true || candidate?.stallBlocked === true,
    model: `${response.planner.provider}:${response.planner.model}`,
  };
}

/** Why the run was cancelled: the abort's reason when it is a sentence (a page being closed says so), else a plain cancel. */
function cancelDetail(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'the run was cancelled';
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === 'AbortError');
}

export async function runAgent(o: AgentRunOptions): Promise<AgentRunResult> {
  const now = o.now ?? (() => new Date());
  const { game, signal, api } = o;
  let limits = DEFAULT_LIMITS;
  let configError: string | null = null;
  try {
    limits = runLimitsFrom(await api.config());
  } catch (error) {
    configError = `the agent config could not be read (${(error as Error).message}); using the defaults`;
  }
  const profile = resolveProfile(o.profileQuery, o.profileWindowOption, limits.modelProfile);
  o.onStart?.({ runId: o.runId, limits, profile, configError });

  const maxTicks = maxTicksOf(limits);
  const history: HistoryEntry[] = [];
  const solver: Solver = { modelProfile: profile, provider: null, model: null, traceId: o.runId, failureReason: null };
  let steps = 0;
  let failure: FailureReason | null = null;
  let failureDetail: string | null = null;
  o.onClosable?.((detail) => ({
    source: 'agent',
    result: 'failure',
    traceId: o.runId,
    solver: { ...solver, failureReason: `cancelled: ${detail}`.slice(0, 500), generatedAt: now().toISOString() },
    demo: game.demo(),
    finalSnapshot: game.snapshot(),
  }));

  while (!game.over && steps < limits.maxSteps && game.state.tick < maxTicks) {
    if (signal.aborted) {
      failure = 'cancelled';
      failureDetail = cancelDetail(signal);
      break;
    }
    const before = game.snapshot({ withEngineState: true });
    let response: NextActionResponse;
    try {
      response = await api.nextAction(
        {
          playData: o.playData,
          level: o.level,
          snapshot: before,
          history: history.slice(-limits.historyLimit),
          runId: o.runId,
          ...(profile ? { modelProfile: profile } : {}),
        },
        signal,
      );
    } catch (error) {
      failure = isAbort(error, signal) ? 'cancelled' : 'planning_failed';
      failureDetail = failure === 'cancelled' ? cancelDetail(signal) : (error as Error).message;
      break;
    }
    solver.modelProfile = response.planner.modelProfile ?? solver.modelProfile;
    solver.provider = response.planner.provider;
    solver.model = response.planner.model;

    const ticks = Math.max(1, Math.min(clampTicks(response.action.ticks), maxTicks - game.state.tick));
    o.onStep?.(stepViewOf(response, before.tick, ticks));
    try {
      await o.playTicks(response.action.keyCode, ticks, signal);
    } catch (error) {
      if (!isAbort(error, signal)) throw error;
    }
    steps++;
    const after = game.snapshot();
    const { commitment } = response.candidate as { commitment?: Commitment };
    history.push(historyEntry(response.candidateId, { ...response.action, ticks }, before, after, commitment));
    if (signal.aborted && !game.over) {
      failure = 'cancelled';
      failureDetail = cancelDetail(signal);
      break;
    }
  }

  const cleared = game.status === 'finish';
  const reason: RunReason = cleared
    ? 'cleared'
    : (failure ?? diagnoseFailure(game, history, { maxTicks, maxSteps: limits.maxSteps, steps }));
  const result = cleared ? 'success' : 'failure';
  solver.failureReason = cleared ? null : failureDetail ? `${reason}: ${failureDetail}`.slice(0, 500) : reason;
  solver.generatedAt = now().toISOString();

  let recordId: string | null = null;
  let saveError: string | null = null;
  try {
    // Not tied to the run's signal: a cancelled run still saves its failure recording.
    const saved = await api.saveRecording(o.playData, o.level, {
      source: 'agent',
      result,
      traceId: o.runId,
      solver,
      demo: game.demo(),
      finalSnapshot: game.snapshot(),
    });
    recordId = typeof saved?.record?.id === 'string' ? saved.record.id : o.runId;
  } catch (error) {
    saveError = (error as Error).message;
  }

  return {
    runId: o.runId,
    result,
    reason,
    steps,
    ticks: game.state.tick,
    failureDetail,
    limits,
    profile,
    solver,
    recordId,
    saveError,
  };
}
