// The lens page's entry: the run list -> a run's point of no return (for a failed run, computed
// on demand with a progress line) and step timeline -> one step, re-materialised and verified by the
// server. Keeps the selection in the URL (?trace=<id>&step=<n>, n the stepIndex, numbered the same
// on the game page), loads what it needs through api.ts, and exposes a read-only probe (window.__lens)
// for the e2e test.
import '@xyflow/react/dist/style.css';
import './lens.css';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CauseAnswer } from '../../lens/cause.js';
import type { ReplayAnswer, TimelineAnswer } from '../../lens/types.js';
import { lensApi, type ChartAnswer, type PackSummary, type RunSummary } from './api.js';
import { levelName, locationSearch, readLocation, stepOutOfRange, type LensLocation } from './format.js';
import { RunList, Timeline } from './Runs.js';
import { StepView } from './StepView.js';

declare global {
  interface Window {
    __lens?: {
      trace: string | null;
      step: number | null;
      loading: boolean;
      verified: boolean | null;
      error: string | null;
      cause: CauseAnswer | null;
    };
  }
}

function App() {
  const [loc, setLoc] = useState<LensLocation>(() => readLocation(window.location.search));
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [packs, setPacks] = useState<PackSummary[]>([]);
  const [chart, setChart] = useState<ChartAnswer | null>(null);
  const [timeline, setTimeline] = useState<TimelineAnswer | null>(null);
  const [replay, setReplay] = useState<ReplayAnswer | null>(null);
  const [levelText, setLevelText] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<(CauseAnswer & { cached: boolean }) | null>(null);
  const [causeState, setCauseState] = useState<{ started: number; error: string | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [focusChosen, setFocusChosen] = useState(false);

  const go = useCallback((next: LensLocation) => {
    setLoc(next);
    window.history.pushState(null, '', `${window.location.pathname}${locationSearch(next)}`);
  }, []);

  useEffect(() => {
    const onPop = () => setLoc(readLocation(window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    lensApi.runs().then(setRuns, (e: Error) => setError(`runs: ${e.message}`));
    lensApi.packs().then(setPacks, () => setPacks([]));
    lensApi.chart().then(setChart, () => setChart(null));
  }, []);

  useEffect(() => {
    setTimeline(null);
    if (!loc.trace) return;
    lensApi.timeline(loc.trace).then(
      (t) => {
        setTimeline(t);
        lensApi.levelText(t.playData, t.level).then(setLevelText, () => setLevelText(null));
      },
      (e: Error) => setError(e.message),
    );
  }, [loc.trace]);

  // A run still being played (opened from the game page's "Inspect this step") has no recording yet:
  // its steps open once it ends and saves one, so the page looks again every two seconds until then.
  const playing = timeline !== null && !timeline.hasRecording && timeline.outcome === null;
  useEffect(() => {
    if (!playing || !loc.trace) return;
    const trace = loc.trace;
    const timer = setInterval(() => {
      lensApi.timeline(trace).then(
        (t) => {
          if (t.hasRecording || t.outcome) {
            setTimeline(t);
            lensApi.runs().then(setRuns, () => {});
          }
        },
        () => {},
      );
    }, 2000);
    return () => clearInterval(timer);
  }, [playing, loc.trace]);

  const timelineTrace = timeline?.traceId ?? null;
  const outcomeResult = (timeline?.outcome as { result?: string } | null)?.result ?? null;
  const outOfRange = timeline !== null && timeline.traceId === loc.trace ? stepOutOfRange(loc, timeline.cells.length) : null;
  const replayable = timeline !== null && timeline.traceId === loc.trace && timeline.hasRecording && outOfRange === null;
  // A failed run's point of no return: computed by the server on first ask (a worker, up to its stated
  // time limit), cached with the run after that.
  useEffect(() => {
    setCause(null);
    setCauseState(null);
    if (!loc.trace || timelineTrace !== loc.trace || outcomeResult !== 'failure') return;
    let live = true;
    setCauseState({ started: Date.now(), error: null });
    lensApi.cause(loc.trace).then(
      (c) => {
        if (!live) return;
        setCause(c);
        setCauseState(null);
        if (c.pointOfNoReturn) {
          const lost = { stepIndex: c.pointOfNoReturn.stepIndex, tick: c.pointOfNoReturn.tick, chosen: c.decisive?.chosen.summary ?? '' };
          setRuns((list) => list.map((r) => (r.traceId === c.traceId ? { ...r, lostAt: lost } : r)));
        }
      },
      (e: Error) => live && setCauseState((st) => ({ started: st?.started ?? Date.now(), error: e.message })),
    );
    return () => {
      live = false;
    };
  }, [loc.trace, timelineTrace, outcomeResult]);

  useEffect(() => {
    if (!causeState || causeState.error) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [causeState]);

  useEffect(() => {
    setReplay(null);
    if (!loc.trace || loc.step === null || !replayable) return;
    let live = true;
    setLoading(true);
    setError(null);
    lensApi.replay(loc.trace, loc.step, loc.seed).then(
      (r) => live && setReplay(r),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [loc.trace, loc.step, loc.seed, replayable]);

  useEffect(() => {
    if (replay || error) setLoading(false);
  }, [replay, error]);

  useEffect(() => {
    // a replay of the step shown, not the one before it (cleared only after this render)
    const shown = replay && replay.traceId === loc.trace && replay.stepIndex === loc.step ? replay : null;
    window.__lens = { trace: loc.trace, step: loc.step, loading, verified: shown ? shown.verified : null, error, cause };
  }, [loc, loading, replay, error, cause]);

  const decisive = cause?.decisive ?? null;
  const jumpToCause = () => {
    if (!decisive || !loc.trace) return;
    setFocusChosen(true);
    go({ trace: loc.trace, step: decisive.stepIndex, seed: loc.seed ?? null });
  };

  const run = runs.find((r) => r.traceId === loc.trace);
  return (
    <>
      <header className="topbar">
        <h1>
          <a href="./">footprint-runner</a> · lens
        </h1>
        <p className="tagline">backtrack a move through its stage receipts — verified and replayable</p>
        {run ? (
          <p className="crumb">
            {levelName(packs, run.playData, run.level)} · <code>{run.traceId}</code>
            {loc.step !== null ? ` · step ${loc.step}` : ''}
          </p>
        ) : null}
      </header>
      <main className="lens-layout">
        <RunList runs={runs} packs={packs} current={loc.trace} onPick={(trace) => go({ trace, step: null, seed: null })} />
        <div className="lens-main">
          {causeState && !causeState.error ? (
            <p className="panel muted" data-testid="cause-progress" role="status">
              Finding where the run was lost: re-playing its steps and searching for a survival from each, back from the death (
              {Math.round((now - causeState.started) / 1000)} s; at most {Math.round((cause?.timeLimitMs ?? 60_000) / 1000)} s)…
            </p>
          ) : null}
          {causeState?.error ? (
            <p className="panel bad-text" role="alert">
              The point of no return could not be computed: {causeState.error}
            </p>
          ) : null}
          {cause ? (
            <section className="panel cause" aria-label="Cause" data-testid="lens-cause">
              {decisive && cause.pointOfNoReturn ? (
                <>
                  <p>
                    <strong>
                      Lost at step {cause.pointOfNoReturn.stepIndex}, tick {cause.pointOfNoReturn.tick}:
                    </strong>{' '}
                    {decisive.chosen.summary}
                  </p>
                  <p className="muted">{cause.note}</p>
                  <button type="button" className="primary" onClick={jumpToCause} data-testid="jump-to-cause">
                    Jump to the cause
                  </button>
                </>
              ) : (
                <p className="muted" data-testid="cause-none">
                  {cause.note}
                </p>
              )}
              {cause.clearNote ? (
                <p className={cause.stillClearable ? '' : 'muted'} data-testid="cause-clearable">
                  {cause.stillClearable ? (
                    <strong>
                      Still clearable from step {cause.stillClearable.stepIndex}, tick {cause.stillClearable.tick}:
                    </strong>
                  ) : null}{' '}
                  {cause.clearNote}
                </p>
              ) : null}
              <span className="muted small">
                {cause.checked.length} steps searched · {cause.budgetTicks.toLocaleString('en-US')} ticks each at most ·{' '}
                {(cause.elapsedMs / 1000).toFixed(1)} s{cause.cached ? ' (cached)' : ''}
              </span>
            </section>
          ) : null}
          {timeline ? (
            <Timeline
              timeline={timeline}
              step={loc.step}
              onStep={(step) => {
                setFocusChosen(false);
                go({ ...loc, step });
              }}
              pointOfNoReturn={cause?.pointOfNoReturn?.stepIndex ?? null}
            />
          ) : null}
          {error ? (
            <p className="panel bad-text" role="alert" data-testid="lens-error">
              {error}{' '}
              {loc.seed != null ? (
                <button type="button" onClick={() => go({ ...loc, seed: null })}>
                  Replay without the seed
                </button>
              ) : null}
            </p>
          ) : null}
          {outOfRange ? (
            <p className="panel bad-text" role="alert" data-testid="step-out-of-range">
              {outOfRange}
            </p>
          ) : null}
          {playing ? (
            <p className="panel muted" data-testid="run-playing" role="status">
              This run is still being played: its steps open here once it ends and its recording is saved.
            </p>
          ) : null}
          {timeline && !timeline.hasRecording && timeline.outcome !== null ? (
            <p className="panel muted">This run has no saved recording, so its steps cannot be re-played.</p>
          ) : null}
          {loading && !replay ? <p className="panel muted">Re-materialising the step (replaying the recording, re-planning)…</p> : null}
          {replay ? (
            <StepView
              replay={replay}
              levelText={levelText}
              defaultChart={chart}
              seed={loc.seed ?? null}
              alternative={decisive && decisive.stepIndex === replay.stepIndex ? decisive.alternative : null}
              focusChosen={focusChosen && decisive?.stepIndex === replay.stepIndex}
            />
          ) : null}
          {!loc.trace ? <p className="panel muted">Pick a run on the left, then a step.</p> : null}
          {loc.trace && loc.step === null && timeline ? (
            <p className="panel muted">
              Pick a step in the timeline
              {cause?.pointOfNoReturn ? ', or jump to the cause above' : ' (the last one shows how the run ended)'}.
            </p>
          ) : null}
        </div>
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
