// The offline `local` profile's policy, a text reader: it reads only what a hosted model is handed
// (the rendered prompt's candidate lines: id, kind, the stall report's BLOCKED mark, the simulated
// outcome line, goal, score when shown) and answers in the model's JSON format, so parsing and
// validation run unchanged and a prompt variant changes its play exactly where it changes what it
// can read. The rule: the searched plan first, else the first listed candidate whose simulation is
// alive with an escape and not blocked, else the first not blocked; "first listed" is the planner's
// ranking, or the id order under candidates=simulated-unranked. Deterministic; no network.
// `localChoice` is the same rule over structured candidates, for the plain-function planner.
import { BLOCKED_MARK, OUTCOME_WORDS } from '../agent/prompt/candidates.js';
import type { Candidate } from '../agent/schemas.js';
import type { LocalPolicy, ModelReply } from './provider.js';

export const LOCAL_POLICY_NAME = 'local-lookahead';

/** What the reader takes from one candidate block of the prompt. */
export interface ReadCandidate {
  id: string;
  kind: string;
  goal: string;
  score: string | null;
  blocked: boolean;
  died: boolean;
  trapped: boolean;
}

type Choosable = ReadCandidate;

/** The same rule for both readers: plan, else first safe, else first not blocked, else first. */
function choose<C extends Choosable>(candidates: readonly C[]): { candidate: C | null; why: string } {
  const safe = (c: C) => !c.blocked && !c.died && !c.trapped;
  const planned = candidates.find((c) => c.kind === 'planned_route' && safe(c));
  // Its goal already says "follow the searched plan: ..." (said once, not twice).
  if (planned) return { candidate: planned, why: planned.goal };
  const best = candidates.find(safe);
  if (best) {
    const score = best.score === null ? '' : `, score ${best.score}`;
    return { candidate: best, why: `best safe candidate (${best.kind}${score}): ${best.goal}` };
  }
  const any = candidates.find((c) => !c.blocked) ?? candidates[0] ?? null;
  return { candidate: any, why: any ? `no candidate is clearly safe; least bad: ${any.goal}` : 'no candidates were offered' };
}

/** The candidate blocks of the prompt's `Candidates:` section, in the order listed. */
export function readCandidates(user: string): ReadCandidate[] {
  const start = user.search(/(^|\n)Candidates:\n/);
  if (start < 0) return [];
  const rest = user.slice(start).replace(/^\n/, '');
  const end = rest.indexOf('\n\n');
  const section = end < 0 ? rest : rest.slice(0, end);
  const blocks = section.split('\n- id=').slice(1);
  return blocks.map((block) => {
    const [head = '', ...lines] = block.split('\n');
    const field = (name: string) => new RegExp(`(?:^| )${name}=(\\S+)`).exec(head)?.[1] ?? null;
    const line = (prefix: string) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length) ?? '';
    const simulated = line('  simulated: ');
    return {
      id: head.split(' ')[0] ?? '',
      kind: field('kind') ?? '',
      goal: line('  goal='),
      score: field('score'),
      blocked: head.includes(BLOCKED_MARK),
      died: simulated.startsWith(OUTCOME_WORDS.dies),
      trapped: simulated.includes(OUTCOME_WORDS.trapped),
    };
  });
}

/** Picks from the prompt text alone (what the `local` profile answers). */
export function textChoice(user: string): { candidate: ReadCandidate | null; why: string } {
  return choose(readCandidates(user));
}

/** The same rule over structured candidates (the plain-function planner, and the parity spec). */
export function localChoice(candidates: Candidate[]): { candidate: Candidate | null; why: string } {
  const view = candidates.map((c) => ({
    c,
    id: c.id,
    kind: c.kind,
    goal: c.goal,
    score: String(c.score),
    blocked: c.stallBlocked,
    died: c.outcome?.died === true,
    trapped: c.outcome?.survivesAfter === false,
  }));
  const { candidate, why } = choose(view);
  return { candidate: candidate?.c ?? null, why };
}

export const localPolicy: LocalPolicy = (req): ModelReply => {
  const started = performance.now();
  const { candidate, why } = textChoice(req.user);
  const answer = { candidateId: candidate?.id ?? '', reason: why.slice(0, 300) };
  return { text: JSON.stringify(answer), durationMs: performance.now() - started, usage: null, responseId: null, reasoning: null };
};
