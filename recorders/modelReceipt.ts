// The model-call receipt: what the model was handed, minted by CallLLM just before the provider is
// called (so a failed or timed-out call still has one). It holds the model, provider, params and
// sha256 hashes of the system text, of each prompt piece with the slot that produced it, of the
// whole request and of the reply schema when the call is constrained; never the text itself
// (agent-planner §8). Pure, apart from the clock (and a cache of the hashes of texts sent again:
// the system text, the pieces built once per process).
import { createHash } from 'node:crypto';
import { z } from 'zod';

export const pieceHashSchema = z.object({
  slot: z.string(),
  section: z.string(),
  sha256: z.string(),
  chars: z.number().int().min(0),
});
export type PieceHash = z.infer<typeof pieceHashSchema>;

export const modelReceiptSchema = z.object({
  traceId: z.string(),
  stepIndex: z.number().int().min(0),
  /** 0 for the first call of the step, 1 for the retry. */
  attempt: z.number().int().min(0),
  retry: z.boolean(),
  profile: z.string(),
  provider: z.string(),
  model: z.string(),
  modelSource: z.string(),
  params: z.object({ temperature: z.number(), deadlineMs: z.number() }),
  systemSha256: z.string(),
  userSha256: z.string(),
  pieces: z.array(pieceHashSchema),
  /** sha256 of the canonical request: model, provider, temperature, system and user text. */
  requestSha256: z.string(),
  /** Whether the call went with the reply's JSON schema (`response_format`); false for older traces. */
  constrained: z.boolean().default(false),
  /** sha256 of the reply's JSON schema (candidate ids as an enum), or null when none was sent. */
  replySchemaSha256: z.string().nullable().default(null),
  mintedAt: z.iso.datetime(),
});
export type ModelReceipt = z.infer<typeof modelReceiptSchema>;

export interface ModelReceiptInput {
  traceId: string;
  stepIndex: number;
  attempt: number;
  model: { profile: string; provider: string; model: string; modelSource: string };
  params: { temperature: number; deadlineMs: number };
  system: string;
  user: string;
  pieces: readonly { slot: string; section: string; text: string }[];
  /** The reply schema's hash when the call is sent constrained, else null. */
  replySchemaSha256?: string | null;
  now?: () => Date;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Piece hashes by piece object (pieces are never changed once built): the task and rules pieces are
 * built once per process and a retry re-sends the slots' pieces, so each text is hashed once.
 */
const pieceHashes = new WeakMap<object, string>();

function pieceSha256(piece: { text: string }): string {
  let hash = pieceHashes.get(piece);
  if (hash === undefined) {
    hash = sha256(piece.text);
    pieceHashes.set(piece, hash);
  }
  return hash;
}

/** The system text is the same for every call: its hash is kept until the text changes. */
let lastSystem: { text: string; sha256: string } | null = null;

function systemSha256(text: string): string {
  if (lastSystem?.text !== text) lastSystem = { text, sha256: sha256(text) };
  return lastSystem.sha256;
}

export function mintModelReceipt(input: ModelReceiptInput): ModelReceipt {
  const { model, params, system, user } = input;
  const request = JSON.stringify({
    provider: model.provider,
    model: model.model,
    temperature: params.temperature,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
  });
  return {
    traceId: input.traceId,
    stepIndex: input.stepIndex,
    attempt: input.attempt,
    retry: input.attempt > 0,
    profile: model.profile,
    provider: model.provider,
    model: model.model,
    modelSource: model.modelSource,
    params: { temperature: params.temperature, deadlineMs: params.deadlineMs },
    systemSha256: systemSha256(system),
    userSha256: sha256(user),
    pieces: input.pieces.map((piece) => ({
      slot: piece.slot,
      section: piece.section,
      sha256: pieceSha256(piece),
      chars: piece.text.length,
    })),
    requestSha256: sha256(request),
    constrained: (input.replySchemaSha256 ?? null) !== null,
    replySchemaSha256: input.replySchemaSha256 ?? null,
    mintedAt: (input.now?.() ?? new Date()).toISOString(),
  };
}
