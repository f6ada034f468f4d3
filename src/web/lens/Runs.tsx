// The run list (newest first: level, outcome, where a failed run was lost, steps, model, slot
// variants; filtered by outcome, pack/level and profile) and a run's step timeline (one numbered cell
// per step, coloured by the chosen candidate's lane, badges for fallback, retry, stall, the death that
// ended the run and the point of no return). Selections are reported up; the arrow keys move the step.
import { useState } from 'react';
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
  const [outcome, setOutcome] = useState('');
  const [level, setLevel] = useState('');
  const [profile, setProfile] = useState('');
  const profileOf = (run: RunSummary) => run.model.modelProfile ?? run.model.provider ?? '?';
  const levelKey = (run: RunSummary) => `${run.playData}/${run.level}`;
  const levels = [...new Map(runs.map((r) => [levelKey(r), levelName(packs, r.playData, r.level)])).entries()];
  const profiles = [...new Set(runs.map(profileOf))];
  const shown = runs.filter(
    (run) =>
      (!outcome || (run.outcome?.result ?? 'unfinished') === outcome) &&
      (!level || levelKey(run) === level) &&
      (!profile || profileOf(run) === profile),
  );
  return (
    <nav className="panel runs" aria-label="Runs" data-testid="lens-runs">
      <header>
        <h3>Runs</h3>
        <span className="muted">newest first</span>
      </header>
      <div className="run-filters">
        <select aria-label="outcome" value={outcome} onChange={(e) => setOutcome(e.target.value)} data-testid="filter-outcome">
          <option value="">every outcome</option>
          <option value="failure">failure</option>
          <option value="success">success</option>
          <option value="unfinished">unfinished</option>
        </select>
        <select aria-label="pack and level" value={level} onChange={(e) => setLevel(e.target.value)} data-testid="filter-level">
          <option value="">every level</option>
          {levels.map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
        <select aria-label="profile" value={profile} onChange={(e) => setProfile(e.target.value)} data-testid="filter-profile">
          <option value="">every profile</option>
          {profiles.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      {runs.length === 0 ? <p className="muted">No agent runs yet: play one on the game page (AI run).</p> : null}
      {runs.length > 0 && shown.length === 0 ? <p className="muted">No run matches these filters.</p> : null}
      <ul>
        {shown.map((run) => {
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
                {run.lostAt ? (
                  <span className="lost-at small" data-testid="run-lost-at">
                    lost at step {run.lostAt.stepIndex}, tick {run.lostAt.tick}: {run.lostAt.chosen}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Timeline({
  timeline,
  step,
  onStep,
  pointOfNoReturn,
}: {
  timeline: TimelineAnswer;
  step: number | null;
  onStep: (n: number) => void;
  /** The last step from which the level could still be survived (the cause), when known. */
  pointOfNoReturn: number | null;
}) {
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
          <span>F fallback · R retry · S stall · ☠ death · ⚑ point of no return</span>
        </span>
        {!timeline.hasRecording ? (
          <span className="badge warn">
            {timeline.outcome === null ? 'still playing: its steps open when it ends' : 'no recording: steps cannot be replayed'}
          </span>
        ) : null}
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
            className={['cell', cell.stepIndex === step ? 'current' : '', cell.stepIndex === pointOfNoReturn ? 'pnr' : '']
              .filter(Boolean)
              .join(' ')}
            style={{ background: laneColor(cell.lane) }}
            title={`step ${cell.stepIndex}${cell.stepIndex === pointOfNoReturn ? ' · the point of no return' : ''} · tick ${cell.tick} · ${cell.candidateId ?? 'no choice'} · ${keyName(cell.keyCode)}×${cell.ticks ?? 0}${cell.statuses.length ? ` · ${cell.statuses.join(', ')}` : ''}${cell.stall ? ` · stall ${cell.stall}` : ''}`}
            onClick={() => onStep(cell.stepIndex)}
            data-testid="step-cell"
            data-step={cell.stepIndex}
            data-pnr={cell.stepIndex === pointOfNoReturn ? 'true' : undefined}
          >
            <span className="cell-number">{cell.stepIndex}</span>
            <span className="cell-badges">
              {`${cell.stepIndex === pointOfNoReturn ? '⚑' : ''}${cell.death ? '☠' : ''}${cell.fallback ? 'F' : ''}${cell.retry ? 'R' : ''}${cell.stall ? 'S' : ''}`}
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
