// The browser's reading of the public config and of the page options: limits default field by
// field, the model profile follows ?profile= > window option > config, URL options are checked.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, maxTicksOf, pageOptionsFrom, resolveProfile, runLimitsFrom } from '../../src/web/game/config.js';

describe('runLimitsFrom', () => {
  it('reads the agent fields and falls back per field', () => {
    expect(runLimitsFrom({ agent: { maxSteps: 50, maxPlaybackTimeSeconds: 10, historyLimit: 4, modelProfile: 'local' } })).toEqual({
      maxSteps: 50,
      maxPlaybackTimeSeconds: 10,
      historyLimit: 4,
      modelProfile: 'local',
    });
    expect(runLimitsFrom({ agent: { maxSteps: -1, historyLimit: 'x', modelProfile: null } })).toEqual(DEFAULT_LIMITS);
    expect(runLimitsFrom(null)).toEqual(DEFAULT_LIMITS);
    expect(maxTicksOf({ ...DEFAULT_LIMITS, maxPlaybackTimeSeconds: 120 })).toBe(1920);
  });
});

describe('resolveProfile', () => {
  it('prefers ?profile=, then the window option, then the config', () => {
    expect(resolveProfile('local', 'openai', 'gemini')).toBe('local');
    expect(resolveProfile(null, 'openai', 'gemini')).toBe('openai');
    expect(resolveProfile('', undefined, 'gemini')).toBe('gemini');
    expect(resolveProfile(null, undefined, null)).toBeNull();
    expect(resolveProfile('bad name!', 42, null)).toBeNull();
  });
});

describe('pageOptionsFrom', () => {
  it('reads pack, level, seed, speed, profile and god mode', () => {
    expect(pageOptionsFrom('?pack=2&level=7&seed=9&tps=300&profile=local&god=1')).toEqual({
      playData: 2,
      level: 7,
      seed: 9,
      ticksPerSecond: 300,
      profile: 'local',
      god: true,
    });
    expect(pageOptionsFrom('?pack=9&level=x&tps=0')).toMatchObject({ playData: null, level: null, ticksPerSecond: null, god: false });
  });
});
