// PLACEHOLDER local policy (the `local` profile's default) until the lead's real offline policy
// replaces this file: it answers with the first candidate whose `stallBlocked` is false (else the
// first candidate), formatted exactly like a model's JSON answer so parsing and validation run
// unchanged. Reads only the request's candidates; writes nothing; no network, deterministic.
import type { LocalPolicy, ModelReply } from './provider.js';

export const LOCAL_POLICY_NAME = 'placeholder-first-unblocked';

export const localPolicy: LocalPolicy = (req): ModelReply => {
  const pick = req.candidates.find((c) => !c.stallBlocked) ?? req.candidates[0];
  const answer = pick
    ? { candidateId: pick.id, reason: `placeholder local policy: first candidate that is not stall-blocked (${pick.kind})` }
    : { candidateId: '', reason: 'placeholder local policy: no candidates were offered' };
  return { text: JSON.stringify(answer), durationMs: 0, usage: null, responseId: null, reasoning: null };
};
