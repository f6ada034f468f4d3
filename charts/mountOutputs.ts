// The mounts' data crossing: `mountOutputs` is the one outputMapper every mount uses — it copies a
// finished subflow's keys into the planning scope under the names conventions.ts SUBFLOW_OUTPUTS
// gives them, so the table the recorders read and what the chart does cannot drift apart (keys the
// subflow never wrote are left out) — and `mountInputs` is how every inputMapper hands keys in.
// Both hand each object over as one value: footprintjs merges a plain object field by field at a
// mount boundary (one staged write, net-change check and clones per field), while any other
// object lands whole as a single write, and the commit's structuredClone turns it back into a
// plain object on the other side. Our mounted values are replaced, never merged. Pure.
import { SUBFLOW_OUTPUTS } from './conventions.js';

/** Marks an object as one value at a mount boundary (its own fields, a non-plain prototype). */
class MountValue {}

function whole(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.assign(new MountValue(), value);
}

/** An inputMapper's result: each key's value handed over whole. */
export function mountInputs<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[key] = whole(value);
  return out as T;
}

export function mountOutputs(subflowId: string) {
  const table = SUBFLOW_OUTPUTS[subflowId];
  if (!table) throw new Error(`no SUBFLOW_OUTPUTS entry for subflow "${subflowId}"`);
  return (subflowState: object): Record<string, unknown> => {
    const state = subflowState as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const [from, to] of Object.entries(table)) if (state[from] !== undefined) patch[to] = whole(state[from]);
    return patch;
  };
}
