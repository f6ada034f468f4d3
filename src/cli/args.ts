// Shared command-line parsing for play, eval and experiments: level ranges ("1-30,42") and slot
// overrides ("candidates=geometric,stall-report=off"), episodes in flight and the request rate
// (--concurrency, --rpm), with errors a person can act on. Slot names and variants are checked
// against the slot registry here, before any episode starts.
import { z } from 'zod';
import { resolveSlotVariants } from '../../charts/slots/registry.js';
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
