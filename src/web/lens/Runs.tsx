// The run list (newest first: level, outcome, steps, model, slot variants) and a run's step timeline
// (one cell per step, coloured by the chosen candidate's lane, badges for fallback, retry, stall and
// the death that ended the run). Selecting a run or a cell is reported up; the arrow keys move the step.
import type { TimelineAnswer } from '../../lens/types.js';
import type { PackSummary, RunSummary } from './api.js';
import { keyName, laneColor, LANE_COLORS, levelName, shortTime } from './format.js';

export function RunList({
  runs,
  packs,
  current,
  onPick,
}: {
  runs: readonly RunSummary[];
  packs: readonly PackSummary[];
  current: string | null;
  onPick: (traceId: string) => void;
}) {
  return (
    <nav className="panel runs" aria-label="Runs" data-testid="lens-runs">
      <header>
        <h3>Runs</h3>
        <span className="muted">newest first</span>
      </header>
      {runs.length === 0 ? <p className="muted">No agent runs yet: play one on the game page (AI run).</p> : null}
      <ul>
        {runs.map((run) => {
          const result = run.outcome?.result ?? 'unfinished';
          return (
            <li key={run.traceId}>
              <button
                type="button"
                className={run.traceId === current ? 'run current' : 'run'}
                onClick={() => onPick(run.traceId)}
                data-testid="run-item"
                data-trace={run.traceId}
              >
                <span className="run-title">
                  {levelName(packs, run.playData, run.level)}
                  <span className={`badge ${result === 'success' ? 'ok' : result === 'failure' ? 'bad' : 'muted-badge'}`}>{result}</span>
                </span>
                <span className="muted">
                  {run.stepCount} steps · {run.model.modelProfile ?? run.model.provider ?? '?'}
                  {run.model.model ? `:${run.model.model}` : ''} · {shortTime(run.updatedAt)}
                </span>
                <span className="muted small">
                  {Object.entries(run.slots)
                    .map(([slot, v]) => `${slot}=${v}`)
                    .join(' ')}
                </span>
                {run.outcome?.reason ? <span className="muted small">{run.outcome.reason}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Timeline({ timeline, step, onStep }: { timeline: TimelineAnswer; step: number | null; onStep: (n: number) => void }) {
  return (
    <section className="panel timeline" aria-label="Step timeline" data-testid="lens-timeline">
      <header>
        <h3>Steps</h3>
        <span className="legend">
          {Object.entries(LANE_COLORS).map(([lane, color]) => (
            <span key={lane}>
              <i style={{ background: color }} /> {lane}
            </span>
          ))}
          <span>F fallback · R retry · S stall · ☠ death</span>
        </span>
        {!timeline.hasRecording ? <span className="badge warn">no recording: steps cannot be replayed</span> : null}
      </header>
      <div
        className="cells"
        role="listbox"
        tabIndex={0}
        aria-label="Planning steps"
        onKeyDown={(e) => {
          if (step === null) return;
          if (e.key === 'ArrowRight') onStep(Math.min(timeline.cells.length - 1, step + 1));
          if (e.key === 'ArrowLeft') onStep(Math.max(0, step - 1));
        }}
      >
        {timeline.cells.map((cell) => (
          <button
            key={cell.stepIndex}
            type="button"
            role="option"
            aria-selected={cell.stepIndex === step}
            className={cell.stepIndex === step ? 'cell current' : 'cell'}
            style={{ background: laneColor(cell.lane) }}
            title={`step ${cell.stepIndex} · tick ${cell.tick} · ${cell.candidateId ?? 'no choice'} · ${keyName(cell.keyCode)}×${cell.ticks ?? 0}${cell.statuses.length ? ` · ${cell.statuses.join(', ')}` : ''}${cell.stall ? ` · stall ${cell.stall}` : ''}`}
            onClick={() => onStep(cell.stepIndex)}
            data-testid="step-cell"
            data-step={cell.stepIndex}
          >
            {`${cell.death ? '☠' : ''}${cell.fallback ? 'F' : ''}${cell.retry ? 'R' : ''}${cell.stall ? 'S' : ''}`}
          </button>
        ))}
      </div>
    </section>
  );
}
