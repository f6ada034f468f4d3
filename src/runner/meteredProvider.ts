// The provider an episode's model calls go through inside a pool: each call first waits for the
// shared rate limit's turn (the pool's parent grants turns per profile), then is sent, and its end is
// reported to the parent (calls per second and tokens on the progress bar). The wait happens before
// `complete` is called, so it counts toward nothing: the call's own deadline starts when it is sent,
// and its latency in the receipt is the network's. Chaos and counting wrappers sit outside this one.
import { wrapProvider, type ModelProvider, type ModelRequest } from '../llm/provider.js';
import type { TaskGate } from './pool.js';

export function meteredProvider(base: ModelProvider, gate: TaskGate): ModelProvider {
  return wrapProvider(base, async (req: ModelRequest) => {
    await gate.acquire(base.profile);
    try {
      const reply = await base.complete(req);
      gate.report({ promptTokens: reply.usage?.promptTokens ?? 0, completionTokens: reply.usage?.completionTokens ?? 0 });
      return reply;
    } catch (err) {
      gate.report({ promptTokens: 0, completionTokens: 0 });
      throw err;
    }
  });
}
