// Plans episode steps through the planning chart (the product's real path): the resolved model
// profile, the public config and slot variants, recovery and an optional provider wrapper (the
// experiments' chaos). With a trace store it goes through the planning service (each step is
// traced); without one it calls the chart directly (bulk evaluation keeps no traces).
import { planNextAction, type PlanningResult } from '../../charts/planNextAction.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import type { AgentConfig } from '../config/agentConfig.js';
import { createProvider } from '../llm/createProvider.js';
import { createDebugLog } from '../llm/debugLog.js';
import { localPolicy } from '../llm/localPolicy.js';
import type { ResolvedProfile } from '../llm/profiles.js';
import type { ModelProvider } from '../llm/provider.js';
import type { Env } from '../llm/secrets.js';
import { createPlanningService } from '../service/planningService.js';
import type { TraceStore } from '../stores/index.js';
import type { EpisodePlanner, PlanResponse, PlanSummary } from './types.js';

export interface ChartPlannerOptions {
  config: AgentConfig;
  profile: ResolvedProfile;
  env: Env;
  slots?: Record<string, string>;
  recovery?: boolean;
  traceStore?: TraceStore;
  wrapProvider?: (provider: ModelProvider) => ModelProvider;
  deadlineMs?: number;
  /** Plan search options for every step (e.g. a larger budget for a ceiling run). */
  planSearch?: Partial<PlanSearchOptions>;
}

const noDebugLog = createDebugLog({ enabled: false });

function summarize(r: PlanningResult): PlanResponse {
  const stall = r.traceStep.stallSupervisor;
  const route = r.planner.plannedRoute as (Partial<PlanSummary> & { mode?: PlanSummary['mode'] }) | null;
  return {
    action: { ...r.action },
    candidateId: r.candidate.id,
    candidateKind: r.candidate.kind,
    fallbackUsed: r.validation.fallbackUsed,
    retried: r.planner.modelCalls > 1,
    statuses: [...r.validation.statuses],
    stallType: stall.severity === 'none' ? 'none' : stall.type,
    ...(r.candidate.commitment ? { commitment: r.candidate.commitment } : {}),
    ...(route?.mode
      ? {
          plan: {
            mode: route.mode,
            followed: route.followed === true,
            reachesGoal: route.reachesGoal === true,
            goldGained: route.goldGained ?? 0,
            ...(route.rejected ? { rejected: route.rejected } : {}),
            ...(route.exhausted ? { exhausted: true } : {}),
          },
        }
      : {}),
  };
}

export function chartPlanner(o: ChartPlannerOptions): EpisodePlanner {
  if (o.traceStore) {
    const service = createPlanningService({
      traceStore: o.traceStore,
      recovery: o.recovery,
      wrapProvider: o.wrapProvider,
      deadlineMs: o.deadlineMs,
      planSearch: o.planSearch,
    });
    return async (req, signal) => {
      const r = await service({
        ...req,
        slots: o.slots ?? {},
        config: o.config,
        resolvedProfile: o.profile,
        env: o.env,
        signal: signal ?? new AbortController().signal,
        debugLog: noDebugLog,
      });
      return summarize(r.result);
    };
  }
  const base = createProvider(o.profile, o.env, { localPolicy });
  const provider = o.wrapProvider ? o.wrapProvider(base) : base;
  return async (req, signal) => {
    const r = await planNextAction(
      { ...req, slots: o.slots, config: o.config, signal, recovery: o.recovery, planSearch: o.planSearch },
      { provider, deadlineMs: o.deadlineMs },
    );
    return summarize(r);
  };
}
