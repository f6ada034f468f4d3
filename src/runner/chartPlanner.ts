// Plans episode steps through the planning chart (the product's real path): the resolved model
// profile, the public config and slot variants, recovery and an optional provider wrapper (the
// experiments' chaos). With a trace store it goes through the planning service (each step is
// traced); without one it calls the chart directly (bulk evaluation keeps no traces).
import { planNextAction } from '../../charts/planNextAction.js';
import type { AgentConfig } from '../config/agentConfig.js';
import { createProvider } from '../llm/createProvider.js';
import { createDebugLog } from '../llm/debugLog.js';
import { localPolicy } from '../llm/localPolicy.js';
import type { ResolvedProfile } from '../llm/profiles.js';
import type { ModelProvider } from '../llm/provider.js';
import type { Env } from '../llm/secrets.js';
import { createPlanningService } from '../service/planningService.js';
import type { TraceStore } from '../stores/index.js';
import type { EpisodePlanner, PlanResponse } from './types.js';

export interface ChartPlannerOptions {
  config: AgentConfig;
  profile: ResolvedProfile;
  env: Env;
  slots?: Record<string, string>;
  recovery?: boolean;
  traceStore?: TraceStore;
  wrapProvider?: (provider: ModelProvider) => ModelProvider;
  deadlineMs?: number;
}

const noDebugLog = createDebugLog({ enabled: false });

function summarize(
  validation: { fallbackUsed: boolean; statuses: readonly string[] },
  candidateId: string,
  candidateKind: string,
  action: { keyCode: number; ticks: number; reason: string },
  stallType: string,
  modelCalls: number,
): PlanResponse {
  return {
    action: { ...action },
    candidateId,
    candidateKind,
    fallbackUsed: validation.fallbackUsed,
    retried: modelCalls > 1,
    statuses: [...validation.statuses],
    stallType,
  };
}

export function chartPlanner(o: ChartPlannerOptions): EpisodePlanner {
  if (o.traceStore) {
    const service = createPlanningService({
      traceStore: o.traceStore,
      recovery: o.recovery,
      wrapProvider: o.wrapProvider,
      deadlineMs: o.deadlineMs,
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
      const stall = r.result.traceStep.stallSupervisor;
      return summarize(
        r.result.validation,
        r.result.candidate.id,
        r.result.candidate.kind,
        r.result.action,
        stall.severity === 'none' ? 'none' : stall.type,
        r.result.planner.modelCalls,
      );
    };
  }
  const base = createProvider(o.profile, o.env, { localPolicy });
  const provider = o.wrapProvider ? o.wrapProvider(base) : base;
  return async (req, signal) => {
    const r = await planNextAction(
      { ...req, slots: o.slots, config: o.config, signal, recovery: o.recovery },
      { provider, deadlineMs: o.deadlineMs },
    );
    const stall = r.traceStep.stallSupervisor;
    return summarize(
      r.validation,
      r.candidate.id,
      r.candidate.kind,
      r.action,
      stall.severity === 'none' ? 'none' : stall.type,
      r.planner.modelCalls,
    );
  };
}
