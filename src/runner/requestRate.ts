// A request-rate limit: at most `requests` model calls per `windowMs`, handed out evenly (one every
// windowMs / requests ms, never in a burst), so every window of that length holds at most `requests`
// calls whatever the window's start. A caller waits for its turn; nobody is failed. Pure scheduling
// over an injected clock; the pool's parent keeps one per profile and its workers ask it over IPC.

export interface RateLimitSpec {
  /** Calls allowed per window (the CLI's --rpm with a 60 s window). */
  requests: number;
  windowMs: number;
}

export interface RequestRate {
  /** Resolves when this call may be sent (turns are granted in the order asked). */
  acquire(): Promise<void>;
  /** Calls granted so far. */
  readonly granted: number;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The limit of `--rpm R`: R calls a minute. */
export const perMinute = (rpm: number): RateLimitSpec => ({ requests: rpm, windowMs: 60_000 });

export function createRequestRate(spec: RateLimitSpec, clock: Clock = realClock): RequestRate {
  if (!(spec.requests > 0) || !(spec.windowMs > 0)) throw new Error('a rate limit needs requests > 0 and windowMs > 0');
  const spacingMs = spec.windowMs / spec.requests;
  const waiting: Array<() => void> = [];
  // When the last turn was actually granted: the next one comes a full spacing after it, so a late
  // timer can only slow the rate down, never let two calls through closer together.
  let lastGrant = -Infinity;
  let granted = 0;
  let pumping = false;
  const pump = async () => {
    pumping = true;
    while (waiting.length > 0) {
      for (let wait = lastGrant + spacingMs - clock.now(); wait > 0; wait = lastGrant + spacingMs - clock.now())
        await clock.sleep(Math.ceil(wait));
      lastGrant = clock.now();
      granted++;
      waiting.shift()!();
    }
    pumping = false;
  };
  return {
    get granted() {
      return granted;
    },
    acquire() {
      return new Promise<void>((resolve) => {
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
