// The per-arm table as plain text for the terminal (the CLI prints it at the end of a run):
// clear rate with its 95% Wilson interval, median ticks / world record, fallbacks and stalls per
// 100 steps, time per step and the paired wins/losses against the first arm; and the model table
// (calls, tokens, latency, fallbacks and their statuses, cost). Pure.
import type { ArmDetail } from './stats.js';

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function armRows(arms: ArmDetail[]): string[][] {
  const header = [
    'arm',
    'episodes',
    'cleared',
    'clear rate [95% CI]',
    'ticks/WR (median)',
    'fallbacks/100 steps',
    'stalls/100 steps',
    'ms/step',
  ];
  const paired = arms.some((a) => a.paired);
  if (paired) header.push(`vs ${arms[0].id} (+won/-lost)`);
  const rows = arms.map((a) => {
    const row = [
      a.id,
      String(a.episodes),
      String(a.cleared),
      `${pct(a.clearRate)} [${pct(a.clearRateCi[0])}, ${pct(a.clearRateCi[1])}]`,
      a.medianTicksRatio === null ? '-' : `${a.medianTicksRatio.toFixed(2)}x`,
      a.fallbacksPer100Steps.toFixed(1),
      a.stallsPer100Steps.toFixed(1),
      a.msPerStep.toFixed(1),
    ];
    if (paired) row.push(a.paired ? `+${a.paired.gained}/-${a.paired.lost} of ${a.paired.cells}` : 'baseline');
    return row;
  });
  return [header, ...rows];
}

const orDash = (x: number | null, digits = 0) => (x === null ? '-' : x.toFixed(digits));

/** The model side per arm: calls, tokens, latency, what the fallbacks came from, cost. */
export function modelRows(arms: ArmDetail[]): string[][] {
  const header = [
    'arm',
    'model',
    'model calls',
    'prompt tokens',
    'completion tokens',
    'latency p50 / p95 ms',
    'fallbacks',
    'statuses (not ok)',
    'cost USD',
  ];
  const rows = arms.map((a) => {
    const m = a.model;
    const notOk = Object.entries(a.statuses)
      .filter(([k]) => k !== 'ok')
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    return [
      a.id,
      m.model ?? '-',
      String(m.calls),
      String(m.promptTokens),
      String(m.completionTokens),
      `${orDash(m.latencyP50Ms, 1)} / ${orDash(m.latencyP95Ms, 1)}`,
      `${a.fallbacksPer100Steps.toFixed(1)}/100 steps`,
      notOk || '-',
      m.costUsd === null ? '-' : m.costUsd.toFixed(4),
    ];
  });
  return [header, ...rows];
}

function format(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function formatArmTable(arms: ArmDetail[]): string {
  return format(armRows(arms));
}

/** The model table, or '' when no arm counted a model call. */
export function formatModelTable(arms: ArmDetail[]): string {
  return arms.some((a) => a.model.calls > 0) ? format(modelRows(arms)) : '';
}
