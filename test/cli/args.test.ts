// The shared command-line checks of eval, play and experiment: --concurrency and --rpm are whole
// numbers from 1, and each mistake is one sentence naming the flag, what it counts and the value given;
// --slots names known slots and variants, checked before any episode starts.
import { describe, expect, it } from 'vitest';
import { parseConcurrencyFlags, parseSlots } from '../../src/cli/args.js';

describe('parseSlots', () => {
  it('reads slot=variant pairs of known slots and variants', () => {
    expect(parseSlots('candidates=simulated-unranked, stall-report=off')).toEqual({
      candidates: 'simulated-unranked',
      'stall-report': 'off',
    });
    expect(parseSlots(undefined)).toEqual({});
  });

  it('rejects an unknown variant or slot, naming the known ones', () => {
    expect(() => parseSlots('candidates=nope')).toThrow(
      /^--slots: unknown variant "nope" for slot "candidates"; known variants: simulated, simulated-no-search, .*geometric$/,
    );
    expect(() => parseSlots('tools=x')).toThrow(/^--slots: unknown slot "tools"; known slots: state-summary, candidates, stall-report$/);
    expect(() => parseSlots('candidates')).toThrow('--slots takes slot=variant pairs');
  });
});

describe('parseConcurrencyFlags', () => {
  it('reads both flags as numbers, and leaves them out when not given', () => {
    expect(parseConcurrencyFlags({ concurrency: '32', rpm: '600' })).toEqual({ concurrency: 32, rpm: 600 });
    expect(parseConcurrencyFlags({})).toEqual({});
  });

  it.each([
    [{ concurrency: '0' }, '--concurrency must be at least 1 (episodes in flight); got "0"'],
    [{ concurrency: '-3' }, '--concurrency must be a whole number of episodes in flight, from 1 to 256; got "-3"'],
    [{ concurrency: '2.5' }, '--concurrency must be a whole number of episodes in flight, from 1 to 256; got "2.5"'],
    [{ concurrency: 'many' }, '--concurrency must be a whole number of episodes in flight, from 1 to 256; got "many"'],
    [{ concurrency: '1000' }, '--concurrency is at most 256 (episodes in flight); got "1000"'],
    [{ rpm: '0' }, '--rpm must be at least 1 (model calls per minute); got "0"'],
    [{ rpm: '-60' }, '--rpm must be a whole number of model calls per minute, from 1 to 1000000; got "-60"'],
  ])('rejects %o with a message naming the flag', (values, message) => {
    expect(() => parseConcurrencyFlags(values)).toThrow(message);
  });
});
