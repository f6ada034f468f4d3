// The part of a stored trace step (agent-planner §8, recorders/traceStep.ts) and of a stored run that
// the lens relies on, read leniently: the trace step schema is the contract, but the lens must still
// open a run written before a field was added or slimmed, so every field it does not need is optional.
// Pure parsing; no I/O.
import { z } from 'zod';
import { commitmentSchema } from '../agent/schemas.js';

const int = z.number().int();
const cell = z.object({ x: int, y: int });
const action = z.object({ keyCode: int, ticks: int, reason: z.string() });

export const storedPieceHashSchema = z.looseObject({ slot: z.string(), section: z.string().optional(), sha256: z.string() });

export const storedReceiptSchema = z.looseObject({
  attempt: int.optional(),
  profile: z.string().optional(),
  provider: z.string().optional(),
  model: z.string().optional(),
  modelSource: z.string().optional(),
  params: z.looseObject({ temperature: z.number().optional(), deadlineMs: z.number().optional() }).optional(),
  systemSha256: z.string(),
  userSha256: z.string().optional(),
  pieces: z.array(storedPieceHashSchema),
  requestSha256: z.string(),
});
export type StoredReceipt = z.infer<typeof storedReceiptSchema>;

export const storedModelCallSchema = z.looseObject({
  receipt: storedReceiptSchema,
  status: z.string().optional(),
  reason: z.string().nullish(),
});
export type StoredModelCall = z.infer<typeof storedModelCallSchema>;

export const storedCandidateSchema = z.looseObject({
  id: z.string(),
  kind: z.string(),
  lane: z.string().optional(),
  score: z.number().optional(),
  target: cell.nullish(),
  firstAction: action.optional(),
  stallBlocked: z.boolean().optional(),
  stallRecovery: z.boolean().optional(),
});
export type StoredCandidate = z.infer<typeof storedCandidateSchema>;

export const storedStepSchema = z.looseObject({
  stepIndex: int.min(0),
  createdAt: z.string().optional(),
  state: z.looseObject({
    tick: int.min(0),
    gameState: z.string().optional(),
    runner: z.looseObject({ x: int, y: int }).optional(),
  }),
  candidates: z.array(storedCandidateSchema).default([]),
  selectedCandidateId: z.string().nullish(),
  selectedCandidateKind: z.string().nullish(),
  validation: z
    .looseObject({
      fallbackUsed: z.boolean().optional(),
      fallbackReason: z.string().nullish(),
      statuses: z.array(z.string()).optional(),
    })
    .optional(),
  action: action.nullish(),
  /** The chosen planned route's commitment (steps stored before commitments existed have none). */
  commitment: commitmentSchema.optional(),
  stallSupervisor: z
    .looseObject({
      severity: z.string().optional(),
      type: z.string().optional(),
      retryAttempted: z.boolean().optional(),
    })
    .optional(),
  historyTail: z.array(z.unknown()).optional(),
  slots: z.record(z.string(), z.string()).optional(),
  attempts: z
    .array(z.looseObject({ attempt: int, status: z.string(), requestedCandidateId: z.string().nullish(), message: z.string().optional() }))
    .optional(),
  planner: z
    .looseObject({
      dispositions: z
        .array(z.looseObject({ id: z.string(), kind: z.string(), disposition: z.string(), why: z.string().optional() }))
        .optional(),
    })
    .optional(),
  /** The call whose answer counted (the last one). */
  modelCall: storedModelCallSchema.nullish(),
  /** The calls before modelCall (the retry ran). */
  earlierModelCalls: z.array(storedModelCallSchema).optional(),
  /** Older traces: every call. */
  modelCalls: z.array(storedModelCallSchema).optional(),
});
export type StoredStep = z.infer<typeof storedStepSchema>;

/** The model calls of a step, first call first (`earlierModelCalls` + `modelCall`, or an older `modelCalls`). */
export function storedModelCalls(step: Pick<StoredStep, 'modelCall' | 'earlierModelCalls' | 'modelCalls'>): StoredModelCall[] {
  if (step.modelCalls && step.modelCalls.length > 0) return step.modelCalls;
  return [...(step.earlierModelCalls ?? []), ...(step.modelCall ? [step.modelCall] : [])];
}

/** The model calls of a freshly planned step (the same reading, so stored and recomputed go through one path). */
export function modelCallsOf(step: unknown): StoredModelCall[] {
  const parsed = storedStepSchema.pick({ modelCall: true, earlierModelCalls: true, modelCalls: true }).safeParse(step);
  return parsed.success ? storedModelCalls(parsed.data) : [];
}

export interface ParsedSteps {
  steps: StoredStep[];
  /** Steps that could not be read (index in the stored array -> why). */
  unreadable: { position: number; why: string }[];
}

/** Parse a run's stored steps, sorted by stepIndex; unreadable ones are reported, not thrown. */
export function parseSteps(raw: readonly unknown[]): ParsedSteps {
  const steps: StoredStep[] = [];
  const unreadable: ParsedSteps['unreadable'] = [];
  raw.forEach((value, position) => {
    const parsed = storedStepSchema.safeParse(value);
    if (parsed.success) steps.push(parsed.data);
    else unreadable.push({ position, why: parsed.error.issues[0]?.message ?? 'invalid step' });
  });
  steps.sort((a, b) => a.stepIndex - b.stepIndex);
  return { steps, unreadable };
}
