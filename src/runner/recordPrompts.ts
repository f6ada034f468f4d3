// Records every prompt an episode hands the model: runs one episode through the planning chart
// (the `local` profile, the shipped config) and keeps, per model call, the step's snapshot (with
// its engine state), the system and user text and the reply contract. Read by the prompt property
// test and by src/cli/recordPrompts.ts (the docs/prompts pages); writes nothing.
import { randomUUID } from 'node:crypto';
import type { Snapshot } from '../agent/schemas.js';
import type { PlanSearchOptions } from '../agent/search/planSearch.js';
import { loadAgentConfig } from '../config/agentConfig.js';
import { readEnv } from '../llm/dotenv.js';
import { resolveProfile } from '../llm/profiles.js';
import type { ModelReply, ModelRequest } from '../llm/provider.js';
import { chartPlanner } from './chartPlanner.js';
import { runEpisode, type EpisodeResult } from './episode.js';

export interface RecordedPrompt {
  stepIndex: number;
  retry: boolean;
  snapshot: Snapshot;
  system: string;
  user: string;
  replyIds: readonly string[];
}

export interface RecordPromptsOptions {
  playData: number;
  level: number;
  seed: number;
  maxSteps: number;
  maxTicks?: number;
  slots?: Record<string, string>;
  /** Plan search options (e.g. a smaller tick budget for a quick property run). */
  planSearch?: Partial<PlanSearchOptions>;
  /** Overrides the local policy's answer (e.g. a model that sometimes picks a blocked id, to exercise the retry). */
  answer?: (req: ModelRequest, local: ModelReply) => ModelReply;
}

export async function recordEpisodePrompts(
  o: RecordPromptsOptions,
): Promise<{ prompts: RecordedPrompt[]; result: Omit<EpisodeResult, 'demo' | 'finalSnapshot'> }> {
  const config = await loadAgentConfig();
  const env = readEnv();
  const profile = resolveProfile({ modelProfile: 'local' }, env);
  const prompts: RecordedPrompt[] = [];
  let current: Snapshot | null = null;
  const inner = chartPlanner({
    config,
    profile,
    env,
    slots: o.slots,
    planSearch: o.planSearch,
    wrapProvider: (provider) => ({
      ...provider,
      profile: provider.profile,
      provider: provider.provider,
      model: provider.model,
      modelSource: provider.modelSource,
      complete: async (req: ModelRequest) => {
        prompts.push({
          stepIndex: req.meta.stepIndex,
          retry: req.meta.retry,
          snapshot: current!,
          system: req.system,
          user: req.user,
          replyIds: [...req.reply.candidateIds],
        });
        const reply = await provider.complete(req);
        return o.answer ? o.answer(req, reply) : reply;
      },
      ...(provider.willConstrain ? { willConstrain: provider.willConstrain.bind(provider) } : {}),
    }),
  });
  const {
    demo: _demo,
    finalSnapshot: _final,
    ...result
  } = await runEpisode({
    playData: o.playData,
    level: o.level,
    seed: o.seed,
    maxSteps: o.maxSteps,
    maxTicks: o.maxTicks ?? 4000,
    historyLimit: 24,
    traceId: randomUUID(),
    planner: (req, signal) => {
      current = req.snapshot;
      return inner(req, signal);
    },
  });
  return { prompts, result };
}
