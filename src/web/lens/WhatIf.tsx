// What if: pick other slot variants and/or force a candidate (a shown one, or a proposal the chart
// rejected, with why), or run the surviving key sequence the cause found; choose a horizon in ticks,
// run the counterfactual, and see the what-if's fate beside what really happened at the same ticks
// (both paths are also drawn on the board).
import { useState } from 'react';
import type { CounterfactualAnswer, OutcomeSummary, ReplayAnswer } from '../../lens/types.js';
import { keyName } from './format.js';

export interface WhatIfProps {
  replay: ReplayAnswer;
  running: boolean;
  error: string | null;
  result: CounterfactualAnswer | null;
  onRun: (body: WhatIfBody) => void;
  /** The surviving alternative the cause found at this step (posted as it is), when this is the decisive step. */
  alternative: { forceKeys: { keyCode: number; ticks: number }[]; horizonTicks: number } | null;
}

export interface WhatIfBody {
  slots?: Record<string, string>;
  forceCandidateId?: string;
  forceKeys?: { keyCode: number; ticks: number }[];
  horizonTicks?: number;
}

function fate(o: OutcomeSummary): string {
  if (o.cleared) return `cleared at tick ${o.tick}`;
  if (!o.alive) return `dead at tick ${o.diedAtTick ?? o.tick}`;
  return `alive at tick ${o.tick}`;
}

function Outcome({ title, o, testId }: { title: string; o: OutcomeSummary; testId: string }) {
  return (
    <div className={`outcome ${o.alive ? '' : 'dead'}`} data-testid={testId}>
      <h4>{title}</h4>
      <dl>
        <dt>state</dt>
        <dd>
          <span className={`badge ${o.alive ? 'ok' : 'bad'}`} data-testid={`${testId}-fate`}>
            {fate(o)}
          </span>
        </dd>
        <dt>runner</dt>
        <dd>
          ({o.runner.x},{o.runner.y})
        </dd>
        <dt>gold left</dt>
        <dd>
          {o.goldRemaining}
          {o.goldComplete ? ' (all taken)' : ''}
        </dd>
        <dt>ticks · moves</dt>
        <dd>
          {o.ticks} · {o.steps}
        </dd>
      </dl>
    </div>
  );
}

export function WhatIf({ replay, running, error, result, onRun, alternative }: WhatIfProps) {
  const [slots, setSlots] = useState<Record<string, string>>({ ...replay.chartSnapshot.variants });
  const [force, setForce] = useState('');
  const [horizon, setHorizon] = useState('');
  const rejected = replay.dispositions.filter((d) => d.disposition !== 'exposed');
  const changed = Object.fromEntries(Object.entries(slots).filter(([slot, v]) => replay.chartSnapshot.variants[slot] !== v));
  return (
    <section className="panel whatif" aria-label="What if" data-testid="lens-whatif">
      <header>
        <h3>What if</h3>
        <span className="muted">re-plan this step, play it forward, compare</span>
      </header>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onRun({
            ...(Object.keys(changed).length ? { slots: changed } : {}),
            ...(force ? { forceCandidateId: force } : {}),
            ...(horizon ? { horizonTicks: Number(horizon) } : {}),
          });
        }}
      >
        <fieldset>
          <legend>Slot variants</legend>
          {Object.entries(replay.chartSnapshot.available).map(([slot, variants]) => (
            <label key={slot}>
              {slot}
              <select value={slots[slot]} onChange={(e) => setSlots({ ...slots, [slot]: e.target.value })} data-testid={`variant-${slot}`}>
                {variants.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <label>
          Force candidate
          <select value={force} onChange={(e) => setForce(e.target.value)} data-testid="force-candidate">
            <option value="">— the model decides —</option>
            <optgroup label="shown">
              {replay.candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.id} ({keyName(c.firstAction.keyCode)}){c.chosen ? ' ← chosen' : ''}
                </option>
              ))}
            </optgroup>
            {rejected.length ? (
              <optgroup label="not shown (why)">
                {rejected.map((d, i) => (
                  <option key={`${d.id}-${i}`} value={d.id}>
                    {d.id} — {d.disposition}: {d.why}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </label>
        <label>
          Horizon
          <input
            type="number"
            min={1}
            max={3000}
            value={horizon}
            placeholder="until the end"
            onChange={(e) => setHorizon(e.target.value === '' ? '' : String(Math.max(1, Math.min(3000, Number(e.target.value) || 1))))}
            data-testid="whatif-horizon"
          />
          <span className="muted">ticks (empty: until death, clear, or 600)</span>
        </label>
        <button type="submit" className="primary" disabled={running} data-testid="whatif-run">
          {running ? 'Running…' : 'Run what-if'}
        </button>
        {alternative ? (
          <button
            type="button"
            disabled={running}
            data-testid="whatif-alternative"
            title={`the ${alternative.forceKeys.length} keys the survival search found from this step`}
            onClick={() => onRun({ forceKeys: alternative.forceKeys, horizonTicks: alternative.horizonTicks })}
          >
            Play the surviving alternative
          </button>
        ) : null}
      </form>
      {error ? <p className="bad-text">{error}</p> : null}
      {result ? (
        <div className="whatif-result" data-testid="whatif-result">
          <p>
            New choice:{' '}
            {result.request.forceKeys ? (
              `${result.request.forceKeys.length} forced keys, starting ${keyName(result.request.forceKeys[0]?.keyCode)}`
            ) : (
              <>
                <code>{result.choice.candidateId ?? 'none'}</code> ({keyName(result.choice.action?.keyCode)} ×{' '}
                {result.choice.action?.ticks ?? 0})
              </>
            )}
            {result.choice.forcedPastValidation ? (
              <span className="badge warn" title={result.choice.forcedWhy ?? ''}>
                forced past validation: {result.choice.forcedDisposition}
              </span>
            ) : null}{' '}
            — was <code>{result.original.candidateId ?? 'none'}</code>
          </p>
          {result.choice.forcedWhy ? <p className="muted">why the chart would not pick it: {result.choice.forcedWhy}</p> : null}
          <div className="side-by-side">
            <Outcome title="What if" o={result.whatIf} testId="whatif-outcome" />
            <Outcome title="What really happened" o={result.actual} testId="actual-outcome" />
          </div>
          <p className="muted">{result.policy}; the board shows the what-if path (pink) and the real one (dashed cyan).</p>
        </div>
      ) : null}
    </section>
  );
}
