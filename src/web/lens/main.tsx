// The lens page's entry: the run list -> a run's step timeline -> one step, re-materialised and
// verified by the server. Keeps the selection in the URL (?trace=<id>&step=<n>, n the 0-based
// stepIndex, the game page links the same way), loads what it needs through api.ts, and exposes a
// read-only probe (window.__lens) for the e2e test.
import '@xyflow/react/dist/style.css';
import './lens.css';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ReplayAnswer, TimelineAnswer } from '../../lens/types.js';
import { lensApi, type ChartAnswer, type PackSummary, type RunSummary } from './api.js';
import { levelName, locationSearch, readLocation, type LensLocation } from './format.js';
import { RunList, Timeline } from './Runs.js';
import { StepView } from './StepView.js';

declare global {
  interface Window {
    __lens?: { trace: string | null; step: number | null; loading: boolean; verified: boolean | null; error: string | null };
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

  useEffect(() => {
    setReplay(null);
    if (!loc.trace || loc.step === null) return;
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
  }, [loc.trace, loc.step, loc.seed]);

  useEffect(() => {
    if (replay || error) setLoading(false);
  }, [replay, error]);

  useEffect(() => {
    window.__lens = { trace: loc.trace, step: loc.step, loading, verified: replay ? replay.verified : null, error };
  }, [loc, loading, replay, error]);

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
          {timeline ? <Timeline timeline={timeline} step={loc.step} onStep={(step) => go({ ...loc, step })} /> : null}
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
          {loading && !replay ? <p className="panel muted">Re-materialising the step (replaying the recording, re-planning)…</p> : null}
          {replay ? <StepView replay={replay} levelText={levelText} defaultChart={chart} seed={loc.seed ?? null} /> : null}
          {!loc.trace ? <p className="panel muted">Pick a run on the left, then a step.</p> : null}
          {loc.trace && loc.step === null && timeline ? (
            <p className="panel muted">Pick a step in the timeline (the last one shows how the run ended).</p>
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
