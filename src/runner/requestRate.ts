// A request-rate limit: at most `requests` model calls per `windowMs`, handed out evenly (one every
// windowMs / requests ms, never in a burst), so every window of that length holds at most `requests`
// calls whatever the window's start. A caller waits for its turn; nobody is failed. The spacing runs
// from the moment the caller says its call went out (a worker busy planning another episode may take
// a while to act on its turn; counting from the grant would let the next call crowd in behind it).
// Scheduling over an injected clock; the pool's parent keeps one per profile, its workers ask over IPC.

export interface RateLimitSpec {
  /** Calls allowed per window (the CLI's --rpm with a 60 s window). */
  requests: number;
  windowMs: number;
}

export interface RequestRate {
  /**
   * Resolves when this call may be sent (turns are granted in the order asked) with `sent`, to be
   * called as the call goes out; the next turn comes a full spacing after that (or after HOLD_MS).
   */
  acquire(): Promise<() => void>;
  /** Calls granted so far. */
  readonly granted: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** How long a granted turn waits for its `sent` before the next spacing starts anyway (a worker that died). */
export const HOLD_MS = 10_000;

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The limit of `--rpm R`: R calls a minute. */
export const perMinute = (rpm: number): RateLimitSpec => ({ requests: rpm, windowMs: 60_000 });

export function createRequestRate(spec: RateLimitSpec, clock: Clock = realClock): RequestRate {
  if (!(spec.requests > 0) || !(spec.windowMs > 0)) throw new Error('a rate limit needs requests > 0 and windowMs > 0');
  const spacingMs = spec.windowMs / spec.requests;
  const waiting: Array<(sent: () => void) => void> = [];
  // When the last call went out: the next turn comes a full spacing after it, so a late timer or a
  // late sender can only slow the rate down, never let two calls through closer together.
  let lastSent = -Infinity;
  let granted = 0;
  let pumping = false;
  const pump = async () => {
    pumping = true;
    while (waiting.length > 0) {
      for (let wait = lastSent + spacingMs - clock.now(); wait > 0; wait = lastSent + spacingMs - clock.now())
        await clock.sleep(Math.ceil(wait));
      granted++;
      const grant = waiting.shift()!;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((released) => {
        timer = setTimeout(() => ((lastSent = clock.now()), released()), HOLD_MS);
        timer.unref?.();
        grant(() => ((lastSent = clock.now()), released()));
      });
      clearTimeout(timer);
    }
    pumping = false;
  };
  return {
    get granted() {
      return granted;
    },
    acquire() {
      return new Promise<() => void>((resolve) => {
        waiting.push(resolve);
        if (!pumping) void pump();
      });
    },
  };
}

/** One limit per key (the profile), created on first use. */
export function keyedRequestRates(spec: RateLimitSpec, clock: Clock = realClock): (key: string) => RequestRate {
  const rates = new Map<string, RequestRate>();
  return (key) => {
    let rate = rates.get(key);
    if (!rate) rates.set(key, (rate = createRequestRate(spec, clock)));
    return rate;
  };
}
