// The offline `local` profile's policy: reads the structured candidates a model would read
// and answers in the model's JSON format, so parsing and validation run unchanged. It trusts
// the planner's exact look-ahead: the plan search's planned_route first, else the best-scoring
// candidate whose simulated outcome is alive and not stall-blocked. Deterministic; no network.
import type { Candidate } from '../agent/schemas.js';
import type { LocalPolicy, ModelReply } from './provider.js';

export const LOCAL_POLICY_NAME = 'local-lookahead';

const safe = (c: Candidate) => !c.stallBlocked && c.outcome?.died !== true && c.outcome?.survivesAfter !== false;

/** Picks the candidate the local policy would answer with (exported for tests and the greedy loop). */
export function localChoice(candidates: Candidate[]): { candidate: Candidate | null; why: string } {
  const planned = candidates.find((c) => c.kind === 'planned_route' && safe(c));
  // Its goal already says "follow the searched plan: ..." (said once, not twice).
  if (planned) return { candidate: planned, why: planned.goal };
  const best = candidates.find(safe);
  if (best) return { candidate: best, why: `best safe candidate (${best.kind}, score ${best.score}): ${best.goal}` };
  const any = candidates.find((c) => !c.stallBlocked) ?? candidates[0] ?? null;
  return { candidate: any, why: any ? `no candidate is clearly safe; least bad: ${any.goal}` : 'no candidates were offered' };
}

export const localPolicy: LocalPolicy = (req): ModelReply => {
  const started = performance.now();
  const { candidate, why } = localChoice(req.candidates);
  const answer = { candidateId: candidate?.id ?? '', reason: why.slice(0, 300) };
  return { text: JSON.stringify(answer), durationMs: performance.now() - started, usage: null, responseId: null, reasoning: null };
};
