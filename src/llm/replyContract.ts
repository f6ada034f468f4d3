// The reply contract of one model call: the candidate ids the model may answer with, as the JSON
// schema a hosted call sends in `response_format` (`candidateId` an enum of those ids, `reason` a
// bounded string), its hash for the model receipt, which profiles accept it, and the process-wide
// memory of servers that rejected it (so a rejecting server costs one extra request per process,
// not one per call). Pure apart from that memory.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ProfileName } from './profiles.js';

/** Longest `reason` the schema allows (the parse stage cuts at MAX_REASON_CHARS anyway). */
export const REPLY_REASON_MAX_CHARS = 300;
/** The `json_schema.name` sent with the schema. */
export const REPLY_SCHEMA_NAME = 'candidate_choice';

export const CONSTRAINED_REPLY_SETTINGS = ['auto', 'off'] as const;
export const constrainedRepliesSchema = z.enum(CONSTRAINED_REPLY_SETTINGS);
/** `auto`: send the schema where the profile supports it; `off`: never. */
export type ConstrainedReplies = z.infer<typeof constrainedRepliesSchema>;

export interface ReplyContract {
  /** The ids the model may answer with (the listed candidates that are not blocked), best first. */
  candidateIds: readonly string[];
  /** Config `backend.constrainedReplies` (or the profile's override) for this call. */
  constrainedReplies: ConstrainedReplies;
}

/** Profiles whose OpenAI-compatible endpoint honours `response_format: json_schema` (auto sends it there). */
export const CONSTRAINED_REPLY_PROFILES: Readonly<Record<ProfileName, boolean>> = {
  openai: true,
  gemini: true,
  minimax: false,
  local: false,
  replay: false,
};

export interface ReplyJsonSchema {
  type: 'object';
  properties: {
    candidateId: { type: 'string'; enum: string[] };
    reason: { type: 'string'; pattern: string; description: string };
  };
  required: ['candidateId', 'reason'];
  additionalProperties: false;
}

/**
 * The schema for a list of ids. `reason` is bounded with a pattern: OpenAI's strict mode accepts
 * `pattern` but not `maxLength`, and llama.cpp / vLLM / Ollama grammars accept both.
 */
export function replyJsonSchema(candidateIds: readonly string[]): ReplyJsonSchema {
  return {
    type: 'object',
    properties: {
      candidateId: { type: 'string', enum: [...candidateIds] },
      reason: {
        type: 'string',
        pattern: `^.{1,${REPLY_REASON_MAX_CHARS}}$`,
        description: `one short sentence, at most ${REPLY_REASON_MAX_CHARS} characters`,
      },
    },
    required: ['candidateId', 'reason'],
    additionalProperties: false,
  };
}

/** sha256 of the schema's JSON text (what the model receipt records). */
export function replySchemaSha256(candidateIds: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(replyJsonSchema(candidateIds)), 'utf8')
    .digest('hex');
}

/** The chat-completions `response_format` parameter for a contract. */
export function responseFormatFor(candidateIds: readonly string[]) {
  return {
    type: 'json_schema' as const,
    json_schema: { name: REPLY_SCHEMA_NAME, strict: true, schema: replyJsonSchema(candidateIds) as unknown as Record<string, unknown> },
  };
}

// ---------------------------------------------------------------- servers that said no
const rejected = new Set<string>();
const endpointKey = (baseURL: string, model: string) => `${baseURL}|${model}`;

/** Remember, for the rest of the process, that this endpoint + model rejected `response_format`. */
export function rememberRejectedConstraint(baseURL: string, model: string): void {
  rejected.add(endpointKey(baseURL, model));
}

export function constraintRejected(baseURL: string, model: string): boolean {
  return rejected.has(endpointKey(baseURL, model));
}

/** Tests only: forget every remembered rejection. */
export function forgetRejectedConstraints(): void {
  rejected.clear();
}

/** Whether a call to this profile + endpoint sends the schema. */
export function sendsConstraint(profile: ProfileName, contract: ReplyContract | undefined, baseURL: string, model: string): boolean {
  if (!contract || contract.constrainedReplies === 'off' || contract.candidateIds.length === 0) return false;
  return CONSTRAINED_REPLY_PROFILES[profile] && !constraintRejected(baseURL, model);
}

/**
 * A 400 (or 422) to a request that carried the schema, whose `param` or message names it
 * (`response_format`, `json_schema`, or a schema keyword the server's own schema dialect lacks, as
 * Gemini's "response_schema"): the server does not take the parameter as sent.
 */
export function rejectsResponseFormat(status: number | undefined, message: string, param: unknown): boolean {
  if (status !== 400 && status !== 422) return false;
  if (typeof param === 'string' && /response_format|schema/i.test(param)) return true;
  return /response_format|schema/i.test(message);
}
