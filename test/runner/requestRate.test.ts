// The shared request-rate limit: turns are handed out one spacing (window / requests) after the
// previous call went out, in the order asked, so no window of that length ever holds more than
// `requests` calls; nobody is failed.
import { describe, expect, it } from 'vitest';
import { createRequestRate, keyedRequestRates, perMinute, type Clock } from '../../src/runner/requestRate.js';
import { busiestWindow } from '../../src/experiments/localModels.js';

/** A clock whose sleeps advance time at once (up to `earlyMs` short of what was asked, as a timer firing early). */
function fakeClock(earlyMs = 0): Clock & { t: number } {
  const clock = {
    t: 1000,
    now: () => clock.t,
    sleep: async (ms: number) => {
      // Let the granted callers record their time before the clock moves on.
      await new Promise((resolve) => setImmediate(resolve));
      clock.t += Math.max(1, ms - earlyMs);
    },
  };
  return clock;
}

async function grantTimes(rate: ReturnType<typeof createRequestRate>, clock: { now(): number }, n: number) {
  const times: number[] = [];
  const order: number[] = [];
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      rate.acquire().then((sent) => {
        times.push(clock.now());
        order.push(i);
        sent();
      }),
    ),
  );
  return { times, order };
}

describe('createRequestRate', () => {
  it('grants 10 calls a second one every 100 ms, in the order asked, never 11 in a second', async () => {
    const clock = fakeClock();
    const rate = createRequestRate({ requests: 10, windowMs: 1000 }, clock);
    const { times, order } = await grantTimes(rate, clock, 35);
    expect(order).toEqual([...Array(35).keys()]);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual(Array(34).fill(100));
    expect(busiestWindow(times, 1000)).toBe(10);
    expect(rate.granted).toBe(35);
  });

  it('keeps the spacing when timers fire early', async () => {
    const clock = fakeClock(7);
    const rate = createRequestRate({ requests: 4, windowMs: 1000 }, clock);
    const { times } = await grantTimes(rate, clock, 12);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(250);
    expect(busiestWindow(times, 1000)).toBeLessThanOrEqual(4);
  });

  it('grants at once when calls come slower than the limit', async () => {
    const clock = fakeClock();
    const rate = createRequestRate(perMinute(60), clock);
    (await rate.acquire())();
    clock.t += 5000;
    const before = clock.t;
    (await rate.acquire())();
    expect(clock.t).toBe(before);
  });

  it('spaces the next turn from when the call went out, not from when its turn was granted', async () => {
    const clock = fakeClock();
    const rate = createRequestRate({ requests: 10, windowMs: 1000 }, clock);
    const sent = await rate.acquire();
    const second = rate.acquire().then((s) => (s(), clock.now()));
    // The first caller takes 300 ms to send (a busy worker): the second turn comes 100 ms after that.
    clock.t += 300;
    const wentOut = clock.now();
    sent();
    expect(await second).toBe(wentOut + 100);
  });

  it('refuses a limit of zero', () => {
    expect(() => createRequestRate({ requests: 0, windowMs: 1000 })).toThrow(/requests > 0/);
  });
});

describe('keyedRequestRates', () => {
  it('keeps one limit per profile: two profiles do not share turns', async () => {
    const clock = fakeClock();
    const rates = keyedRequestRates({ requests: 1, windowMs: 1000 }, clock);
    (await rates('openai').acquire())();
    const before = clock.t;
    (await rates('gemini').acquire())();
    expect(clock.t).toBe(before);
    (await rates('openai').acquire())();
    expect(clock.t).toBe(before + 1000);
    expect(rates('openai')).toBe(rates('openai'));
  });
});
