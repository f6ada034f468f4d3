// Short, human-readable summaries of scope values for stage receipts: a receipt lists which keys
// a stage read and wrote with a one-line hint of each value, so a step stays small; the full
// values are only kept when a recorder is asked to capture them. Pure.

const MAX_TEXT = 60;

export function summarizeValue(value: unknown, maxText = MAX_TEXT): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const oneLine = value.replace(/\s+/g, ' ');
    return oneLine.length > maxText ? `${JSON.stringify(oneLine.slice(0, maxText))}… (${value.length} chars)` : JSON.stringify(oneLine);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `(${value.length} item${value.length === 1 ? '' : 's'})`;
  if (typeof value === 'object') {
    const keys = Object.keys(value as Record<string, unknown>);
    const shown = keys.slice(0, 6).join(', ');
    return `{${shown}${keys.length > 6 ? `, … +${keys.length - 6}` : ''}}`;
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
