// A ModelProvider decorator that makes a share of model calls fail, deterministically from the
// chaos seed, the episode (salt) and the call (step, retry): garbage text, an unknown candidate id,
// a timeout (ProviderFailure 'timeout', returned at once, no real waiting) or a 5xx-like
// provider_error. Reads and writes nothing; lets the recovery ablation measure what recovery buys.
import { createHash } from 'node:crypto';
import { ProviderFailure, wrapProvider, type ModelProvider, type ModelReply, type ModelRequest } from '../llm/provider.js';
import type { EvalTask } from '../runner/evalTask.js';

export const CHAOS_KINDS = ['garbage', 'unknown_id', 'timeout', 'provider_error'] as const;
export type ChaosKind = (typeof CHAOS_KINDS)[number];

export interface ChaosOptions {
  /** Share of calls that fail, 0..1. */
  rate: number;
  seed: number;
  /** Separates episodes (the worker uses "playData:level:seed", the same for every arm: paired). */
  salt?: string;
}

/** Replies that must all be parse_errors (agent-planner §7: JSON object with a candidateId). */
const GARBAGE = [
  'I would go left, it looks safe.',
  '',
  '{"candidateId": 42}',
  '```json\n{candidateId: left}\n```',
  'Sure! {"candidateId": "wait_or_stop"} is my pick.',
  '{"choice": "left"}',
];

function draws(o: ChaosOptions, meta: ModelRequest['meta']): [number, number, number] {
  const digest = createHash('sha256')
    .update(`${o.seed}|${o.salt ?? ''}|${meta.stepIndex}|${meta.retry ? 1 : 0}`)
    .digest();
  const u = (i: number) => digest.readUInt32BE(i * 4) / 0x1_0000_0000;
  return [u(0), u(1), u(2)];
}

/** What the chaos does to one call: null (pass through) or the failure kind and a variant draw. */
export function chaosDecision(o: ChaosOptions, meta: ModelRequest['meta']): { kind: ChaosKind; pick: number } | null {
  const [fail, kind, pick] = draws(o, meta);
  if (fail >= o.rate) return null;
  return { kind: CHAOS_KINDS[Math.floor(kind * CHAOS_KINDS.length)], pick };
}

export interface ChaosProvider extends ModelProvider {
  /** How many calls each kind affected, and how many passed through. */
  readonly counts: Record<ChaosKind | 'passed', number>;
}

function reply(text: string): ModelReply {
  return { text, durationMs: 0, usage: null, responseId: null, reasoning: null };
}

export function chaosProvider(base: ModelProvider, o: ChaosOptions): ChaosProvider {
  const counts: Record<ChaosKind | 'passed', number> = { garbage: 0, unknown_id: 0, timeout: 0, provider_error: 0, passed: 0 };
  return {
    ...wrapProvider(base, (req) => chaosComplete(req)),
    counts,
  };

  async function chaosComplete(req: ModelRequest): Promise<ModelReply> {
    const decision = chaosDecision(o, req.meta);
    if (!decision) {
      counts.passed++;
      return base.complete(req);
    }
    counts[decision.kind]++;
    const where = `chaos (seed ${o.seed}, step ${req.meta.stepIndex}${req.meta.retry ? ', retry' : ''})`;
    switch (decision.kind) {
      case 'garbage':
        return reply(GARBAGE[Math.floor(decision.pick * GARBAGE.length)]);
      case 'unknown_id':
        return reply(JSON.stringify({ candidateId: `chaos_unknown_${Math.floor(decision.pick * 1000)}`, reason: where }));
      case 'timeout':
        throw new ProviderFailure({
          reason: 'timeout',
          durationMs: req.deadlineMs,
          message: `${where}: simulated timeout past the ${Math.round(req.deadlineMs)} ms deadline`,
        });
      case 'provider_error':
        throw new ProviderFailure({ reason: 'server_error', httpStatus: 503, message: `${where}: simulated 503 from the provider` });
    }
  }
}

/** runEvalTask's wrapProvider hook: chaos when the task asks for it, the provider unchanged otherwise. */
export function wrapForTask(provider: ModelProvider, task: EvalTask): ModelProvider {
  if (!task.chaos || task.chaos.rate <= 0) return provider;
  return chaosProvider(provider, { ...task.chaos, salt: `${task.playData}:${task.level}:${task.seed}` });
}
