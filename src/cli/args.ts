// Shared command-line parsing for play, eval and experiments: level ranges ("1-30,42"), slot
// overrides ("candidates=geometric,stall-report=off"), plan search options ("guardTraps=true"),
// episodes in flight and the request rate (--concurrency, --rpm), with errors a person can act on.
// Slot names and variants are checked against the slot registry, and search options against the
// search's defaults, here, before any episode starts.
import { z } from 'zod';
import { resolveSlotVariants } from '../../charts/slots/registry.js';
import { DEFAULT_PLAN_SEARCH, type PlanSearchOptions } from '../agent/search/types.js';
import { MAX_CONCURRENCY } from '../runner/pool.js';

export function parseLevelRanges(text: string, max: number): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`"${part}" is not a level or a range like 1-30`);
    const a = Number(m[1]);
    const b = Number(m[2] ?? m[1]);
    if (a < 1 || b > max || a > b) throw new Error(`levels must lie in 1..${max}; got ${part}`);
    for (let l = a; l <= b; l++) out.add(l);
  }
  return [...out].sort((p, q) => p - q);
}

export function parseSlots(text: string | undefined): Record<string, string> {
  const slots: Record<string, string> = {};
  if (!text) return slots;
  for (const part of text.split(',')) {
    const [slot, variant, extra] = part.split('=').map((s) => s.trim());
    if (!slot || !variant || extra !== undefined)
      throw new Error(`--slots takes slot=variant pairs like candidates=geometric; got "${part}"`);
    slots[slot] = variant;
  }
  try {
    resolveSlotVariants(slots);
  } catch (e) {
    throw new Error(`--slots: ${(e as Error).message.replace(' in request slots', '')}`);
  }
  return slots;
}

/** Options with a flag of their own, so a run cannot name them twice. */
const OWN_FLAGS: Partial<Record<keyof PlanSearchOptions, string>> = { budgetTicks: '--budget-ticks', deepSearchAhead: '--deep-search' };

/** One option's value from its text, by the type of its default: true/false, or a number from 0. */
const searchValueSchema = (name: string, fallback: number | boolean) =>
  typeof fallback === 'boolean'
    ? z.enum(['true', 'false'], { error: `--search: ${name} is true or false` }).transform((v) => v === 'true')
    : z
        .string()
        .regex(/^\d+(\.\d+)?$/, `--search: ${name} is a number from 0 (default ${fallback})`)
        .transform(Number);

/**
 * Overrides of the plan search's options for an experiment ("guardTraps=true,deepGoalChecks=24"):
 * each name one of DEFAULT_PLAN_SEARCH's, each value of its default's type. The run's summary and
 * log header record them, so a figure says what it was measured with.
 */
export function parseSearchOptions(text: string | undefined): Partial<PlanSearchOptions> {
  const out: Record<string, number | boolean> = {};
  if (!text) return out;
  const known = Object.keys(DEFAULT_PLAN_SEARCH).filter((k) => !(k in OWN_FLAGS));
  for (const part of text.split(',')) {
    const [name, value, extra] = part.split('=').map((t) => t.trim());
    if (!name || value === undefined || value === '' || extra !== undefined)
      throw new Error(`--search takes option=value pairs like guardTraps=true; got "${part}"`);
    const own = OWN_FLAGS[name as keyof PlanSearchOptions];
    if (own) throw new Error(`--search: set ${name} with ${own}`);
    if (!known.includes(name)) throw new Error(`--search: unknown option "${name}"; known options: ${known.join(', ')}`);
    const parsed = searchValueSchema(name, DEFAULT_PLAN_SEARCH[name as keyof PlanSearchOptions] as number | boolean).safeParse(value);
    if (!parsed.success) throw new Error(`${parsed.error.issues[0]!.message}; got "${value}"`);
    out[name] = parsed.data;
  }
  return out as Partial<PlanSearchOptions>;
}

export function fail(command: string, message: string): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(2);
}

export const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// --concurrency and --rpm (eval, play, experiment), checked with zod so each mistake gets one sentence.
const wholeFlag = (flag: string, what: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${flag} must be a whole number of ${what}, from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${flag} must be at least 1 (${what})`).max(max, `${flag} is at most ${max} (${what})`));

export const concurrencyFlagsSchema = z.object({
  concurrency: wholeFlag('--concurrency', 'episodes in flight', MAX_CONCURRENCY).optional(),
  rpm: wholeFlag('--rpm', 'model calls per minute', 1_000_000).optional(),
});
export type ConcurrencyFlags = z.infer<typeof concurrencyFlagsSchema>;

/** The flags as numbers; throws with a message naming the flag and the value given. */
export function parseConcurrencyFlags(values: { concurrency?: string; rpm?: string }): ConcurrencyFlags {
  const parsed = concurrencyFlagsSchema.safeParse({ concurrency: values.concurrency, rpm: values.rpm });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const flag = String(issue.path[0]) as 'concurrency' | 'rpm';
  throw new Error(`${issue.message}; got "${values[flag]}"`);
}
