// The per-arm table as plain text for the terminal (the CLI prints it at the end of a run):
// clear rate with its 95% Wilson interval, median ticks / world record, fallbacks and stalls per
// 100 steps, time per step and the paired wins/losses against the first arm. Pure.
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

export function formatArmTable(arms: ArmDetail[]): string {
  const rows = armRows(arms);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
