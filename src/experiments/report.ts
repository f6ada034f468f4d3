// report.html of a run: the arms and their settings, the per-arm table, end reasons, the model
// table, and five plots (clear rate per arm with its interval, tokens and latency per arm, outcome
// per level and arm, ticks / world record of cleared episodes) drawn by Chart.js. Self-contained: the library's UMD build is read from
// node_modules at report time and inlined with the data, so the file opens from disk offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { EpisodeRecord } from './episodes.js';
import type { Experiment } from './schema.js';
import type { ArmDetail } from './stats.js';
import { armRows, modelRows } from './table.js';

export interface ReportInput {
  experiment: Experiment;
  arms: ArmDetail[];
  episodes: EpisodeRecord[];
  /** Cells whose job failed for good (queue runs); each is listed with its reason. */
  failed?: { cell: string; reason: string }[];
  dir: string;
  model: { profile: string; provider: string; model: string } | null;
  /** Each arm's resolved model, when known. */
  armModels?: Record<string, { profile: string; provider: string; model: string }>;
  startedAt: string;
  finishedAt: string;
  cellsTotal: number;
}

/** The minified UMD build of Chart.js (defines window.Chart), from the installed package. */
export function chartJsSource(): string {
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('chart.js'));
  return readFileSync(join(dist, 'chart.umd.min.js'), 'utf8');
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Safe inside <script>: no "</script" or "<!--" can end or confuse the element. */
const inlineScript = (js: string): string => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
const inlineJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

function table(rows: string[][], className = ''): string {
  const [head, ...body] = rows;
  return `<table class="${className}"><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${body
    .map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

const counts = (c: Record<string, number>): string =>
  Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '-';

function armSettings(exp: Experiment, armModels: ReportInput['armModels']): string[][] {
  return [
    ['arm', 'model', 'slots (others: default)', 'recovery', 'chaos', 'description'],
    ...exp.arms.map((a) => [
      a.id,
      armModels?.[a.id]
        ? `${armModels[a.id]!.provider}:${armModels[a.id]!.model}`
        : (a.model ?? a.profile ?? exp.profile ?? 'config default'),
      Object.entries(a.slots)
        .map(([s, v]) => `${s}=${v}`)
        .join(', ') || 'defaults',
      a.options.recovery === false ? 'off' : a.options.recovery === true ? 'on' : 'config (on)',
      a.options.chaos ? `rate ${a.options.chaos.rate}, seed ${a.options.chaos.seed}` : '-',
      a.description ?? '',
    ]),
  ];
}

const PAGE_SCRIPT = String.raw`
const DATA = JSON.parse(document.getElementById('experiment-data').textContent);
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
const armIds = DATA.arms.map((a) => a.id);
const armColor = (i) => PALETTE[i % PALETTE.length];
Chart.defaults.animation = false;

new Chart(document.getElementById('plot-clear-rate'), {
  type: 'bar',
  data: {
    labels: armIds,
    datasets: [
      { label: 'clear rate (%)', order: 2, data: DATA.arms.map((a) => a.clearRate * 100), backgroundColor: armIds.map((_, i) => armColor(i)) },
      {
        label: '95% Wilson interval',
        data: DATA.arms.map((a) => [a.clearRateCi[0] * 100, a.clearRateCi[1] * 100]),
        order: 1,
        backgroundColor: 'rgba(20,20,20,0.8)',
        grouped: false,
        barPercentage: 0.04,
      },
    ],
  },
  options: {
    maintainAspectRatio: false,
    scales: { y: { min: 0, max: 100, title: { display: true, text: '% of episodes cleared' } } },
    plugins: { tooltip: { callbacks: { label: (c) => c.datasetIndex === 0 ? 'cleared ' + c.parsed.y.toFixed(1) + '% (' + DATA.arms[c.dataIndex].cleared + '/' + DATA.arms[c.dataIndex].episodes + ')' : '95% CI ' + c.raw[0].toFixed(1) + '% .. ' + c.raw[1].toFixed(1) + '%' } } },
  },
});

const OUTCOMES = [
  ['cleared (every seed)', '#59a14f'],
  ['cleared (some seeds)', '#edc948'],
  ['killed_by_guard', '#e15759'],
  ['killed_by_hole', '#ff9da7'],
  ['stuck', '#b07aa1'],
  ['no_route', '#9c755f'],
  ['time_budget', '#bab0ac'],
  ['step_limit', '#76b7b2'],
  ['other', '#333333'],
];
const byCell = new Map();
for (const e of DATA.episodes) {
  const k = e.arm + '|' + e.level;
  if (!byCell.has(k)) byCell.set(k, []);
  byCell.get(k).push(e);
}
const gridSets = OUTCOMES.map(([label, color]) => ({ label, data: [], backgroundColor: color, borderColor: color, pointStyle: 'rect' }));
for (const [k, eps] of byCell) {
  const [arm, level] = k.split('|');
  const cleared = eps.filter((e) => e.cleared).length;
  let outcome;
  if (cleared === eps.length) outcome = 'cleared (every seed)';
  else if (cleared > 0) outcome = 'cleared (some seeds)';
  else {
    const reasons = {};
    for (const e of eps) reasons[e.reason] = (reasons[e.reason] || 0) + 1;
    outcome = Object.entries(reasons).sort((a, b) => b[1] - a[1])[0][0];
    if (!OUTCOMES.some(([l]) => l === outcome)) outcome = 'other';
  }
  const detail = eps.sort((a, b) => a.seed - b.seed).map((e) => 'seed ' + e.seed + ': ' + e.reason + ', ' + e.ticks + ' ticks, ' + e.steps + ' steps');
  gridSets.find((d) => d.label === outcome).data.push({ x: Number(level), y: arm, detail });
}
const levels = DATA.levels;
const gridCanvas = document.getElementById('plot-grid');
gridCanvas.parentElement.style.height = 90 + 34 * armIds.length + 'px';
const radius = Math.max(3, Math.min(11, Math.floor(420 / Math.max(1, levels.length))));
new Chart(gridCanvas, {
  type: 'scatter',
  data: { datasets: gridSets.filter((d) => d.data.length > 0).map((d) => ({ ...d, pointRadius: radius, pointHoverRadius: radius + 2 })) },
  options: {
    maintainAspectRatio: false,
    scales: {
      x: { type: 'linear', min: levels[0] - 0.5, max: levels[levels.length - 1] + 0.5, ticks: { stepSize: 1, callback: (v) => (Number.isInteger(v) ? v : '') }, title: { display: true, text: DATA.pack + ' level' } },
      y: { type: 'category', labels: armIds, offset: true, title: { display: true, text: 'arm' } },
    },
    plugins: { tooltip: { callbacks: { label: (c) => [c.raw.y + ', level ' + c.raw.x].concat(c.raw.detail) } } },
  },
});

new Chart(document.getElementById('plot-tokens'), {
  type: 'bar',
  data: {
    labels: armIds,
    datasets: [
      { label: 'prompt tokens', data: DATA.arms.map((a) => a.promptTokens), backgroundColor: '#4e79a7' },
      { label: 'completion tokens', data: DATA.arms.map((a) => a.completionTokens), backgroundColor: '#f28e2b' },
    ],
  },
  options: { maintainAspectRatio: false, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, title: { display: true, text: 'tokens (all episodes)' } } } },
});

new Chart(document.getElementById('plot-latency'), {
  type: 'bar',
  data: {
    labels: armIds,
    datasets: [
      { label: 'latency p50 (ms)', data: DATA.arms.map((a) => a.latencyP50Ms), backgroundColor: '#59a14f' },
      { label: 'latency p95 (ms)', data: DATA.arms.map((a) => a.latencyP95Ms), backgroundColor: '#e15759' },
    ],
  },
  options: { maintainAspectRatio: false, scales: { y: { beginAtZero: true, title: { display: true, text: 'ms per model call' } } } },
});

const EDGES = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3];
const binLabels = ['< 1'].concat(EDGES.slice(0, -1).map((e, i) => e.toFixed(2) + '-' + EDGES[i + 1].toFixed(2)), ['>= 3']);
const binOf = (r) => (r < EDGES[0] ? 0 : r >= EDGES[EDGES.length - 1] ? binLabels.length - 1 : 1 + EDGES.findIndex((e, i) => r >= e && r < EDGES[i + 1]));
new Chart(document.getElementById('plot-ticks'), {
  type: 'bar',
  data: {
    labels: binLabels,
    datasets: armIds.map((id, i) => {
      const counts = binLabels.map(() => 0);
      for (const e of DATA.episodes) if (e.arm === id && e.cleared && e.worldRecordTicks) counts[binOf(e.ticks / e.worldRecordTicks)]++;
      return { label: id, data: counts, backgroundColor: armColor(i) };
    }),
  },
  options: {
    maintainAspectRatio: false,
    scales: {
      x: { title: { display: true, text: 'ticks / world-record ticks (cleared episodes)' } },
      y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'episodes' } },
    },
  },
});
`;

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1100px; padding: 0 16px; color: #222; }
h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 17px; margin-top: 28px; }
table { border-collapse: collapse; margin: 8px 0; } th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; } th { background: #f3f3f3; }
table.left td { text-align: left; }
.plot { position: relative; height: 320px; margin: 8px 0 16px; }
.meta { color: #555; } code { background: #f3f3f3; padding: 0 3px; }
`;

export function renderReport(input: ReportInput): string {
  const { experiment: exp, arms } = input;
  const data = {
    pack: exp.pack,
    levels: exp.levels,
    arms: arms.map(({ id, episodes, cleared, clearRate, clearRateCi, model }) => ({
      id,
      episodes,
      cleared,
      clearRate,
      clearRateCi,
      promptTokens: model.promptTokens,
      completionTokens: model.completionTokens,
      latencyP50Ms: model.latencyP50Ms,
      latencyP95Ms: model.latencyP95Ms,
    })),
    episodes: input.episodes.map((e) => ({
      arm: e.arm,
      level: e.level,
      seed: e.seed,
      cleared: e.cleared,
      reason: e.reason,
      ticks: e.ticks,
      steps: e.steps,
      worldRecordTicks: e.worldRecordTicks,
    })),
  };
  const details = [
    ['arm', 'end reasons', 'stalls by type', 'statuses', 'steps'],
    ...arms.map((a) => [a.id, counts(a.reasons), counts(a.stalls), counts(a.statuses), String(a.steps)]),
  ];
  const episodes = [
    ['arm', 'level', 'seed', 'outcome', 'ticks', 'WR ticks', 'steps', 'fallbacks', 'retries', 'stalls', 'ms', 'trace id'],
    ...input.episodes.map((e) => [
      e.arm,
      String(e.level),
      String(e.seed),
      e.reason,
      String(e.ticks),
      e.worldRecordTicks === null ? '-' : String(e.worldRecordTicks),
      String(e.steps),
      String(e.fallbacks),
      String(e.retries),
      counts(e.stalls),
      String(Math.round(e.durationMs)),
      e.traceId,
    ]),
  ];
  const perArm = [...new Set(Object.values(input.armModels ?? {}).map((m) => `${m.provider}:${m.model}`))];
  const model =
    perArm.length > 0
      ? perArm.join(', ')
      : input.model
        ? `${input.model.profile} (${input.model.provider} / ${input.model.model})`
        : (exp.profile ?? 'config default');
  const complete = input.episodes.length === input.cellsTotal;
  const failed = input.failed ?? [];
  const failedSection = failed.length
    ? `<h2>Cells that failed</h2>
<p class="meta">These cells have no episode: their job failed once, for the reason given, and was not retried.</p>
${table([['cell', 'reason'], ...failed.map((f) => [f.cell, f.reason])], 'left')}
`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Experiment ${esc(exp.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Experiment <code>${esc(exp.name)}</code></h1>
${exp.description ? `<p>${esc(exp.description)}</p>` : ''}
<p class="meta">${esc(exp.pack)} levels ${esc(rangeText(exp.levels))} &middot; seeds ${esc(exp.seeds.join(', '))} &middot; model${perArm.length > 1 ? 's' : ''} ${esc(model)} &middot;
${input.episodes.length} of ${input.cellsTotal} episodes${complete ? '' : ' (incomplete)'}${failed.length ? `, ${failed.length} failed` : ''} &middot; ${esc(input.startedAt)} to ${esc(input.finishedAt)}<br>
folder <code>${esc(input.dir)}</code></p>

<h2>Arms</h2>
${table(armSettings(exp, input.armModels), 'left')}

<h2>Results per arm</h2>
${table(armRows(arms))}
<p class="meta">Clear rate with a 95% Wilson interval. ticks/WR: median over cleared episodes of the ticks taken divided by the
level's world-record ticks. Per 100 planning steps: steps that used the fallback, steps diagnosed as stalled. ms/step is wall time
on a shared machine (noisy). Every arm ran the same level &times; seed cells (paired); the last column counts the cells this arm
cleared and the first arm did not (+), and the reverse (&minus;).</p>
${table(details, 'left')}

<h2>Model calls per arm</h2>
${table(modelRows(arms))}
<p class="meta">Every call that reached the model (the chaos option's simulated failures are not model calls). Tokens as the
provider reported them (local models count characters / 4); latency is each call's wall time, retries and Retry-After waits
included; statuses are the planner's per step; cost uses the experiment file's <code>prices</code> (USD per million tokens) for the arm's
<code>provider:model</code>.</p>
<div class="plot"><canvas id="plot-tokens"></canvas></div>
<div class="plot"><canvas id="plot-latency"></canvas></div>

<h2>Clear rate per arm</h2>
<div class="plot"><canvas id="plot-clear-rate"></canvas></div>

<h2>Outcome per level</h2>
<p class="meta">One square per arm and level: green if every seed cleared, yellow if some did, otherwise coloured by the most common end reason. Hover for each seed.</p>
<div class="plot"><canvas id="plot-grid"></canvas></div>

<h2>Ticks of cleared episodes, relative to the world record</h2>
<div class="plot"><canvas id="plot-ticks"></canvas></div>

${failedSection}<h2>Episodes</h2>
<details><summary>${input.episodes.length} episodes</summary>
${table(episodes)}
</details>

<script id="experiment-data" type="application/json">${inlineJson(data)}</script>
<script>${inlineScript(chartJsSource())}</script>
<script>${inlineScript(PAGE_SCRIPT)}</script>
</body>
</html>
`;
}

/** [1,2,3,5,7,8] -> "1-3, 5, 7-8". */
export function rangeText(levels: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < levels.length;) {
    let j = i;
    while (j + 1 < levels.length && levels[j + 1] === levels[j] + 1) j++;
    parts.push(i === j ? String(levels[i]) : `${levels[i]}-${levels[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
