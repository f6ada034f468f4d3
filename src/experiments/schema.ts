// The experiment file (experiments/<name>.json): levels, seeds, profile, offline local models,
// prices and arms (profile or model, slot variants, options), validated with zod so every mistake is reported with the field it concerns
// ("arms[1].slots.candidates: unknown variant ..."). Reads the file; writes nothing. Also expands
// a parsed experiment into its cells (arm x level x seed), the unit the runner schedules and resumes.
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { SLOT_REGISTRY } from '../../charts/slots/registry.js';
import { isSlotId, SLOT_IDS } from '../../charts/conventions.js';
import { levelCount, PACK_NAMES, playDataOf } from '../game/levels.js';
import { parseLevelRanges } from '../cli/args.js';
import { parseProfileName, parseProviderModel } from '../llm/profiles.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const chaosSchema = z.strictObject({
  /** Share of model calls that fail, 0..1. */
  rate: z.number().min(0).max(1),
  /** Seed of the failure draws (the same seed, cell and step always fail the same way). */
  seed: z.number().int(),
});
export type ChaosSettings = z.infer<typeof chaosSchema>;

export const armSchema = z.strictObject({
  id: z.string().regex(NAME, 'an arm id is letters, digits, ".", "_" or "-" (e.g. "geometric")'),
  description: z.string().optional(),
  /** This arm's model profile (local, openai, minimax, gemini); default: the experiment's. */
  profile: z.string().min(1).optional(),
  /** This arm's model as `provider:model` (e.g. "openai:gpt-4o-mini", or "openai:<a localModels name>"). */
  model: z.string().min(1).optional(),
  /** slot -> variant; slots left out run their default variant. */
  slots: z.record(z.string(), z.string()).default({}),
  options: z
    .strictObject({
      /** false: no retry, the first recoverable failure falls back (default: the config's, i.e. on). */
      recovery: z.boolean().optional(),
      chaos: chaosSchema.optional(),
    })
    .default({}),
});
export type Arm = z.infer<typeof armSchema>;

/**
 * Offline stand-in models, served for the run by a local OpenAI-compatible server: an arm with
 * `model: "openai:<name>"` talks to it through the real openai SDK. `answers` picks the first or
 * the last listed (allowed) id; `latencyMs` delays each answer.
 */
export const localModelSchema = z.strictObject({
  answers: z.enum(['first', 'last']),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
});
export type LocalModelSpec = z.infer<typeof localModelSchema>;

/** USD per million tokens, by `provider:model` (the arm's model, or the default profile's). */
export const priceSchema = z.strictObject({ prompt: z.number().min(0), completion: z.number().min(0) });
export type Price = z.infer<typeof priceSchema>;

export const experimentSchema = z
  .strictObject({
    /** Names the run folders; defaults to the file name without .json. */
    name: z.string().regex(NAME, 'a name is letters, digits, ".", "_" or "-"').optional(),
    description: z.string().optional(),
    levels: z.strictObject({
      pack: z.enum(PACK_NAMES),
      /** "1-30", "1,5,9-12". */
      ranges: z.string().min(1),
    }),
    /** Seeds seed, seed+1, ..., seed+runs-1 for every level (or list them in `seeds`). */
    runs: z.number().int().min(1).optional(),
    seed: z.number().int().optional(),
    seeds: z.array(z.number().int()).min(1).optional(),
    /** Model profile name (local, replay, openai, minimax, gemini); default: the config's (local). */
    profile: z.string().min(1).optional(),
    localModels: z.record(z.string().regex(NAME, 'a local model name is letters, digits, ".", "_" or "-"'), localModelSchema).optional(),
    prices: z.record(z.string(), priceSchema).optional(),
    arms: z.array(armSchema).min(1, 'list at least one arm'),
  })
  .superRefine((exp, ctx) => {
    if (exp.seeds && (exp.runs !== undefined || exp.seed !== undefined))
      ctx.addIssue({ code: 'custom', path: ['seeds'], message: 'give either "seeds" or "runs"/"seed", not both' });
    if (exp.seeds && new Set(exp.seeds).size !== exp.seeds.length)
      ctx.addIssue({ code: 'custom', path: ['seeds'], message: 'seeds must be distinct' });
    try {
      parseLevelRanges(exp.levels.ranges, levelCount(playDataOf(exp.levels.pack)));
    } catch (e) {
      ctx.addIssue({ code: 'custom', path: ['levels', 'ranges'], message: (e as Error).message });
    }
    const seen = new Set<string>();
    exp.arms.forEach((arm, i) => {
      if (seen.has(arm.id)) ctx.addIssue({ code: 'custom', path: ['arms', i, 'id'], message: `duplicate arm id "${arm.id}"` });
      seen.add(arm.id);
      for (const [field, check] of [
        ['profile', (v: string) => parseProfileName(v, 'request.modelProfile')],
        ['model', (v: string) => parseProviderModel(v, 'request.model')],
      ] as const) {
        const value = arm[field];
        if (value === undefined) continue;
        try {
          check(value);
        } catch (e) {
          ctx.addIssue({ code: 'custom', path: ['arms', i, field], message: (e as Error).message.replace(/ \(from [^)]*\)/, '') });
        }
      }
      for (const [slot, variant] of Object.entries(arm.slots)) {
        if (!isSlotId(slot)) {
          ctx.addIssue({ code: 'custom', path: ['arms', i, 'slots', slot], message: `unknown slot (slots: ${SLOT_IDS.join(', ')})` });
          continue;
        }
        const known = Object.keys(SLOT_REGISTRY[slot].variants);
        if (!known.includes(variant))
          ctx.addIssue({
            code: 'custom',
            path: ['arms', i, 'slots', slot],
            message: `unknown variant "${variant}" (variants: ${known.join(', ')})`,
          });
      }
    });
  });
export type ExperimentFile = z.infer<typeof experimentSchema>;

/** A validated experiment with its levels and seeds expanded. */
export interface Experiment {
  name: string;
  description?: string;
  pack: (typeof PACK_NAMES)[number];
  playData: number;
  levels: number[];
  seeds: number[];
  profile?: string;
  localModels?: Record<string, LocalModelSpec>;
  prices?: Record<string, Price>;
  arms: Arm[];
}

export class ExperimentFileError extends Error {
  override readonly name = 'ExperimentFileError';
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`${source} is not a usable experiment file:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** `arms[1].slots.candidates` from a zod path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out || '(top level)';
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const at = fieldPath(issue.path);
  if (issue.code === 'unrecognized_keys')
    return `${at}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${at}: required (${issue.message})`;
  return `${at}: ${issue.message}`;
}

/** Validates parsed JSON; `source` names the file in the error. */
export function parseExperiment(json: unknown, source: string): Experiment {
  const parsed = experimentSchema.safeParse(json);
  if (!parsed.success) throw new ExperimentFileError(source, parsed.error.issues.map(describeIssue));
  const file = parsed.data;
  const playData = playDataOf(file.levels.pack);
  const first = file.seed ?? 1;
  const seeds = file.seeds ?? Array.from({ length: file.runs ?? 1 }, (_, i) => first + i);
  const stem = basename(source, extname(source));
  const name = file.name ?? stem;
  if (!NAME.test(name)) throw new ExperimentFileError(source, [`name: "${name}" (from the file name) is not usable; set "name"`]);
  return {
    name,
    ...(file.description !== undefined ? { description: file.description } : {}),
    pack: file.levels.pack,
    playData,
    levels: parseLevelRanges(file.levels.ranges, levelCount(playData)),
    seeds,
    ...(file.profile !== undefined ? { profile: file.profile } : {}),
    ...(file.localModels !== undefined ? { localModels: file.localModels } : {}),
    ...(file.prices !== undefined ? { prices: file.prices } : {}),
    arms: file.arms,
  };
}

/** Reads and validates an experiment file. */
export async function loadExperiment(path: string): Promise<Experiment> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new ExperimentFileError(path, [`cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ExperimentFileError(path, [`not valid JSON: ${(e as Error).message}`]);
  }
  return parseExperiment(json, path);
}

/** One episode to run: an arm on a level with a seed. `key` identifies it across resumes. */
export interface Cell {
  key: string;
  arm: string;
  level: number;
  seed: number;
}

export const cellKey = (arm: string, level: number, seed: number): string => `${arm}|${level}|${seed}`;

/** Every cell, level by level, seed by seed, arm by arm (so a partial run stays paired). */
export function experimentCells(exp: Experiment): Cell[] {
  const cells: Cell[] = [];
  for (const level of exp.levels)
    for (const seed of exp.seeds) for (const arm of exp.arms) cells.push({ key: cellKey(arm.id, level, seed), arm: arm.id, level, seed });
  return cells;
}
