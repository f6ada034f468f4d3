// The episode loop every client follows (browser, headless CLI, eval, experiments): snapshot
// (with engineState) -> plan -> press the action's key for its ticks (clamped to 1..20) ->
// history entry -> repeat until finished, dead, the step cap or the tick budget. Returns the
// outcome with its diagnosis and the legacy demo of the game (for the recording store).
import { historyEntry } from '../agent/history.js';
import type { HistoryEntry, Snapshot } from '../agent/schemas.js';
import { Game } from '../game/game.js';
import type { DemoRecord } from '../game/schemas.js';
import { diagnoseFailure } from './diagnose.js';
import type { EpisodeSummary } from './episodeSummary.js';
import { failureMechanism, goldAtEnd, type StepPlanInfo } from './mechanism.js';
import type { EpisodePlanner, FailureReason } from './types.js';

export interface EpisodeOptions {
  playData: number;
  level: number;
  seed: number;
  godMode?: boolean;
  maxSteps: number;
  maxTicks: number;
  historyLimit: number;
  traceId: string;
  planner: EpisodePlanner;
  signal?: AbortSignal;
  /**
   * Give the event loop a turn (not a microtask) before each step. A planner that never waits on
   * anything otherwise plays the whole episode in one turn; a pool worker (Node) needs the turns to
   * hear its parent go away (pool.ts).
   */
  yieldEachStep?: boolean;
  /** Called after every step (progress bars, live views). */
  onStep?: (info: { step: number; tick: number; candidateId: string }) => void;
}

/** The episode summary (episodeSummary.ts) plus what only the process that played it keeps. */
export type EpisodeResult = EpisodeSummary & {
  demo: DemoRecord;
  finalSnapshot: Snapshot;
};

export async function runEpisode(o: EpisodeOptions): Promise<EpisodeResult> {
  const started = performance.now();
  const game = Game.fromLevel(o.playData, o.level, { seed: o.seed, godMode: o.godMode });
  const history: HistoryEntry[] = [];
  const stalls: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  let fallbacks = 0;
  let retries = 0;
  let steps = 0;
  let failure: FailureReason | null = null;
  let failureDetail: string | null = null;
  const stepPlans: StepPlanInfo[] = [];
  while (!game.over && steps < o.maxSteps && game.state.tick < o.maxTicks) {
    if (o.signal?.aborted) {
      failure = 'cancelled';
      break;
    }
    if (o.yieldEachStep) await new Promise<void>((resolve) => setImmediate(resolve));
    const before = game.snapshot({ withEngineState: true });
    let plan;
    try {
      plan = await o.planner(
        {
          playData: o.playData,
          level: o.level,
          snapshot: before,
          history: history.slice(-o.historyLimit),
          traceId: o.traceId,
          stepIndex: steps,
        },
        o.signal,
      );
    } catch (err) {
      failure = o.signal?.aborted ? 'cancelled' : 'planning_failed';
      failureDetail = (err as Error).message;
      break;
    }
    for (const s of plan.statuses) statuses[s] = (statuses[s] ?? 0) + 1;
    if (plan.fallbackUsed) fallbacks++;
    if (plan.retried) retries++;
    if (plan.stallType !== 'none') stalls[plan.stallType] = (stalls[plan.stallType] ?? 0) + 1;
    stepPlans.push({ candidateKind: plan.candidateKind, ...(plan.plan ? { plan: plan.plan } : {}) });
    const ticks = Math.max(1, Math.min(20, Math.round(plan.action.ticks)));
    game.press(plan.action.keyCode, Math.min(ticks, o.maxTicks - game.state.tick));
    steps++;
    const after = game.snapshot();
    history.push(historyEntry(plan.candidateId, { ...plan.action, ticks }, before, after, plan.commitment));
    o.onStep?.({ step: steps, tick: game.state.tick, candidateId: plan.candidateId });
  }
  const s = game.state;
  const cleared = s.status === 'finish';
  const reason = cleared ? 'cleared' : (failure ?? diagnoseFailure(game, history, { maxTicks: o.maxTicks, maxSteps: o.maxSteps, steps }));
  const finalSnapshot = game.snapshot();
  return {
    traceId: o.traceId,
    playData: o.playData,
    level: o.level,
    seed: o.seed,
    cleared,
    reason,
    ticks: s.tick,
    steps,
    goldLeft: s.goldCount,
    fallbacks,
    retries,
    stalls,
    statuses,
    end: { tick: s.tick, x: s.runner.x, y: s.runner.y },
    failureDetail,
    mechanism: cleared ? null : failureMechanism(reason as FailureReason, stepPlans, goldAtEnd(finalSnapshot)),
    demo: game.demo(),
    finalSnapshot,
    durationMs: performance.now() - started,
  };
}
