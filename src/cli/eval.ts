// `npm run eval -- --pack classic --levels 1-150 [--runs 1] [--seed 1] [--profile local]
// [--slots candidates=geometric] [--direct] [--budget-ticks N] [--deep-search ahead|at-once] [--search guardTraps=true,...] [--workers n] [--concurrency n] [--rpm r] [--log file.jsonl] [--cause] [--json]`:
// runs levels through the planning chart on a pool of worker processes (one per core; --concurrency
// episodes in flight across them, --rpm model calls a minute shared by all) with a progress bar and prints the clear rate and
// per-level outcomes (one JSON object with --json); --cause adds each failed level's point of no
// return (src/lens/causeForEpisode.ts); --log appends each finished episode to a file and resumes
// from it (src/runner/evalLog.ts). Keeps no traces (bulk runs).
import { parseArgs } from 'node:util';
import { loadAgentConfig } from '../config/agentConfig.js';
import { levelCount, playDataOf, worldRecordTicks, PACK_NAMES } from '../game/index.js';
import { readEnv } from '../llm/dotenv.js';
import { isHostedProfile, resolveProfile } from '../llm/profiles.js';
import type { EvalResult, EvalTask } from '../runner/evalTask.js';
import { perMinute } from '../runner/requestRate.js';
import {
  fail as failWith,
  parseConcurrencyFlags,
  parseLevelRanges,
  parseSearchOptions,
  parseSlots,
  type ConcurrencyFlags,
} from './args.js';
import { episodeBar } from './progress.js';
import { episodeKey, openEvalLog, type EvalLog } from '../runner/evalLog.js';
import { sourceFingerprint } from '../runner/sourceFingerprint.js';

function fail(message: string): never {
  return failWith('eval', message);
}
import { defaultConcurrency, runPool } from '../runner/pool.js';
import { DEFAULT_PLAN_SEARCH, type PlanSearchOptions } from '../agent/search/planSearch.js';
import { causesForFailedLevels } from '../lens/causeForEpisode.js';

const { values } = parseArgs({
  options: {
    pack: { type: 'string', default: 'classic' },
    levels: { type: 'string' },
    runs: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string' },
    concurrency: { type: 'string' },
    rpm: { type: 'string' },
    profile: { type: 'string' },
    slots: { type: 'string' },
    direct: { type: 'boolean', default: false },
    'budget-ticks': { type: 'string' },
    'deep-search': { type: 'string' },
    search: { type: 'string' },
    json: { type: 'boolean', default: false },
    cause: { type: 'boolean', default: false },
    log: { type: 'string' },
  },
});
let playData: number;
let levels: number[];
let slots: Record<string, string>;
let searchOptions: Partial<PlanSearchOptions>;
let flags: ConcurrencyFlags;
try {
  flags = parseConcurrencyFlags(values);
} catch (e) {
  fail((e as Error).message);
}
try {
  slots = parseSlots(values.slots);
  searchOptions = parseSearchOptions(values.search);
} catch (e) {
  fail((e as Error).message);
}
try {
  playData = playDataOf(values.pack!);
  levels = parseLevelRanges(values.levels ?? `1-${levelCount(playData)}`, levelCount(playData));
} catch (e) {
  fail(`${(e as Error).message} (packs: ${PACK_NAMES.join(', ')})`);
}
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(runs) || runs < 1) fail('--runs must be a positive integer');
if (!Number.isInteger(seed)) fail('--seed must be an integer');
const budgetTicks = values['budget-ticks'] === undefined ? undefined : Number(values['budget-ticks']);
if (budgetTicks !== undefined && (!Number.isInteger(budgetTicks) || budgetTicks < 100 || budgetTicks > 10_000_000))
  fail('--budget-ticks must be an integer from 100 to 10000000 (simulated ticks per decision)');
const deepSearch = values['deep-search'];
if (deepSearch !== undefined && deepSearch !== 'ahead' && deepSearch !== 'at-once')
  fail('--deep-search must be ahead (spread one slice per decision, the default) or at-once (in the decision that starts it)');
if (values.cause && values.direct) fail('--cause re-plays failed levels through the chart; leave out --direct');
const workers = values.workers === undefined ? undefined : Number(values.workers);
if (workers !== undefined && (!Number.isInteger(workers) || workers < 1)) fail('--workers must be a whole number of processes, 1 or more');
// A hosted profile's episodes wait on the network, so more of them run at once by default.
let hosted = false;
if (!values.direct) {
  try {
    const config = await loadAgentConfig();
    hosted = isHostedProfile(resolveProfile({ modelProfile: values.profile, configProfile: config.agent.modelProfile }, readEnv()).profile);
  } catch (e) {
    fail((e as Error).message);
  }
}
const concurrency = flags!.concurrency ?? defaultConcurrency(hosted);

// What the run plays with, defaults filled in (the log's header and the summary name it alike).
const runBudgetTicks = budgetTicks ?? DEFAULT_PLAN_SEARCH.budgetTicks;
const runDeepSearch = deepSearch ?? (DEFAULT_PLAN_SEARCH.deepSearchAhead ? 'ahead' : 'at-once');
const search =
  budgetTicks || deepSearch || Object.keys(searchOptions!).length > 0
    ? {
        ...searchOptions!,
        ...(budgetTicks ? { budgetTicks } : {}),
        ...(deepSearch ? { deepSearchAhead: deepSearch === 'ahead' } : {}),
      }
    : undefined;
const tasks: EvalTask[] = [];
for (const level of levels)
  for (let i = 0; i < runs; i++)
    tasks.push({
      playData,
      level,
      seed: seed + i,
      profile: values.profile,
      slots,
      direct: values.direct,
      ...(search ? { search } : {}),
    });

let log: EvalLog | null = null;
if (values.log) {
  try {
    log = openEvalLog(values.log, {
      kind: 'footprint-runner eval log',
      pack: values.pack!,
      seed,
      runs,
      profile: values.direct ? null : (values.profile ?? null),
      slots,
      direct: values.direct!,
      budgetTicks: runBudgetTicks,
      deepSearch: runDeepSearch,
      search: searchOptions!,
      source: sourceFingerprint(),
    });
  } catch (e) {
    fail((e as Error).message);
  }
}
// Episodes the log already has are taken from it, not played again.
const results: EvalResult[] = tasks.flatMap((t) => log?.done.get(episodeKey(t.level, t.seed)) ?? []);
const toPlay = tasks.filter((t) => !log?.done.has(episodeKey(t.level, t.seed)));
const resumed = results.length;

const progressBar = values.json ? null : episodeBar('eval');
progressBar?.start(toPlay.length, 0);
const started = Date.now();
let clearedCount = 0;
await runPool<EvalTask, EvalResult>(
  toPlay,
  {
    module: new URL('../runner/evalWorker.ts', import.meta.url),
    workers,
    concurrency,
    ...(flags!.rpm ? { rateLimit: perMinute(flags!.rpm) } : {}),
    ...(progressBar ? { onModelCall: (call) => progressBar.call(call) } : {}),
  },
  (r) => {
    results.push(r);
    log?.append(r);
    if (r.cleared) clearedCount++;
    progressBar?.episode({ cleared: clearedCount });
  },
);
progressBar?.stop();

results.sort((p, q) => p.level - q.level || p.seed - q.seed);
const causes = values.cause
  ? await causesForFailedLevels(results, {
      playData,
      profile: values.profile,
      slots,
      workers,
      // the re-plays run the planner the episodes were played with
      ...(search ? { planSearch: search } : {}),
    })
  : null;
const perLevel = levels.map((level) => {
  const mine = results.filter((r) => r.level === level);
  const best = mine.find((r) => r.cleared) ?? mine[0];
  return {
    level,
    // cleared in at least one run; clearedRuns says how many of the level's runs did
    cleared: mine.some((r) => r.cleared),
    clearedRuns: mine.filter((r) => r.cleared).length,
    ticks: best.ticks,
    worldRecordTicks: worldRecordTicks(playData, level),
    steps: best.steps,
    reason: best.reason,
    mechanism: best.mechanism,
    end: best.end,
    ...(causes && !mine.some((r) => r.cleared) ? { cause: causes.get(level) ?? null } : {}),
  };
});
const cleared = results.filter((r) => r.cleared).length;
const summary = {
  pack: values.pack,
  levels: levels.length,
  runs,
  episodes: results.length,
  cleared,
  clearRate: Math.round((cleared / results.length) * 1000) / 1000,
  reasons: results.reduce<Record<string, number>>((acc, r) => ((acc[r.reason] = (acc[r.reason] ?? 0) + 1), acc), {}),
  mechanisms: results.reduce<Record<string, number>>(
    (acc, r) => (r.mechanism ? ((acc[r.mechanism] = (acc[r.mechanism] ?? 0) + 1), acc) : acc),
    {},
  ),
  budgetTicks: runBudgetTicks,
  deepSearch: runDeepSearch,
  search: searchOptions!,
  concurrency,
  ...(flags!.rpm ? { rpm: flags!.rpm } : {}),
  seconds: Math.round((Date.now() - started) / 100) / 10,
  ...(log ? { resumed, log: values.log } : {}),
  perLevel,
};
if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
else {
  console.log(
    `${values.pack} levels ${values.levels ?? 'all'}: cleared ${cleared}/${results.length} (${(summary.clearRate * 100).toFixed(1)}%) in ${summary.seconds}s`,
  );
  if (log) console.log(`${resumed} episodes taken from ${values.log}, ${toPlay.length} played now`);
  console.log(
    'end reasons:',
    Object.entries(summary.reasons)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
  console.log(
    'failure mechanisms:',
    Object.entries(summary.mechanisms)
      .sort((p, q) => q[1] - p[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
  );
  for (const l of causes ? perLevel : [])
    if ('cause' in l && l.cause)
      console.log(
        `level ${l.level}: ${l.cause.verdict === 'lost' ? `lost at step ${l.cause.pointOfNoReturn!.stepIndex}, tick ${l.cause.pointOfNoReturn!.tick}: ${l.cause.chosen}` : `${l.cause.verdict} (${l.cause.note})`}`,
      );
}
