// The progress bar of eval, play and experiment (cli-progress): episodes done of total, cleared,
// model calls per second and tokens so far (from the calls the workers report as they end), time
// left. Reads the reports; writes the bar to stderr.
import { Presets, SingleBar, type Options } from 'cli-progress';
import type { ModelCallReport } from '../runner/pool.js';

export interface CallMeter {
  add(call: ModelCallReport): void;
  readonly calls: number;
  readonly tokens: number;
  /** Calls per second since the meter was made. */
  perSecond(nowMs?: number): number;
}

export function callMeter(startedMs: number = Date.now()): CallMeter {
  let calls = 0;
  let tokens = 0;
  return {
    add(call) {
      calls++;
      tokens += call.promptTokens + call.completionTokens;
    },
    get calls() {
      return calls;
    },
    get tokens() {
      return tokens;
    },
    perSecond: (nowMs = Date.now()) => calls / Math.max(0.001, (nowMs - startedMs) / 1000),
  };
}

/** 1234567 -> "1.23M", 45600 -> "45.6k". */
export function compactCount(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}

export interface EpisodeBar {
  start(total: number, done: number): void;
  /** An episode ended: the new done count (or +1) and what to show. */
  episode(payload: { done?: number; cleared: number; last?: string }): void;
  /** A model call ended (throttled redraw). */
  call(call: ModelCallReport): void;
  stop(): void;
}

/** `command {bar} done/total episodes | cleared n | 3.2 calls/s | 12.3k tokens | eta left [| last: ...]`. */
export function episodeBar(command: string, options: Options & { showLast?: boolean } = {}): EpisodeBar {
  const { showLast, ...barOptions } = options;
  const format =
    `${command} {bar} {value}/{total} episodes | cleared {cleared} | {rate} calls/s | {tokens} tokens | {eta_formatted} left` +
    (showLast ? ' | last: {last}' : '');
  const bar = new SingleBar({ format, ...barOptions }, Presets.shades_classic);
  let meter = callMeter();
  const stats = () => ({ rate: meter.perSecond().toFixed(1), tokens: compactCount(meter.tokens) });
  return {
    start(total, done) {
      meter = callMeter();
      bar.start(total, done, { cleared: 0, last: '-', ...stats() });
    },
    episode({ done, cleared, last }) {
      const payload = { cleared, ...(last !== undefined ? { last } : {}), ...stats() };
      if (done === undefined) bar.increment(1, payload);
      else bar.update(done, payload);
    },
    call(call) {
      meter.add(call);
      bar.update(stats());
    },
    stop: () => bar.stop(),
  };
}
