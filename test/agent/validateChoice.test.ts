// Validation, fallback and recovery of the model's pick (agent-planner §7) as a specification:
// one status per attempt, retry instructions that name the valid ids, a fallback that takes the
// best usable candidate, and the accept / retry / fallback / fail plan per status.
import { describe, expect, it } from 'vitest';
import { parseModelOutput } from '../../src/agent/parseModelOutput.js';
import type { Candidate, ValidationStatus } from '../../src/agent/schemas.js';
import { chooseFallback, recoveryPlan, validateChoice, type ChoiceChecks } from '../../src/agent/validateChoice.js';
import { makeCandidate } from './helpers/makeCandidate.js';

const shown: Candidate[] = [
  makeCandidate('collect_gold_17_14_right', { stallBlocked: true }),
  makeCandidate('climb_ladder_12_3_up'),
  makeCandidate('dig_route_9_15_dig_left'),
  makeCandidate('wait_or_stop_12_14_stop'),
];
const allGood: ChoiceChecks = { isPhysicallyValid: () => true, isGuardSafe: () => true };
const except = (invalid: string[], unsafe: string[] = []): ChoiceChecks => ({
  isPhysicallyValid: (c) => !invalid.includes(c.id),
  isGuardSafe: (c) => !unsafe.includes(c.id),
});
const pick = (candidateId: string) => parseModelOutput(JSON.stringify({ candidateId, reason: 'test' }));

describe('validateChoice', () => {
  it('accepts a shown, valid, guard-safe, unblocked id (ok)', () => {
    const result = validateChoice(pick('climb_ladder_12_3_up'), shown, allGood);
    expect(result).toMatchObject({ status: 'ok', knownCandidate: true, actionValid: true, actionGuardSafe: true, stallBlocked: false });
    expect(result.candidate?.id).toBe('climb_ladder_12_3_up');
    expect(result.retryInstruction).toBeNull();
  });

  it('passes a parse error on as parse_error, recoverable, and lists the candidate ids', () => {
    const result = validateChoice(parseModelOutput('I go up'), shown, allGood);
    expect(result).toMatchObject({ status: 'parse_error', recoverable: true, candidate: null, requestedCandidateId: null });
    expect(result.retryInstruction).toMatch(/^Your reply was not a JSON object/);
    expect(result.retryInstruction).toContain('climb_ladder_12_3_up, dig_route_9_15_dig_left');
    expect(result.retryInstruction).not.toContain('collect_gold_17_14_right');
  });

  it('asks for no id when the pick is unusable and no other candidate is open', () => {
    const lone = [makeCandidate('climb_ladder_12_3_up'), makeCandidate('wait_or_stop_12_14_stop', { stallBlocked: true })];
    const result = validateChoice(pick('climb_ladder_12_3_up'), lone, except(['climb_ladder_12_3_up']));
    expect(result.status).toBe('invalid_action');
    expect(result.retryInstruction).toContain('No other listed candidate is open');
    expect(result.retryInstruction).not.toContain('wait_or_stop_12_14_stop');
    expect(result.retryInstruction).not.toContain('<one of the listed ids>');
  });

  it('rejects an id that does not match a shown candidate exactly (unknown_candidate) and lists the open ids, never a blocked one', () => {
    const result = validateChoice(pick('collect_gold_17_14'), shown, allGood);
    expect(result).toMatchObject({ status: 'unknown_candidate', knownCandidate: false, recoverable: true, candidate: null });
    expect(result.retryInstruction).toBe(
      '"collect_gold_17_14" is not one of the candidates shown. Choose exactly one of these ids, copied character for character: ' +
        'climb_ladder_12_3_up, dig_route_9_15_dig_left, wait_or_stop_12_14_stop. ' +
        'Reply with exactly {"candidateId": "<one of the listed ids>", "reason": "<one short sentence>"}.',
    );
  });

  it('suggests the intended id when only the case differs', () => {
    const result = validateChoice(pick('CLIMB_LADDER_12_3_UP'), shown, allGood);
    expect(result.status).toBe('unknown_candidate');
    expect(result.retryInstruction).toContain('Did you mean "climb_ladder_12_3_up"?');
  });

  it('rejects a candidate that is no longer physically possible (invalid_action)', () => {
    const result = validateChoice(pick('dig_route_9_15_dig_left'), shown, except(['dig_route_9_15_dig_left']));
    expect(result).toMatchObject({ status: 'invalid_action', actionValid: false, actionGuardSafe: null, recoverable: true });
    expect(result.retryInstruction).toMatch(/^"dig_route_9_15_dig_left" is no longer possible: its first action \(DIG_LEFT for 5 ticks\)/);
    // The other, unblocked ids are offered instead.
    expect(result.retryInstruction).toContain('Choose a different id from: climb_ladder_12_3_up, wait_or_stop_12_14_stop.');
  });

  it('rejects a candidate that is no longer guard-safe (invalid_action)', () => {
    const result = validateChoice(pick('climb_ladder_12_3_up'), shown, except([], ['climb_ladder_12_3_up']));
    expect(result).toMatchObject({ status: 'invalid_action', actionValid: true, actionGuardSafe: false });
    expect(result.retryInstruction).toContain('would get you caught by a guard');
  });

  it('rejects a stall-blocked candidate (stall_blocked)', () => {
    const result = validateChoice(pick('collect_gold_17_14_right'), shown, allGood);
    expect(result).toMatchObject({ status: 'stall_blocked', stallBlocked: true, recoverable: true, candidate: null });
    expect(result.retryInstruction).toContain('blocked by the stall report');
  });

  it('calls the same blocked choice on the retry a repeat, which is not recoverable', () => {
    const first = validateChoice(pick('collect_gold_17_14_right'), shown, allGood);
    const second = validateChoice(pick('collect_gold_17_14_right'), shown, allGood, {
      candidateId: 'collect_gold_17_14_right',
      status: first.status,
    });
    expect(second).toMatchObject({ status: 'repeat', repeatOf: 'stall_blocked', recoverable: false, retryInstruction: null });
    expect(second.message).toMatch(/^You chose "collect_gold_17_14_right" again/);
  });

  it('judges a different id after a failure on its own merits', () => {
    const previous = { candidateId: 'collect_gold_17_14_right', status: 'stall_blocked' as const };
    expect(validateChoice(pick('climb_ladder_12_3_up'), shown, allGood, previous).status).toBe('ok');
    expect(validateChoice(pick('nope'), shown, allGood, previous).status).toBe('unknown_candidate');
  });
});

describe('chooseFallback', () => {
  it('takes the first (highest-ranked) candidate that is not blocked, valid and guard-safe', () => {
    const fallback = chooseFallback(shown, except(['climb_ladder_12_3_up']));
    expect(fallback.candidate?.id).toBe('dig_route_9_15_dig_left');
    expect(fallback.reason).toContain('not stall-blocked (rank 3)');
  });

  it('takes the best valid candidate when every valid one is stall-blocked', () => {
    const fallback = chooseFallback(shown, except(['climb_ladder_12_3_up', 'dig_route_9_15_dig_left'], ['wait_or_stop_12_14_stop']));
    expect(fallback.candidate?.id).toBe('collect_gold_17_14_right');
    expect(fallback.reason).toMatch(/^every valid candidate is stall-blocked/);
  });

  it('returns null only when no candidate is both physically valid and guard-safe', () => {
    const none: ChoiceChecks = { isPhysicallyValid: (c) => c.kind !== 'climb_ladder', isGuardSafe: (c) => c.kind === 'climb_ladder' };
    expect(chooseFallback(shown, none)).toEqual({
      candidate: null,
      reason: 'none of the 4 shown candidates is physically valid and guard-safe',
    });
  });
});

describe('recoveryPlan', () => {
  const plan = (status: ValidationStatus, recovery: boolean, retried: boolean) => recoveryPlan(status, { recovery, retried });

  it('accepts ok', () => {
    expect(plan('ok', true, false)).toBe('accept');
    expect(plan('ok', false, true)).toBe('accept');
  });

  it('retries a recoverable failure once, then falls back', () => {
    for (const status of ['parse_error', 'unknown_candidate', 'invalid_action', 'stall_blocked'] as const) {
      expect(plan(status, true, false)).toBe('retry');
      expect(plan(status, true, true)).toBe('fallback');
    }
  });

  it('sends repeat, timeout, provider_error and budget straight to the fallback', () => {
    for (const status of ['repeat', 'timeout', 'provider_error', 'budget'] as const) {
      expect(plan(status, true, false)).toBe('fallback');
    }
  });

  it('with recovery switched off never retries: the first failure goes to the fallback', () => {
    for (const status of ['parse_error', 'unknown_candidate', 'invalid_action', 'stall_blocked', 'timeout'] as const) {
      expect(plan(status, false, false)).toBe('fallback');
    }
  });

  it('fails the step only when a fallback is needed and none exists', () => {
    expect(recoveryPlan('provider_error', { recovery: true, retried: false, fallbackAvailable: false })).toBe('fail');
    expect(recoveryPlan('parse_error', { recovery: true, retried: false, fallbackAvailable: false })).toBe('retry');
    expect(recoveryPlan('ok', { recovery: true, retried: false, fallbackAvailable: false })).toBe('accept');
  });
});
