// What crosses Redis, checked at both ends with zod: the task a job carries (checked by the worker
// against its own checkout: known pack and level, known slot variants, so a job it cannot run fails
// once with the reason) and the episode result it sends back (checked by the coordinator).
import { z } from 'zod';
import { SLOT_REGISTRY } from '../../charts/slots/registry.js';
import { isSlotId, SLOT_IDS } from '../../charts/conventions.js';
import { levelCount, PACK_NAMES } from '../game/levels.js';
import type { ExperimentTask } from '../experiments/episodes.js';
import type { ExperimentResult } from '../experiments/episodes.js';
import { modelCallStatsSchema } from '../experiments/modelStats.js';
import { MECHANISMS } from '../runner/mechanism.js';
import { FAILURE_REASONS } from '../runner/types.js';

export const queuedTaskSchema = z
  .object({
    cell: z.string().min(1),
    arm: z.string().min(1),
    playData: z.number().int().min(1).max(PACK_NAMES.length),
    level: z.number().int(),
    seed: z.number().int(),
    godMode: z.boolean().optional(),
    profile: z.string().min(1).optional(),
    slots: z.record(z.string(), z.string()).optional(),
    recovery: z.boolean().optional(),
    direct: z.boolean().optional(),
    chaos: z.object({ rate: z.number().min(0).max(1), seed: z.number().int() }).optional(),
  })
  .superRefine((t, ctx) => {
    const count = levelCount(t.playData);
    if (t.level < 1 || t.level > count)
      ctx.addIssue({ code: 'custom', path: ['level'], message: `${PACK_NAMES[t.playData - 1]} has levels 1..${count}; got ${t.level}` });
    for (const [slot, variant] of Object.entries(t.slots ?? {})) {
      if (!isSlotId(slot)) {
        ctx.addIssue({ code: 'custom', path: ['slots', slot], message: `unknown slot (slots: ${SLOT_IDS.join(', ')})` });
        continue;
      }
      const known = Object.keys(SLOT_REGISTRY[slot].variants);
      if (!known.includes(variant))
        ctx.addIssue({ code: 'custom', path: ['slots', slot], message: `unknown variant "${variant}" (variants: ${known.join(', ')})` });
    }
  }) satisfies z.ZodType<ExperimentTask>;

const count = z.record(z.string(), z.number());

export const evalResultSchema = z.object({
  traceId: z.string(),
  playData: z.number().int(),
  level: z.number().int(),
  seed: z.number().int(),
  cleared: z.boolean(),
  reason: z.enum(['cleared', ...FAILURE_REASONS]),
  ticks: z.number(),
  steps: z.number(),
  goldLeft: z.number(),
  fallbacks: z.number(),
  retries: z.number(),
  stalls: count,
  statuses: count,
  end: z.object({ tick: z.number(), x: z.number(), y: z.number() }),
  failureDetail: z.string().nullable(),
  mechanism: z.enum(MECHANISMS).nullable(),
  durationMs: z.number(),
  model: modelCallStatsSchema,
}) satisfies z.ZodType<ExperimentResult>;

/** "slots.candidates: unknown variant ..." for each problem of a zod error. */
export const describeProblems = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.map(String).join('.') || '(task)'}: ${i.message}`).join('; ');
