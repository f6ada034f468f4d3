// The public agent config (public/agent-config.json): the experiment knobs the browser and the
// server share. Re-read from disk on every call, because people edit it between runs and expect
// the next planning request to see the change without a restart. It is served to anyone, so a
// field that looks like a credential is refused, never used. A bad field costs one WARN and its
// default, not the whole file: one typo should not silently reset every other setting.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PACK_NAMES, levelCount } from '../game/levels.js';
import { logger as defaultLogger, type Logger } from './logger.js';
import { REDACTED, isSecretName, looksLikeSecretValue } from './secrets.js';

export const DEFAULT_AGENT_CONFIG_PATH = fileURLToPath(new URL('../../public/agent-config.json', import.meta.url));
/** The legacy hook runs at most 20 ticks per agent step; larger values are capped, not rejected. */
export const MAX_ACTION_TICKS = 20;

const int = z.number().int();
const identifier = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be a short name (letters, digits, _ . -)');

// One zod schema per known field: a field is judged alone, so it can fall back alone.
const AGENT_FIELDS = {
  playData: int.min(1).max(PACK_NAMES.length),
  level: int.min(1),
  maxPlaybackTimeSeconds: int.min(1).max(3600),
  maxSteps: int.min(1).max(5000),
  historyLimit: int.min(0).max(200),
  modelProfile: identifier.nullable(),
};
/** A prompt budget: characters, or tokens (counted as characters / CHARS_PER_TOKEN); null: no budget. */
const promptBudgetSchema = z
  .strictObject({ chars: int.min(500).max(2_000_000).optional(), tokens: int.min(125).max(500_000).optional() })
  .refine((b) => (b.chars === undefined) !== (b.tokens === undefined), 'give either "chars" or "tokens"')
  .nullable();
const constrainedRepliesField = z.enum(['auto', 'off']);
const BACKEND_FIELDS = {
  candidateLimit: int.min(1).max(20),
  maxActionTicks: int.min(1), // values above MAX_ACTION_TICKS are capped (with a WARN), see resolveAgentConfig
  temperature: z.number().min(0).max(2),
  recovery: z.boolean(),
  /** Send the reply's JSON schema where the profile supports it (`auto`), or never (`off`). */
  constrainedReplies: constrainedRepliesField,
  promptBudget: promptBudgetSchema,
};
/** Per-profile overrides of the backend fields that depend on the model (`profiles.openai.promptBudget`). */
const profileSettingsSchema = z.strictObject({
  constrainedReplies: constrainedRepliesField.optional(),
  promptBudget: promptBudgetSchema.optional(),
});
const PROMPT_FIELDS = { showCandidateScores: z.boolean() };
const SECTION_FIELDS = { agent: AGENT_FIELDS, backend: BACKEND_FIELDS, prompt: PROMPT_FIELDS } as const;
type SectionName = keyof typeof SECTION_FIELDS;

export const agentConfigSchema = z.object({
  agent: z.object(AGENT_FIELDS),
  backend: z.object({ ...BACKEND_FIELDS, maxActionTicks: BACKEND_FIELDS.maxActionTicks.max(MAX_ACTION_TICKS) }),
  prompt: z.object(PROMPT_FIELDS),
  /** Profile name -> overrides of backend.constrainedReplies / backend.promptBudget for that profile. */
  profiles: z.record(identifier, profileSettingsSchema),
  /** Slot id -> variant name (e.g. { "candidates": "geometric" }); the chart's registry decides what exists. */
  slots: z.record(identifier, identifier),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

const DEFAULTS: AgentConfig = agentConfigSchema.parse({
  agent: { playData: 1, level: 1, maxPlaybackTimeSeconds: 120, maxSteps: 300, historyLimit: 24, modelProfile: null },
  backend: { candidateLimit: 7, maxActionTicks: 20, temperature: 0.5, recovery: true, constrainedReplies: 'auto', promptBudget: null },
  prompt: { showCandidateScores: true },
  profiles: {},
  slots: {},
});

/** Tokens are counted as characters / this (no tokenizer: a conservative average for English and JSON). */
export const CHARS_PER_TOKEN = 4;

/** What the config says for one profile: its overrides over the backend's values. */
export interface ProfileSettings {
  constrainedReplies: 'auto' | 'off';
  /** The prompt budget in characters (a token budget converted), or null for none. */
  promptBudgetChars: number | null;
}

export function profileSettings(config: AgentConfig, profile: string): ProfileSettings {
  const own = config.profiles[profile] ?? {};
  const budget = own.promptBudget !== undefined ? own.promptBudget : config.backend.promptBudget;
  return {
    constrainedReplies: own.constrainedReplies ?? config.backend.constrainedReplies,
    promptBudgetChars: budget ? (budget.chars ?? budget.tokens! * CHARS_PER_TOKEN) : null,
  };
}

/** A fresh copy of the built-in defaults (callers may mutate it). */
export function defaultAgentConfig(): AgentConfig {
  return structuredClone(DEFAULTS);
}

/** One thing wrong with the file, and what was used instead. */
export interface ConfigProblem {
  /** Dotted path (`backend.temperature`), or `(file)` for the file as a whole. */
  field: string;
  /** The offending value, or [redacted] when it looked like a secret. */
  value: unknown;
  problem: string;
  /** What the loader uses instead (the default, the cap), when there is one. */
  using?: unknown;
}

export interface AgentConfigReading {
  config: AgentConfig;
  problems: ConfigProblem[];
}

const SECRET_REFUSED = 'refused: looks like a secret (this file is served publicly; keep keys and credentials in .env)';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a value, or anything inside it, is secret-shaped or sits under a secret-looking name. */
function holdsSecret(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return looksLikeSecretValue(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsSecret(item, depth + 1));
  return Object.entries(value).some(([key, inner]) => isSecretName(key) || holdsSecret(inner, depth + 1));
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid value';
}

/** Turn whatever the file held into a complete config, field by field; pure, logs nothing. */
export function resolveAgentConfig(raw: unknown): AgentConfigReading {
  const config = defaultAgentConfig();
  const problems: ConfigProblem[] = [];
  if (!isPlainObject(raw)) {
    problems.push({ field: '(file)', value: raw, problem: 'must be a JSON object; using all defaults' });
    return { config, problems };
  }

  const refuseIfSecret = (field: string, key: string, value: unknown, using?: unknown): boolean => {
    if (!isSecretName(key) && !holdsSecret(value)) return false;
    problems.push({ field, value: REDACTED, problem: SECRET_REFUSED, ...(using === undefined ? {} : { using }) });
    return true;
  };

  let levelFromFile = false;
  for (const [sectionKey, sectionValue] of Object.entries(raw)) {
    if (sectionKey === 'slots') {
      resolveSlots(sectionValue, config, problems, refuseIfSecret);
      continue;
    }
    if (sectionKey === 'profiles') {
      resolveProfiles(sectionValue, config, problems, refuseIfSecret);
      continue;
    }
    if (!(sectionKey in SECTION_FIELDS)) {
      if (!refuseIfSecret(sectionKey, sectionKey, sectionValue))
        problems.push({ field: sectionKey, value: sectionValue, problem: 'unknown field ignored' });
      continue;
    }
    const section = sectionKey as SectionName;
    if (!isPlainObject(sectionValue)) {
      problems.push({ field: section, value: sectionValue, problem: 'must be an object; using its defaults', using: config[section] });
      continue;
    }
    const rules: Record<string, z.ZodType> = SECTION_FIELDS[section];
    const target = config[section] as Record<string, unknown>;
    for (const [key, value] of Object.entries(sectionValue)) {
      const field = `${section}.${key}`;
      const known = key in rules;
      if (refuseIfSecret(field, key, value, known ? target[key] : undefined)) continue;
      if (!known) {
        problems.push({ field, value, problem: 'unknown field ignored' });
        continue;
      }
      const checked = rules[key].safeParse(value);
      if (!checked.success) {
        problems.push({ field, value, problem: firstIssue(checked.error), using: target[key] });
        continue;
      }
      let accepted = checked.data;
      if (field === 'backend.maxActionTicks' && (accepted as number) > MAX_ACTION_TICKS) {
        problems.push({
          field,
          value,
          problem: `capped at ${MAX_ACTION_TICKS} (one agent step runs at most ${MAX_ACTION_TICKS} ticks)`,
          using: MAX_ACTION_TICKS,
        });
        accepted = MAX_ACTION_TICKS;
      }
      target[key] = accepted;
      if (field === 'agent.level') levelFromFile = true;
    }
  }

  const { playData, level } = config.agent;
  if (levelFromFile && level > levelCount(playData)) {
    problems.push({
      field: 'agent.level',
      value: level,
      problem: `pack ${playData} (${PACK_NAMES[playData - 1]}) has levels 1..${levelCount(playData)}`,
      using: DEFAULTS.agent.level,
    });
    config.agent.level = DEFAULTS.agent.level;
  }
  return { config, problems };
}

type RefuseIfSecret = (field: string, key: string, value: unknown) => boolean;

/**
 * A section that maps names to values (`slots`: slot id -> variant, `profiles`: profile -> settings):
 * each entry is checked on its own with `entry`, so one bad entry is reported and skipped while the
 * others apply. `accept` stores a checked entry.
 */
function resolveNamedEntries<T>(
  section: 'slots' | 'profiles',
  value: unknown,
  entry: { schema: z.ZodType<T>; what: string; ignored: string },
  problems: ConfigProblem[],
  refuseIfSecret: RefuseIfSecret,
  accept: (name: string, checked: T) => void,
): void {
  if (!isPlainObject(value)) {
    problems.push({ field: section, value, problem: `must be an object of ${entry.what}; using none`, using: {} });
    return;
  }
  const entrySchema = z.object({ name: identifier, value: entry.schema });
  for (const [name, entryValue] of Object.entries(value)) {
    const field = `${section}.${name}`;
    if (refuseIfSecret(field, name, entryValue)) continue;
    const checked = entrySchema.safeParse({ name, value: entryValue });
    if (!checked.success) {
      const at = checked.error.issues[0]?.path.slice(1).join('.');
      problems.push({ field: at ? `${field}.${at}` : field, value: entryValue, problem: `${entry.ignored}: ${firstIssue(checked.error)}` });
      continue;
    }
    accept(name, checked.data.value as T);
  }
}

const resolveSlots = (value: unknown, config: AgentConfig, problems: ConfigProblem[], refuseIfSecret: RefuseIfSecret) =>
  resolveNamedEntries(
    'slots',
    value,
    { schema: identifier, what: 'slot id -> variant name', ignored: 'slot override ignored' },
    problems,
    refuseIfSecret,
    (slotId, variant) => (config.slots[slotId] = variant),
  );

const resolveProfiles = (value: unknown, config: AgentConfig, problems: ConfigProblem[], refuseIfSecret: RefuseIfSecret) =>
  resolveNamedEntries(
    'profiles',
    value,
    { schema: profileSettingsSchema, what: 'profile name -> settings', ignored: 'profile settings ignored' },
    problems,
    refuseIfSecret,
    (profile, settings) => (config.profiles[profile.toLowerCase()] = settings),
  );

/** Read and resolve the file without logging; a missing or unreadable file yields the defaults and one problem. */
export async function readAgentConfig(path: string = DEFAULT_AGENT_CONFIG_PATH): Promise<AgentConfigReading> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem =
      code === 'ENOENT' ? 'file not found; using all defaults' : `file unreadable (${code ?? String(error)}); using all defaults`;
    return { config: defaultAgentConfig(), problems: [{ field: '(file)', value: path, problem }] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      config: defaultAgentConfig(),
      problems: [{ field: '(file)', value: path, problem: `not valid JSON (${(error as Error).message}); using all defaults` }],
    };
  }
  return resolveAgentConfig(raw);
}

export interface LoadAgentConfigOptions {
  logger?: Logger;
}

function shortValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The config to use right now: re-reads the file on every call (no cache) and logs one WARN per
 * problem (naming the field and the bad value). Never throws; the worst case is the defaults.
 */
export async function loadAgentConfig(
  path: string = DEFAULT_AGENT_CONFIG_PATH,
  options: LoadAgentConfigOptions = {},
): Promise<AgentConfig> {
  const log = options.logger ?? defaultLogger;
  let reading: AgentConfigReading;
  try {
    reading = await readAgentConfig(path);
  } catch (error) {
    // readAgentConfig handles every expected failure; this guards the promise of never throwing.
    reading = {
      config: defaultAgentConfig(),
      problems: [{ field: '(file)', value: path, problem: `could not be loaded (${String(error)})` }],
    };
  }
  for (const { field, value, problem, using } of reading.problems) {
    log.warn(
      { file: path, field, value: shortValue(value), ...(using === undefined ? {} : { using: shortValue(using) }) },
      `agent config: ${problem}`,
    );
  }
  return reading.config;
}
