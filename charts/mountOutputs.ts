// The one outputMapper every mount uses: copies a finished subflow's keys into the planning scope
// under the names conventions.ts SUBFLOW_OUTPUTS gives them, so the table the recorders read and
// what the chart does cannot drift apart. Keys the subflow never wrote are left out. Pure.
import { SUBFLOW_OUTPUTS } from './conventions.js';

export function mountOutputs(subflowId: string) {
  const table = SUBFLOW_OUTPUTS[subflowId];
  if (!table) throw new Error(`no SUBFLOW_OUTPUTS entry for subflow "${subflowId}"`);
  return (subflowState: object): Record<string, unknown> => {
    const state = subflowState as Record<string, unknown>;
    const patch: Record<string, unknown> = {};
    for (const [from, to] of Object.entries(table)) if (state[from] !== undefined) patch[to] = state[from];
    return patch;
  };
}
