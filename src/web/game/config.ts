// The browser's view of the public agent config (GET /agent-config.json, http-api "Public agent
// config") and of the run options: episode limits with safe defaults field by field, the model
// profile by precedence (?profile=, then window.__lodeRunnerAgentOptions.modelProfile, then the
// config), the speed presets. Pure and DOM-free; main.ts hands it the URL and the window options.

export interface RunLimits {
  maxSteps: number;
  maxPlaybackTimeSeconds: number;
  historyLimit: number;
  modelProfile: string | null;
}

export const DEFAULT_LIMITS: RunLimits = { maxSteps: 300, maxPlaybackTimeSeconds: 120, historyLimit: 24, modelProfile: null };

/** A game-time second is 16 ticks (game-mechanics §2). */
export const TICKS_PER_GAME_SECOND = 16;

/** The original's five speeds, ticks per second; 23 is normal. */
export const SPEEDS = [14, 18, 23, 29, 35] as const;
export const DEFAULT_SPEED = 23;

function positiveInt(value: unknown, fallback: number, max = 1_000_000): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

/** The `agent` fields the page uses; anything missing or malformed falls back to its default. */
export function runLimitsFrom(config: unknown): RunLimits {
  const agent = (config && typeof config === 'object' ? (config as { agent?: unknown }).agent : undefined) ?? {};
  const a = (typeof agent === 'object' && agent !== null ? agent : {}) as Record<string, unknown>;
  const profile = typeof a.modelProfile === 'string' && a.modelProfile.trim() !== '' ? a.modelProfile.trim() : null;
  return {
    maxSteps: positiveInt(a.maxSteps, DEFAULT_LIMITS.maxSteps),
    maxPlaybackTimeSeconds: positiveInt(a.maxPlaybackTimeSeconds, DEFAULT_LIMITS.maxPlaybackTimeSeconds, 999),
    historyLimit: positiveInt(a.historyLimit, DEFAULT_LIMITS.historyLimit, 1000),
    modelProfile: profile,
  };
}

/** The tick budget of an AI run: maxPlaybackTimeSeconds x 16. */
export function maxTicksOf(limits: RunLimits): number {
  return limits.maxPlaybackTimeSeconds * TICKS_PER_GAME_SECOND;
}

function cleanName(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(value.trim()) ? value.trim() : null;
}

/** The model profile of a run: `?profile=`, then the window option, then the config; null lets the server choose. */
export function resolveProfile(query: string | null | undefined, windowOption: unknown, configProfile: string | null): string | null {
  return cleanName(query) ?? cleanName(windowOption) ?? cleanName(configProfile);
}

/** Page options from the URL: pack, level, seed, speed (ticks/s, any 1..2000 for demos and tests), profile. */
export interface PageOptions {
  playData: number | null;
  level: number | null;
  seed: number | null;
  ticksPerSecond: number | null;
  profile: string | null;
  god: boolean;
}

export function pageOptionsFrom(search: string): PageOptions {
  const q = new URLSearchParams(search);
  const int = (name: string, min: number, max: number): number | null => {
    const raw = q.get(name);
    if (raw === null || !/^\d+$/.test(raw)) return null;
    const n = Number(raw);
    return n >= min && n <= max ? n : null;
  };
  return {
    playData: int('pack', 1, 5),
    level: int('level', 1, 999),
    seed: int('seed', 0, 0xffffffff),
    ticksPerSecond: int('tps', 1, 2000),
    profile: q.get('profile'),
    god: q.get('god') === '1',
  };
}
