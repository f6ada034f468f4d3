// Recordings as the page shows and saves them: a user game's PUT body, the rows of the recordings
// panel (newest first, source, result, when, ticks, linked trace), the lens links, and what a replay
// must reach (the recorded tick and outcome). Pure and DOM-free; tested in Node.
import type { Game } from '../../game/game.js';
import type { DemoRecord } from '../../game/schemas.js';
import type { RecordingBody, RecordingRecord } from './api.js';

/** The PUT body for a finished or lost game played at the keyboard. */
export function userRecordingBody(game: Game): RecordingBody {
  const demo = game.demo();
  return { source: 'user', result: demo.state === 1 ? 'success' : 'failure', demo, finalSnapshot: game.snapshot() };
}

/** Whether the page may offer to save the held game as a user recording. */
export function canSaveUserGame(game: Game, mode: string): boolean {
  return mode === 'play' && game.over && game.state.recording !== null;
}

/** The lens page's address for a run, optionally at one step (0-based trace stepIndex). */
export function lensHref(traceId: string, step?: number): string {
  const q = new URLSearchParams({ trace: traceId });
  if (step !== undefined) q.set('step', String(step));
  return `lens.html?${q.toString()}`;
}

export interface RecordingRow {
  id: string;
  source: 'user' | 'agent';
  result: 'success' | 'failure';
  savedAt: string;
  /** Short local date and time for the list. */
  when: string;
  ticks: number;
  godMode: boolean;
  /** "openai:gpt-4o-mini", "local:local-policy", or null for a user game. */
  solver: string | null;
  failureReason: string | null;
  /** Present when the record's run is still in the trace store. */
  trace: { traceId: string; stepCount: number; href: string } | null;
  demo: DemoRecord;
}

export function formatWhen(iso: string, locale?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function recordingRows(records: RecordingRecord[], locale?: string): RecordingRow[] {
  return [...records]
    .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0))
    .map((r) => {
      const solver = r.solver && (r.solver.provider || r.solver.model) ? `${r.solver.provider ?? '?'}:${r.solver.model ?? '?'}` : null;
      return {
        id: r.id,
        source: r.source,
        result: r.result,
        savedAt: r.savedAt,
        when: formatWhen(r.savedAt, locale),
        ticks: r.demo.time,
        godMode: r.demo.godMode === 1,
        solver,
        failureReason: r.solver?.failureReason ?? null,
        trace: r.trace ? { traceId: r.trace.traceId, stepCount: r.trace.stepCount, href: lensHref(r.trace.traceId) } : null,
        demo: r.demo,
      };
    });
}

/** What a replay must reach: the recorded tick and whether it finished the level. */
export function replayTarget(demo: DemoRecord): { time: number; finished: boolean } {
  return { time: demo.time, finished: demo.state === 1 };
}
