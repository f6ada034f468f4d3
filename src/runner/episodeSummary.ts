// The compact result of one episode (what crosses process and machine boundaries: the pool's IPC,
// the Redis queue), as one zod schema: EpisodeResult adds the demo and final snapshot to it, the
// queue checks results against it, so a field added here is added everywhere at once.
import { z } from 'zod';
import { MECHANISMS } from './mechanism.js';
import { FAILURE_REASONS } from './types.js';

const count = z.record(z.string(), z.number());

export const episodeSummarySchema = z.object({
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
  /** Where and when it ended (the failure point for a failed episode). */
  end: z.object({ tick: z.number(), x: z.number(), y: z.number() }),
  failureDetail: z.string().nullable(),
  /** What the plan search was doing when a failed episode ended (null when cleared). */
  mechanism: z.enum(MECHANISMS).nullable(),
  durationMs: z.number(),
});
export type EpisodeSummary = z.infer<typeof episodeSummarySchema>;
