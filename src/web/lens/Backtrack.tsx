// The backtrack chain: starts at the action and walks back one hop per click — chosen candidate, model
// choice, the prompt line that showed it, the slot and stage that wrote it, the facts it used. The
// current hop's details are shown here; the board, the chart, the receipts and the prompt follow it.
import type { Hop } from '../../lens/types.js';

export interface BacktrackProps {
  hops: readonly Hop[];
  at: number;
  onAt: (index: number) => void;
}

export function Backtrack({ hops, at, onAt }: BacktrackProps) {
  const hop = hops[at];
  return (
    <section className="panel backtrack" aria-label="Backtrack" data-testid="lens-backtrack">
      <header>
        <h3>Backtrack</h3>
        <span className="muted">why did the agent do this?</span>
      </header>
      <ol className="hops">
        {hops.map((h, i) => (
          <li key={h.id}>
            <button
              type="button"
              className={i === at ? 'hop current' : i < at ? 'hop visited' : 'hop'}
              onClick={() => onAt(i)}
              aria-current={i === at ? 'step' : undefined}
              data-testid={`hop-${h.id}`}
            >
              {i > 0 ? '← ' : ''}
              {h.title}
            </button>
          </li>
        ))}
      </ol>
      <div className="hop-nav">
        <button type="button" onClick={() => onAt(Math.max(0, at - 1))} disabled={at === 0}>
          Forward →
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => onAt(Math.min(hops.length - 1, at + 1))}
          disabled={at >= hops.length - 1}
          data-testid="hop-back"
        >
          ← Back one hop
        </button>
      </div>
      {hop ? (
        <div className="hop-detail" data-testid="hop-detail" data-hop={hop.id}>
          <h4>{hop.title}</h4>
          <p>{hop.summary}</p>
          <dl>
            {hop.details.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>
                  <pre>{v}</pre>
                </dd>
              </div>
            ))}
          </dl>
          {hop.stages.length ? (
            <p className="muted">
              stages:{' '}
              {hop.stages.map((s) => (
                <code key={s}>{s} </code>
              ))}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
