// Each executed stage's receipt at a step: kind, status, duration, and (expanded) its reads and writes
// with full values, its emits and the selector's or decider's evidence. The stages of the current hop
// are highlighted and scrolled into view; clicking a row selects the stage (and the chart follows).
import { useEffect, useRef } from 'react';
import type { StageReceipt } from '../../../recorders/stageReceipts.js';
import { printValue, scrollWithin } from './format.js';

export interface ReceiptsProps {
  stages: readonly StageReceipt[];
  open: string | null;
  highlighted: readonly string[];
  onOpen: (runtimeStageId: string | null) => void;
}

function Touches({ title, touches }: { title: string; touches: StageReceipt['reads'] | StageReceipt['writes'] }) {
  if (touches.length === 0) return null;
  return (
    <div className="touches">
      <h5>{title}</h5>
      {touches.map((t, i) => (
        <details key={`${t.key}-${i}`}>
          <summary>
            <code>{t.key}</code>
            {'op' in t ? <span className="muted"> {String(t.op)}</span> : null}
            {t.count ? <span className="muted"> ×{t.count}</span> : null}
            {t.summary ? <span className="muted"> — {t.summary}</span> : null}
          </summary>
          <pre>{t.value === undefined ? '(value not captured)' : printValue(t.value)}</pre>
        </details>
      ))}
    </div>
  );
}

export function Receipts({ stages, open, highlighted, onOpen }: ReceiptsProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const first = highlighted[0];
    if (!first) return;
    scrollWithin(listRef.current, listRef.current?.querySelector(`[data-stage="${CSS.escape(first)}"]`));
  }, [highlighted]);
  return (
    <section className="panel receipts" aria-label="Stage receipts" data-testid="lens-receipts">
      <header>
        <h3>Stage receipts</h3>
        <span className="muted">{stages.length} stages</span>
      </header>
      <ol ref={listRef}>
        {stages.map((s) => {
          const isOpen = open === s.runtimeStageId;
          const lit = highlighted.includes(s.runtimeStageId);
          return (
            <li
              key={s.runtimeStageId}
              data-stage={s.runtimeStageId}
              className={`${lit ? 'lit' : ''} ${s.status === 'error' ? 'error' : ''}`}
            >
              <button
                type="button"
                className="receipt-head"
                aria-expanded={isOpen}
                onClick={() => onOpen(isOpen ? null : s.runtimeStageId)}
              >
                <code>{s.runtimeStageId}</code>
                <span className="muted">{s.kind}</span>
                <span className={`badge ${s.status === 'ok' ? 'ok' : 'bad'}`}>{s.status}</span>
                <span className="muted">{s.durationMs === null ? '—' : `${s.durationMs.toFixed(2)} ms`}</span>
                <span className="muted">
                  {s.reads.length} reads · {s.writes.length} writes
                </span>
              </button>
              {isOpen ? (
                <div className="receipt-body" data-testid="receipt-body">
                  <Touches title="reads" touches={s.reads} />
                  <Touches title="writes" touches={s.writes} />
                  {s.emits.length ? (
                    <div className="touches">
                      <h5>emits</h5>
                      {s.emits.map((e, i) => (
                        <details key={i}>
                          <summary>
                            <code>{e.name}</code>
                          </summary>
                          <pre>{printValue(e.payload)}</pre>
                        </details>
                      ))}
                    </div>
                  ) : null}
                  {s.selection ? (
                    <div className="touches">
                      <h5>selection</h5>
                      <ul>
                        {[...s.selection.selected, ...s.selection.skipped].map((r) => (
                          <li key={r.branch}>
                            {r.matched ? '✓' : '✗'} <code>{r.branch}</code> {r.rule} {r.evidence.join('; ')}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {s.decision ? (
                    <div className="touches">
                      <h5>decision: {s.decision.chosen}</h5>
                      <ul>
                        {s.decision.rules.map((r) => (
                          <li key={r.branch}>
                            {r.matched ? '✓' : '✗'} <code>{r.branch}</code> {r.rule} {r.evidence.join('; ')}
                          </li>
                        ))}
                        {s.decision.defaultLabel ? <li className="muted">default: {s.decision.defaultLabel}</li> : null}
                      </ul>
                    </div>
                  ) : null}
                  {s.error ? <p className="bad-text">{s.error}</p> : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
