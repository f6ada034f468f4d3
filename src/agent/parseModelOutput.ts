// Reads the model's reply text (agent-planner §7) and returns the chosen candidate id and reason,
// or a parse_error whose message is written for the model, so it can be handed back verbatim as
// the retry instruction (a failure is an observation). Pure; no knowledge of the candidate list.
//
// Strictness: after trimming, one optional code fence (``` or ```json, closing fence optional)
// and one optional leading `json` line are removed; what remains must be exactly one JSON object.
// Prose around an otherwise valid object is rejected (with a message saying so) rather than
// mined for JSON: the contract is "JSON only", and recovery off/on must measure the same thing.

/** The output contract, quoted in every message that asks the model to try again. */
export const REPLY_CONTRACT = '{"candidateId": "<one of the listed ids>", "reason": "<one short sentence>"}';
/** Reasons longer than this are cut (the trace and the next prompt stay compact). */
export const MAX_REASON_CHARS = 500;

export type ParsedModelOutput = { ok: true; candidateId: string; reason: string } | { ok: false; status: 'parse_error'; error: string };

const ASK = `Reply with exactly ${REPLY_CONTRACT} and nothing else: no prose, no markdown.`;

export function parseModelOutput(text: string): ParsedModelOutput {
  const body = stripWrapping(text);
  if (body === '') return failure(`Your reply was empty. ${ASK}`);

  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return failure(describeUnparsable(body, error));
  }
  if (Array.isArray(value)) return failure(`Your reply was a JSON array, not a JSON object. ${ASK}`);
  if (value === null || typeof value !== 'object') {
    return failure(`Your reply was not a JSON object (it was the JSON ${value === null ? 'null' : typeof value} ${preview(body)}). ${ASK}`);
  }

  const record = value as Record<string, unknown>;
  if (!('candidateId' in record)) return failure(`Your JSON object had no "candidateId" field. ${ASK}`);
  const candidateId = record.candidateId;
  if (typeof candidateId !== 'string') {
    return failure(`The "candidateId" field must be a string id copied from the candidate list, not a ${jsonType(candidateId)}. ${ASK}`);
  }
  if (candidateId.trim() === '') return failure(`The "candidateId" field was empty. ${ASK}`);
  const reason = typeof record.reason === 'string' ? record.reason.slice(0, MAX_REASON_CHARS) : '';
  return { ok: true, candidateId, reason };
}

/** Trim, drop one surrounding code fence (its closing fence may be missing) and a leading `json` line. */
function stripWrapping(text: string): string {
  let body = text.trim();
  const fenced = /^```[\w-]*[^\S\n]*\n?([\s\S]*?)(?:\n?[^\S\n]*```)?$/.exec(body);
  if (fenced && body.startsWith('```')) body = fenced[1].trim();
  body = body.replace(/^json[^\S\n]*(?:\n|$)/i, '').trim();
  return body;
}

function describeUnparsable(body: string, error: unknown): string {
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  const hasBraces = start >= 0 && end > start;
  if (hasBraces && (start > 0 || end < body.length - 1)) return `Your reply had text around the JSON object. ${ASK}`;
  if (hasBraces) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return `Your reply looked like a JSON object but is not valid JSON${detail}. Use double quotes around keys and strings. ${ASK}`;
  }
  return `Your reply was not a JSON object (it began ${preview(body)}). ${ASK}`;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function preview(body: string): string {
  const line = body.split('\n')[0];
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}...` : line);
}

function failure(error: string): ParsedModelOutput {
  return { ok: false, status: 'parse_error', error };
}
