// The pool's in-process twin: at most N tasks in flight, every task run once, the first failure
// ends the run; the gate applies the shared rate limit and relays each call.
import { describe, expect, it } from 'vitest';
import { inProcessGate, runInFlight } from '../../src/runner/inProcess.js';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('runInFlight', () => {
  it('runs every item once with at most N at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await runInFlight([...Array(20).keys()], 4, async (i) => {
      most = Math.max(most, ++inFlight);
      await tick();
      seen.push(i);
      inFlight--;
    });
    expect(most).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('rejects with the first failure', async () => {
    await expect(
      runInFlight([1, 2, 3], 2, async (i) => {
        if (i === 2) throw new Error('episode 2 broke');
      }),
    ).rejects.toThrow('episode 2 broke');
  });
});

describe('inProcessGate', () => {
  it('spaces calls of one profile by the limit and relays every report', async () => {
    const reports: number[] = [];
    const gate = inProcessGate({ requests: 20, windowMs: 1000 }, (c) => reports.push(c.promptTokens));
    const started = performance.now();
    for (let i = 0; i < 4; i++) await gate.acquire('openai');
    // 4 turns at 50 ms spacing: the last one at least 150 ms after the first (a floor the limit guarantees).
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    gate.report({ promptTokens: 7, completionTokens: 1 });
    expect(reports).toEqual([7]);
  });

  it('without a limit grants before any timer could fire', async () => {
    const gate = inProcessGate();
    const first = await Promise.race([gate.acquire('openai').then(() => 'granted'), tick().then(() => 'waited')]);
    expect(first).toBe('granted');
  });
});
