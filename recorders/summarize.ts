// Short, human-readable summaries of scope values for stage receipts: a receipt lists which keys
// a stage read and wrote with a one-line hint of each value, so a step stays small; the full
// values are only kept when a recorder is asked to capture them. An artifact ref ({ ref, summary },
// charts/planningState.ts) is summarized by its own summary. Cheap: never serializes a whole value.
// Pure.

const MAX_TEXT = 60;
/** A string field shown inside an object summary is cut shorter than a top-level string. */
const MAX_FIELD_TEXT = 24;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function oneLine(text: string, max: number): string {
  // Only the head is ever shown: never scan a long text in full.
  return text.slice(0, max * 2).replace(/\s+/g, ' ');
}

function isArtifactRef(value: object): value is { ref: string; summary: string } {
  const v = value as { ref?: unknown; summary?: unknown };
  return typeof v.ref === 'string' && typeof v.summary === 'string';
}

/** A scalar as it appears inside an object summary. */
function inline(value: unknown): string | null {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(cut(oneLine(value, MAX_FIELD_TEXT), MAX_FIELD_TEXT));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return null;
}

/** `{a: 1, b: "x", c, … +3}`: scalar fields with their values, others by name, within `max` chars. */
function summarizeObject(value: Record<string, unknown>, max: number): string {
  const keys = Object.keys(value);
  const parts: string[] = [];
  let length = 0;
  for (const key of keys) {
    const shown = inline(value[key]);
    const part = shown === null ? key : `${key}: ${shown}`;
    if (parts.length > 0 && length + part.length + 2 > max) break;
    parts.push(part);
    length += part.length + 2;
  }
  const rest = keys.length - parts.length;
  return `{${parts.join(', ')}${rest > 0 ? `, … +${rest}` : ''}}`;
}

export function summarizeValue(value: unknown, maxText = MAX_TEXT): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const line = oneLine(value, maxText);
    return value.length > maxText ? `${JSON.stringify(line.slice(0, maxText))}… (${value.length} chars)` : JSON.stringify(line);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `(${value.length} item${value.length === 1 ? '' : 's'})`;
  if (typeof value === 'object') {
    if (isArtifactRef(value)) return cut(value.summary, maxText);
    return summarizeObject(value as Record<string, unknown>, maxText);
  }
  return typeof value;
}

/** A deep copy safe to keep after the run (structuredClone, or the summary when it cannot be cloned). */
export function captureValue(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return summarizeValue(value);
  }
}
