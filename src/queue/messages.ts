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
import { episodeSummarySchema } from '../runner/episodeSummary.js';

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

export const evalResultSchema = episodeSummarySchema.extend({ model: modelCallStatsSchema }) satisfies z.ZodType<ExperimentResult>;

/** "slots.candidates: unknown variant ..." for each problem of a zod error. */
export const describeProblems = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.map(String).join('.') || '(task)'}: ${i.message}`).join('; ');
