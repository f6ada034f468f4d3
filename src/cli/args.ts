// Shared command-line parsing for play, eval and experiments: level ranges ("1-30,42") and slot
// overrides ("candidates=geometric,stall-report=off"), with errors a person can act on.

export function parseLevelRanges(text: string, max: number): number[] {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) throw new Error(`"${part}" is not a level or a range like 1-30`);
    const a = Number(m[1]);
    const b = Number(m[2] ?? m[1]);
    if (a < 1 || b > max || a > b) throw new Error(`levels must lie in 1..${max}; got ${part}`);
    for (let l = a; l <= b; l++) out.add(l);
  }
  return [...out].sort((p, q) => p - q);
}

export function parseSlots(text: string | undefined): Record<string, string> {
  const slots: Record<string, string> = {};
  if (!text) return slots;
  for (const part of text.split(',')) {
    const [slot, variant, extra] = part.split('=').map((s) => s.trim());
    if (!slot || !variant || extra !== undefined)
      throw new Error(`--slots takes slot=variant pairs like candidates=geometric; got "${part}"`);
    slots[slot] = variant;
  }
  return slots;
}

export function fail(command: string, message: string): never {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(2);
}

export const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
