// The shared command-line checks of eval, play and experiment: --concurrency and --rpm are whole
// numbers from 1, and each mistake is one sentence naming the flag, what it counts and the value given;
// --slots names known slots and variants, and --search known plan search options with values of
// their type, checked before any episode starts.
import { describe, expect, it } from 'vitest';
import { parseConcurrencyFlags, parseSearchOptions, parseSlots } from '../../src/cli/args.js';

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

describe('parseSearchOptions', () => {
  it('reads option=value pairs as the types of the defaults', () => {
    expect(parseSearchOptions('guardTraps=true, deepGoalChecks=24,heuristicWeight=2.5,stairs=false')).toEqual({
      guardTraps: true,
      deepGoalChecks: 24,
      heuristicWeight: 2.5,
      stairs: false,
    });
    expect(parseSearchOptions(undefined)).toEqual({});
  });

  it.each([
    [
      'traps=true',
      /^--search: unknown option "traps"; known options: heuristicWeight, .*holeWaits, deadEndsLast, trapChecks, restingMoves, oneWayLevels, sortieDigs, wideRetry, deepHold, fallbackOnwardTicks, fallbackCheckSliceTicks, roomyStairs, roomyJudge, revisitPenalty$/,
    ],
    ['guardTraps=yes', '--search: guardTraps is true or false; got "yes"'],
    ['deepGoalChecks=-1', '--search: deepGoalChecks is a number from 0 (default 60); got "-1"'],
    ['deepGoalChecks=many', '--search: deepGoalChecks is a number from 0 (default 60); got "many"'],
    ['budgetTicks=400000', '--search: set budgetTicks with --budget-ticks'],
    ['deepSearchAhead=false', '--search: set deepSearchAhead with --deep-search'],
    ['guardTraps', '--search takes option=value pairs like guardTraps=true; got "guardTraps"'],
    ['guardTraps=', '--search takes option=value pairs like guardTraps=true; got "guardTraps="'],
  ])('rejects %s with a message naming the option', (text, message) => {
    expect(() => parseSearchOptions(text)).toThrow(message);
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
