// `npm run experiment -- experiments/<name>.json [--json] [--resume <dir> | --fresh] [--workers n] [--concurrency n] [--rpm r] [--queue redis://host:6379]`:
// runs every arm x level x seed cell of an experiment file on the worker pool (--concurrency
// episodes in flight across it, --rpm model calls a minute shared by all; or as jobs of the
// Redis queue, played by `npm run worker` processes anywhere) with a progress bar,
// resuming the newest unfinished run of the same definition unless told otherwise (see
// src/experiments/store.ts), and prints the per-arm table (or, with --json, only the summary).
import { parseArgs } from 'node:util';
import { runExperiment, type StartInfo } from '../experiments/run.js';
import { ExperimentFileError, loadExperiment, type Experiment } from '../experiments/schema.js';
import { readDefinition, type FolderChoice } from '../experiments/store.js';
import { formatArmTable, formatModelTable } from '../experiments/table.js';
import { displayUrl, parseRedisUrl } from '../queue/connection.js';
import { perMinute } from '../runner/requestRate.js';
import { fail as failWith, parseConcurrencyFlags, type ConcurrencyFlags } from './args.js';
import { episodeBar } from './progress.js';

const USAGE =
  'usage: npm run experiment -- experiments/<name>.json [--json] [--resume <dir> | --fresh] [--workers n] [--concurrency n] [--rpm r] [--queue redis://host:6379]';
const fail = (message: string): never => failWith('experiment', message);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      resume: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      workers: { type: 'string' },
      concurrency: { type: 'string' },
      rpm: { type: 'string' },
      queue: { type: 'string' },
    },
  });
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`);
}
const { values, positionals } = parsed!;
if (positionals.length > 1) fail(`one experiment file at a time; got ${positionals.join(' ')}\n${USAGE}`);
if (values.resume && values.fresh) fail('--resume and --fresh exclude each other');
const workers = values.workers === undefined ? undefined : Number(values.workers);
if (workers !== undefined && (!Number.isInteger(workers) || workers < 0)) fail('--workers must be a whole number (0 runs in this process)');
if (workers !== undefined && values.queue !== undefined)
  fail('--workers and --queue exclude each other (queue workers are started with npm run worker)');
let flags: ConcurrencyFlags = {};
try {
  flags = parseConcurrencyFlags(values);
} catch (e) {
  fail((e as Error).message);
}
if (values.queue !== undefined && (flags.concurrency !== undefined || flags.rpm !== undefined))
  fail("--concurrency and --rpm set this machine's pool; with --queue each worker sets its own (npm run worker -- --concurrency n)");
let queueUrl: string | undefined;
try {
  queueUrl = values.queue === undefined ? undefined : parseRedisUrl(values.queue);
} catch (e) {
  fail((e as Error).message);
}

let experiment: Experiment;
let source: string | null = positionals[0] ?? null;
try {
  if (source) experiment = await loadExperiment(source);
  else if (values.resume) {
    const stored = readDefinition(values.resume);
    if (!stored) fail(`${values.resume} is not an experiment run folder (no readable experiment.json)`);
    experiment = stored!.experiment;
    source = stored!.source;
  } else fail(`name an experiment file\n${USAGE}`);
} catch (e) {
  fail(e instanceof ExperimentFileError ? e.message : `cannot load the experiment: ${(e as Error).message}`);
}

const folder: FolderChoice = values.resume ? { mode: 'resume', dir: values.resume } : values.fresh ? { mode: 'fresh' } : { mode: 'auto' };
const showBar = !values.json || process.stderr.isTTY;
const bar = showBar ? episodeBar('experiment', { showLast: true, noTTYOutput: !values.json, notTTYSchedule: 10_000, etaBuffer: 20 }) : null;

let start: StartInfo | null = null;
process.once('SIGINT', () => {
  bar?.stop();
  const where = start
    ? `${start.dir}/episodes.jsonl keeps every finished episode; run the same command again (or --resume ${start.dir}) to continue` +
      (queueUrl ? '; the workers keep playing the queued cells, and the next run collects their results' : '')
    : '';
  process.stderr.write(`\nexperiment: interrupted. ${where}\n`);
  process.exit(130);
});

const started = Date.now();
try {
  const outcome = await runExperiment({
    experiment: experiment!,
    source,
    folder,
    workers,
    ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
    ...(flags.rpm !== undefined ? { rateLimit: perMinute(flags.rpm) } : {}),
    ...(bar ? { onModelCall: (call) => bar.call(call) } : {}),
    ...(queueUrl ? { queue: { url: queueUrl } } : {}),
    onStart: (info) => {
      start = info;
      if (!values.json) {
        process.stderr.write(`experiment ${experiment.name}: ${info.note}\n`);
        process.stderr.write(
          `${info.total} episodes (${plural(experiment.arms.length, 'arm')} x ${plural(experiment.levels.length, 'level')} x ${plural(experiment.seeds.length, 'seed')}); ${info.done} already done, ${info.toRun} to run${info.dropped ? `; dropped ${info.dropped} unreadable line(s)` : ''}\n`,
        );
        if (queueUrl && info.toRun > 0)
          process.stderr.write(`queueing them on ${displayUrl(queueUrl)}; workers: npm run worker -- --queue ${displayUrl(queueUrl)}\n`);
      }
      bar?.start(info.total, info.done);
    },
    onEpisode: (r, p) => bar?.episode({ done: p.done, cleared: p.cleared, last: `${r.arm} L${r.level} s${r.seed} ${r.reason}` }),
    onFailure: (f, p) => bar?.episode({ done: p.done, cleared: p.cleared, last: `${f.cell} failed` }),
  });
  bar?.stop();
  if (values.json) process.stdout.write(JSON.stringify(outcome.summary) + '\n');
  else {
    console.log(formatArmTable(outcome.arms));
    const models = formatModelTable(outcome.arms);
    if (models) console.log(`\n${models}`);
    console.log(`ran ${outcome.ran.length} episodes in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    for (const f of outcome.failed) console.log(`failed: ${f.cell}: ${f.reason}`);
    console.log(`results: ${outcome.resultsPath}`);
    console.log(`report:  ${outcome.reportPath}`);
  }
} catch (e) {
  bar?.stop();
  const err = e as Error;
  const resumeHint = start
    ? `\nfinished episodes are kept; run the same command again (or --resume ${(start as StartInfo).dir}) to continue`
    : '';
  process.stderr.write(`experiment: ${err.message}${resumeHint}\n`);
  process.exit(['UnknownProfileError', 'ModelNotConfiguredError', 'RunFolderError', 'QueueUnreachableError'].includes(err.name) ? 2 : 1);
}
