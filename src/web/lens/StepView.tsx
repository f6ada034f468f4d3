// One step, re-materialised and verified: the header (tick, choice, the verified badge and its
// mismatches), the board with the candidates and the current hop, the backtrack chain, the planning
// chart, the stage receipts, the prompt with the model's answer, and the what-if. Holds the step's
// view state (hop, scrub, open receipt, what-if result); data comes from the replay answer.
import { useEffect, useMemo, useState } from 'react';
import type { CounterfactualAnswer, ReplayAnswer } from '../../lens/types.js';
import { lensApi } from './api.js';
import { Backtrack } from './Backtrack.js';
import { Board } from './Board.js';
import { ChartPanel } from './ChartPanel.js';
import { keyName, stageIdOf } from './format.js';
import { PromptView } from './PromptView.js';
import { Receipts } from './Receipts.js';
import { WhatIf, type WhatIfBody } from './WhatIf.js';

export interface StepViewProps {
  replay: ReplayAnswer;
  levelText: string | null;
  defaultChart: { variants: Record<string, string>; structure: unknown } | null;
  /** The surviving alternative the run's cause found, when this is its decisive step. */
  alternative: { forceKeys: { keyCode: number; ticks: number }[]; horizonTicks: number } | null;
  /** Open with the backtrack on the chosen candidate (arriving from "Jump to the cause"). */
  focusChosen: boolean;
  /** The engine seed from the URL (`&seed=`), when one was given; the lens never needs it, the trace keeps the random state. */
  seed: number | null;
}

const sameVariants = (a: Record<string, string>, b: Record<string, string>) => Object.keys({ ...a, ...b }).every((k) => a[k] === b[k]);

export function StepView({ replay, levelText, defaultChart, seed, alternative, focusChosen }: StepViewProps) {
  const [hop, setHop] = useState(0);
  const [scrub, setScrub] = useState(replay.chartSnapshot.executed.length);
  const [open, setOpen] = useState<string | null>(null);
  const [whatIf, setWhatIf] = useState<CounterfactualAnswer | null>(null);
  const [running, setRunning] = useState(false);
  const [whatIfError, setWhatIfError] = useState<string | null>(null);

  const candidateHop = Math.max(
    0,
    replay.backtrack.findIndex((h) => h.id === 'candidate'),
  );
  useEffect(() => {
    setHop(focusChosen ? candidateHop : 0);
    setScrub(replay.chartSnapshot.executed.length);
    setOpen(null);
    setWhatIf(null);
    setWhatIfError(null);
  }, [replay, focusChosen, candidateHop]);

  const current = replay.backtrack[hop];
  const highlighted = useMemo(() => {
    if (current?.stages.length) return current.stages;
    return open ? [open] : [];
  }, [current, open]);
  // The chart from GET /api/agent/chart when the step ran the default variants, else the step's own structure.
  const structure =
    defaultChart && sameVariants(defaultChart.variants, replay.chartSnapshot.variants)
      ? defaultChart.structure
      : replay.chartSnapshot.structure;

  const runWhatIf = async (body: WhatIfBody) => {
    setRunning(true);
    setWhatIfError(null);
    try {
      setWhatIf(await lensApi.counterfactual(replay.traceId, replay.stepIndex, { ...body, ...(seed !== null ? { seed } : {}) }));
    } catch (error) {
      setWhatIfError((error as Error).message);
    } finally {
      setRunning(false);
    }
  };

  const chosen = replay.chosen;
  return (
    <div className="step-view" data-testid="lens-step" data-step={replay.stepIndex}>
      <header className="panel step-head">
        <div>
          <h2>
            Step {replay.stepIndex} <span className="muted">tick {replay.snapshot.tick}</span>
          </h2>
          <p>
            chose <code>{chosen.candidateId ?? 'nothing'}</code> → {keyName(chosen.action?.keyCode)} × {chosen.action?.ticks ?? 0}
          </p>
        </div>
        <div className="verify">
          {replay.verified ? (
            <span
              className="badge ok big"
              data-testid="verified-badge"
              data-verified="true"
              title={`${replay.compared} stored hashes recomputed and equal`}
            >
              verified ✓
            </span>
          ) : (
            <span className="badge bad big" data-testid="verified-badge" data-verified="false">
              not verified
            </span>
          )}
          <span className="muted">
            {replay.compared} hashes compared · replayed in {replay.durationMs} ms
          </span>
          {replay.mismatches.length ? (
            <ul className="mismatches" data-testid="mismatches">
              {replay.mismatches.map((m) => (
                <li key={m.name}>
                  <code>{m.name}</code>: stored {m.stored ?? '—'}, recomputed {m.recomputed ?? '—'}
                </li>
              ))}
            </ul>
          ) : null}
          {replay.checks.some((c) => !c.ok) ? (
            <ul className="mismatches">
              {replay.checks
                .filter((c) => !c.ok)
                .map((c) => (
                  <li key={c.name}>
                    {c.name}: stored {c.stored}, recomputed {c.recomputed}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className="row board-row">
        <section className="panel board-panel" aria-label="Board">
          <header>
            <h3>Board</h3>
            <span className="muted">yellow: chosen route and target · diamonds: other candidates (by lane) · rings: this hop</span>
          </header>
          <Board
            snapshot={replay.snapshot}
            levelText={levelText}
            candidates={replay.candidates}
            marks={current?.marks ?? []}
            paths={
              whatIf
                ? {
                    whatIf: whatIf.whatIf.path,
                    actual: whatIf.actual.path,
                    start: { x: replay.snapshot.runner.x, y: replay.snapshot.runner.y },
                  }
                : undefined
            }
          />
          <table className="candidates" data-testid="lens-candidates">
            <thead>
              <tr>
                <th>candidate</th>
                <th>lane</th>
                <th>score</th>
                <th>action</th>
                <th>simulated outcome</th>
              </tr>
            </thead>
            <tbody>
              {replay.candidates.map((c) => (
                <tr key={c.id} className={c.chosen ? 'chosen' : ''}>
                  <td>
                    <code>{c.id}</code>
                  </td>
                  <td>{c.lane}</td>
                  <td
                    title={Object.entries(c.scoreParts)
                      .map(([k, v]) => `${k} ${v}`)
                      .join(', ')}
                  >
                    {c.score}
                  </td>
                  <td>
                    {keyName(c.firstAction.keyCode)} × {c.firstAction.ticks}
                  </td>
                  <td>
                    {c.outcome
                      ? `(${c.outcome.runner.x},${c.outcome.runner.y}) ${c.outcome.died ? '☠' : ''} gold+${c.outcome.goldTaken}`
                      : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <Backtrack hops={replay.backtrack} at={hop} onAt={setHop} />
      </div>

      <div className="row">
        <ChartPanel
          structure={structure}
          chart={replay.chartSnapshot}
          scrub={scrub}
          onScrub={(i) => {
            setScrub(i);
            const stage = replay.chartSnapshot.executed[i];
            if (stage) setOpen(stage.runtimeStageId);
          }}
          highlighted={highlighted}
          onStage={(stageId) => {
            const run = [...replay.stages].reverse().find((s) => s.stageId === stageId || stageIdOf(s.runtimeStageId) === stageId);
            if (run) setOpen(run.runtimeStageId);
          }}
        />
        <Receipts stages={replay.stages} open={open} highlighted={highlighted} onOpen={setOpen} />
      </div>

      <div className="row">
        <PromptView
          prompt={replay.prompt}
          attempts={replay.prompts.length}
          answer={replay.modelAnswer}
          validation={replay.validation}
          highlight={current?.prompt}
        />
        <div className="col">
          <WhatIf
            key={`${replay.traceId}:${replay.stepIndex}`}
            replay={replay}
            running={running}
            error={whatIfError}
            result={whatIf}
            onRun={runWhatIf}
            alternative={alternative}
          />
          <section className="panel narrative" aria-label="Narrative">
            <header>
              <h3>Narrative</h3>
              <span className="muted">footprintjs’ own account of the run</span>
            </header>
            <ol>
              {replay.narrative.map((e, i) => (
                <li key={i} className={`n-${e.type}`}>
                  {e.text}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}
