// The planning chart at a step, drawn by footprint-explainable-ui's TracedFlow: the chart structure
// (GET /api/agent/chart, or the step's own variants) with the step's executed stages lit, the slots
// the selector skipped dimmed (their rule and evidence listed under the chart), a time-travel slider
// over the stages in execution order, and the current backtrack hop's stages highlighted.
import { TracedFlow } from 'footprint-explainable-ui/flowchart';
import { useMemo } from 'react';
import type { ChartSnapshot } from '../../lens/types.js';
import { chartGraph, stepOverlay } from './chartGraph.js';
import { stageIdOf } from './format.js';

export interface ChartPanelProps {
  structure: unknown;
  chart: ChartSnapshot;
  scrub: number;
  onScrub: (index: number) => void;
  highlighted: readonly string[];
  onStage: (stageId: string) => void;
}

export function ChartPanel({ structure, chart, scrub, onScrub, highlighted, onStage }: ChartPanelProps) {
  const { graph, subflows } = useMemo(() => chartGraph(structure), [structure]);
  const overlay = useMemo(() => stepOverlay(chart.executed), [chart.executed]);
  const total = chart.executed.length;
  // TracedFlow badges co-active stages NOW too: while time travelling only the stage travelled to is "now".
  const travelling = scrub < total;
  const coActive = useMemo(() => new Set(travelling ? [] : highlighted.map(stageIdOf)), [highlighted, travelling]);
  const at = chart.executed[Math.min(scrub, total - 1)];
  return (
    <section className="panel chart-panel" aria-label="Planning chart" data-testid="lens-chart">
      <header>
        <h3>Planning chart</h3>
        <span className="muted">
          {total} stages ran · variants{' '}
          {Object.entries(chart.variants)
            .map(([slot, v]) => `${slot}=${v}`)
            .join(', ')}
        </span>
      </header>
      <div className="chart-canvas">
        <TracedFlow
          graph={graph}
          overlay={overlay}
          scrubIndex={scrub >= total ? total : scrub}
          groupedSubflows={subflows}
          coActiveStageIds={coActive}
          onNodeClick={(id) => onStage(id)}
        />
      </div>
      <label className="scrub">
        <span>Time travel</span>
        <input
          type="range"
          min={0}
          max={total}
          value={Math.min(scrub, total)}
          onChange={(e) => onScrub(Number(e.target.value))}
          aria-label="Stage position"
          data-testid="chart-scrub"
        />
        <span className="muted">{scrub >= total ? 'all stages done' : `${scrub + 1}/${total} ${at?.runtimeStageId ?? ''}`}</span>
      </label>
      <ul className="skipped" data-testid="chart-skipped">
        {chart.selected.map((rule) => (
          <li key={rule.branch}>
            <span className="badge ok">ran</span> <code>{rule.slot ?? rule.branch}</code> — {rule.rule}
          </li>
        ))}
        {chart.skipped.map((rule) => (
          <li key={rule.branch} className="dim">
            <span className="badge muted-badge">skipped</span> <code>{rule.slot ?? rule.branch}</code> — {rule.rule}
            {rule.evidence.length ? <span className="muted"> ({rule.evidence.join('; ')})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
