// Small pure helpers of the lens page: key names, lane and slot colours, stage ids from runtime ids,
// level names, value printing, and the page's URL (?trace=<id>&step=<n>, n the 0-based stepIndex).
// No DOM beyond reading/writing the URL string it is given.

const KEY_NAMES: Record<number, string> = { 37: 'left', 38: 'up', 39: 'right', 40: 'down', 32: 'stop', 90: 'dig left', 88: 'dig right' };
export const keyName = (keyCode: number | null | undefined) => (keyCode == null ? '—' : (KEY_NAMES[keyCode] ?? `key ${keyCode}`));

export const LANE_COLORS: Record<string, string> = {
  progress: '#49d18a',
  safety: '#ffc857',
  environment: '#6fb7ff',
  fallback: '#8a93ad',
};
export const laneColor = (lane: string | null | undefined) => LANE_COLORS[lane ?? ''] ?? '#55607d';

export const SLOT_COLORS: Record<string, string> = {
  task: '#8a93ad',
  rules: '#6f7ca3',
  'state-summary': '#6fb7ff',
  'stall-report': '#ff9f6b',
  candidates: '#49d18a',
  history: '#b596ff',
  retry: '#ff6b7f',
};
export const slotColor = (slot: string) => SLOT_COLORS[slot] ?? '#9aa6c4';

/** `sf-candidates/propose-candidates#6` -> `sf-candidates/propose-candidates`. */
export const stageIdOf = (runtimeStageId: string) => {
  const hash = runtimeStageId.lastIndexOf('#');
  return hash < 0 ? runtimeStageId : runtimeStageId.slice(0, hash);
};

export function levelName(packs: readonly { playData: number; name: string }[], playData: number, level: number): string {
  return `${packs.find((p) => p.playData === playData)?.name ?? `Pack ${playData}`} ${level}`;
}

/** A value as readable text, cut to `max` characters. */
export function printValue(value: unknown, max = 4000): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters)` : text;
}

export function shortTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export interface LensLocation {
  trace: string | null;
  step: number | null;
  /** The live game's engine seed, when known (replays the run's random generator exactly). */
  seed?: number | null;
  /** A `step=` that is not a step number, as given (the page answers it with the valid range). */
  badStep?: string | null;
}

const integer = (value: string | null) => (value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null);

export function readLocation(search: string): LensLocation {
  const q = new URLSearchParams(search);
  const rawStep = q.get('step');
  const step = integer(rawStep);
  return { trace: q.get('trace') || null, step, seed: integer(q.get('seed')), badStep: rawStep !== null && step === null ? rawStep : null };
}

/** What the page says about a `step=` outside the run (or not a number): the valid range. */
export function stepOutOfRange(loc: LensLocation, stepCount: number): string | null {
  const range = stepCount > 0 ? `its steps are 0 to ${stepCount - 1}` : 'it has no steps yet';
  if (loc.badStep != null) return `step=${loc.badStep} is not a step number: ${range}. Pick one in the timeline.`;
  if (loc.step !== null && loc.step >= stepCount) return `This run has no step ${loc.step}: ${range}. Pick one in the timeline.`;
  return null;
}

export function locationSearch(loc: LensLocation): string {
  const q = new URLSearchParams();
  if (loc.trace) q.set('trace', loc.trace);
  if (loc.trace && loc.step !== null) q.set('step', String(loc.step));
  if (loc.trace && loc.seed != null) q.set('seed', String(loc.seed));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Scroll `container` (not the page) so that `el` is in view. */
export function scrollWithin(container: HTMLElement | null, el: Element | null | undefined): void {
  if (!container || !el) return;
  const box = container.getBoundingClientRect();
  const at = el.getBoundingClientRect();
  if (at.top < box.top || at.bottom > box.bottom) container.scrollTop += at.top - box.top - 8;
}
