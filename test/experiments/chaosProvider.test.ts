// The chaos provider: deterministic from seed, episode and step; fails at the configured rate;
// produces every failure kind, each one the status the planner expects.
import { describe, expect, it } from 'vitest';
import { parseModelOutput } from '../../src/agent/parseModelOutput.js';
import { CHAOS_KINDS, chaosDecision, chaosProvider, wrapForTask, type ChaosKind } from '../../src/experiments/chaosProvider.js';
import { isProviderFailure, type ModelProvider, type ModelRequest } from '../../src/llm/provider.js';

const OK = JSON.stringify({ candidateId: 'wait_or_stop_1_1_stop', reason: 'fine' });
let baseCalls = 0;
const base: ModelProvider = {
  profile: 'local',
  provider: 'local',
  model: 'local-policy',
  modelSource: 'default',
  async complete() {
    baseCalls++;
    return { text: OK, durationMs: 1, usage: null, responseId: null, reasoning: null };
  },
};

const request = (stepIndex: number, retry = false): ModelRequest => ({
  system: 's',
  user: 'u',
  temperature: 0,
  deadlineMs: 30_000,
  reply: { candidateIds: [], constrainedReplies: 'auto' },
  meta: { traceId: 'trace', stepIndex, retry },
});

type Outcome = { kind: 'ok' } | { kind: 'text'; text: string } | { kind: 'failure'; status: string; reason: string };

async function outcome(p: ModelProvider, req: ModelRequest): Promise<Outcome> {
  try {
    const r = await p.complete(req);
    return r.text === OK ? { kind: 'ok' } : { kind: 'text', text: r.text };
  } catch (e) {
    if (!isProviderFailure(e)) throw e;
    return { kind: 'failure', status: e.status, reason: e.reason };
  }
}

describe('chaosProvider', () => {
  it('is deterministic: the same seed, salt and step fail the same way', async () => {
    const a = chaosProvider(base, { rate: 0.5, seed: 3, salt: '1:1:1' });
    const b = chaosProvider(base, { rate: 0.5, seed: 3, salt: '1:1:1' });
    const c = chaosProvider(base, { rate: 0.5, seed: 4, salt: '1:1:1' });
    const seqA: Outcome[] = [];
    const seqB: Outcome[] = [];
    const seqC: Outcome[] = [];
    for (let step = 0; step < 60; step++)
      for (const retry of [false, true]) {
        seqA.push(await outcome(a, request(step, retry)));
        seqC.push(await outcome(c, request(step, retry)));
      }
    // b in another order: the answer depends on the call, not on what came before
    for (let step = 59; step >= 0; step--) for (const retry of [true, false]) seqB.unshift(await outcome(b, request(step, retry)));
    expect(seqB).toEqual(seqA);
    expect(seqC).not.toEqual(seqA);
  });

  it('hits the configured rate over many calls and produces every kind', async () => {
    for (const rate of [0.1, 0.3]) {
      const p = chaosProvider(base, { rate, seed: 7, salt: '1:2:1' });
      baseCalls = 0;
      const n = 10_000;
      for (let step = 0; step < n; step++) await outcome(p, request(step));
      const failed = n - p.counts.passed;
      expect(failed / n).toBeGreaterThan(rate - 0.015);
      expect(failed / n).toBeLessThan(rate + 0.015);
      expect(baseCalls).toBe(p.counts.passed);
      for (const kind of CHAOS_KINDS) expect(p.counts[kind] / failed).toBeGreaterThan(0.2);
    }
    const none = chaosProvider(base, { rate: 0, seed: 7 });
    for (let step = 0; step < 200; step++) expect(await outcome(none, request(step))).toEqual({ kind: 'ok' });
  });

  it('each kind is the failure the planner expects', async () => {
    const seen = new Map<ChaosKind, Outcome>();
    const p = chaosProvider(base, { rate: 1, seed: 11 });
    for (let step = 0; seen.size < CHAOS_KINDS.length && step < 500; step++) {
      const d = chaosDecision({ rate: 1, seed: 11 }, request(step).meta)!;
      const o = await outcome(p, request(step));
      seen.set(d.kind, o);
      if (d.kind === 'garbage') {
        expect(o.kind).toBe('text');
        expect(parseModelOutput((o as { text: string }).text)).toMatchObject({ ok: false, status: 'parse_error' });
      }
      if (d.kind === 'unknown_id') {
        const parsed = parseModelOutput((o as { text: string }).text);
        expect(parsed.ok && parsed.candidateId.startsWith('chaos_unknown_')).toBe(true);
      }
      if (d.kind === 'timeout') expect(o).toEqual({ kind: 'failure', status: 'timeout', reason: 'timeout' });
      if (d.kind === 'provider_error') expect(o).toEqual({ kind: 'failure', status: 'provider_error', reason: 'server_error' });
    }
    expect([...seen.keys()].sort()).toEqual([...CHAOS_KINDS].sort());
  });

  it('wraps only tasks that ask for chaos, salted by the episode (not the arm)', () => {
    expect(wrapForTask(base, { playData: 1, level: 1, seed: 1 })).toBe(base);
    expect(wrapForTask(base, { playData: 1, level: 1, seed: 1, chaos: { rate: 0, seed: 1 } })).toBe(base);
    const wrapped = wrapForTask(base, { playData: 1, level: 1, seed: 1, chaos: { rate: 0.3, seed: 1 } });
    expect(wrapped).not.toBe(base);
    expect(wrapped).toMatchObject({ profile: 'local', model: 'local-policy' });
  });
});
