// `npm run play -- --pack classic --level 1 --runs 20 [--profile local] [--seed 7]
// [--slots candidates=geometric] [--concurrency n] [--rpm r] [--json]`: plays runs of one level through the planning chart
// (run i uses engine seed seed + i; --concurrency runs in flight in this process, --rpm model calls
// a minute shared by them), tracing every step and saving each game as an agent
// recording linked to its trace; prints a table and progress bar, or one JSON summary.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadAgentConfig } from '../config/agentConfig.js';
import { levelCount, playDataOf, PACK_NAMES } from '../game/index.js';
import { readEnv } from '../llm/dotenv.js';
import { isHostedProfile, resolveProfile } from '../llm/profiles.js';
import { chartPlanner } from '../runner/chartPlanner.js';
import { runEpisode, type EpisodeResult } from '../runner/episode.js';
import { inProcessGate, runInFlight } from '../runner/inProcess.js';
import { meteredProvider } from '../runner/meteredProvider.js';
import { defaultConcurrency } from '../runner/pool.js';
import { perMinute } from '../runner/requestRate.js';
import { RecordingStore, TraceStore, saveRecordingAndLink } from '../stores/index.js';
import { fail as failWith, median, parseConcurrencyFlags, parseSlots, type ConcurrencyFlags } from './args.js';
import { episodeBar } from './progress.js';

function fail(message: string): never {
  return failWith('play', message);
}

const { values } = parseArgs({
  options: {
    pack: { type: 'string', default: 'classic' },
    level: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
    profile: { type: 'string' },
    model: { type: 'string' },
    slots: { type: 'string' },
    concurrency: { type: 'string' },
    rpm: { type: 'string' },
    'god-mode': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

let playData = 0;
let slots: Record<string, string> = {};
let flags: ConcurrencyFlags = {};
try {
  flags = parseConcurrencyFlags(values);
} catch (e) {
  fail((e as Error).message);
}
try {
  playData = playDataOf(values.pack!);
} catch (e) {
  fail(`${(e as Error).message} (packs: ${PACK_NAMES.join(', ')})`);
}
try {
  slots = parseSlots(values.slots);
} catch (e) {
  fail((e as Error).message);
}
const level = Number(values.level);
const runs = Number(values.runs);
const seed = Number(values.seed);
if (!Number.isInteger(level) || level < 1 || level > levelCount(playData))
  fail(`--level must be 1..${levelCount(playData)} for ${values.pack}`);
if (!Number.isInteger(runs) || runs < 1) fail('--runs must be a positive integer');
if (!Number.isInteger(seed)) fail('--seed must be an integer');

const config = await loadAgentConfig();
const env = readEnv();
let profile;
try {
  profile = resolveProfile({ model: values.model, modelProfile: values.profile, configProfile: config.agent.modelProfile }, env);
} catch (e) {
  fail((e as Error).message);
}
const concurrency = flags.concurrency ?? defaultConcurrency(isHostedProfile(profile!.profile));
const bar = values.json ? null : episodeBar('play');
const gate = inProcessGate(flags.rpm ? perMinute(flags.rpm) : undefined, bar ? (call) => bar.call(call) : undefined);
const [traceStore, recordingStore] = await Promise.all([TraceStore.open(), RecordingStore.open()]);
const planner = chartPlanner({ config, profile, env, slots, traceStore, wrapProvider: (p) => meteredProvider(p, gate) });

bar?.start(runs, 0);
const results: EpisodeResult[] = [];
try {
  await runInFlight([...Array(runs).keys()], concurrency, async (i) => {
    const traceId = randomUUID();
    const r = await runEpisode({
      playData,
      level,
      seed: seed + i,
      godMode: values['god-mode'],
      maxSteps: config.agent.maxSteps,
      maxTicks: config.agent.maxPlaybackTimeSeconds * 16,
      historyLimit: config.agent.historyLimit,
      traceId,
      planner,
    });
    results.push(r);
    await saveRecordingAndLink(recordingStore, traceStore, playData, level, {
      source: 'agent',
      result: r.cleared ? 'success' : 'failure',
      traceId,
      solver: {
        modelProfile: profile.profile,
        provider: profile.provider,
        model: profile.model,
        traceId,
        generatedAt: new Date().toISOString(),
        ...(r.cleared ? {} : { failureReason: r.failureDetail ? `${r.reason}: ${r.failureDetail}` : r.reason }),
      },
      demo: r.demo,
      finalSnapshot: r.finalSnapshot,
    });
    bar?.episode({ cleared: results.filter((x) => x.cleared).length });
  });
} finally {
  bar?.stop();
  await Promise.all([traceStore.close(), recordingStore.close()]);
}

results.sort((p, q) => p.seed - q.seed);
const count = (reason: string) => results.filter((r) => r.reason === reason).length;
const summary = {
  pack: values.pack,
  level,
  profile: profile.profile,
  slots,
  concurrency,
  runs: results.length,
  cleared: count('cleared'),
  died: count('killed_by_guard') + count('killed_by_hole'),
  timedOut: count('time_budget'),
  stepLimit: count('step_limit'),
  other:
    results.length - count('cleared') - count('killed_by_guard') - count('killed_by_hole') - count('time_budget') - count('step_limit'),
  medianTicks: median(results.map((r) => r.ticks)),
  medianSteps: median(results.map((r) => r.steps)),
  fallbacks: results.reduce((s, r) => s + r.fallbacks, 0),
  stalls: results.reduce((s, r) => s + Object.values(r.stalls).reduce((a, b) => a + b, 0), 0),
  traceIds: results.map((r) => r.traceId),
};
if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
else {
  console.log(`${values.pack} level ${level}, profile ${profile.profile}: cleared ${summary.cleared}/${summary.runs}`);
  console.table(
    results.map((r) => ({ seed: r.seed, result: r.reason, ticks: r.ticks, steps: r.steps, fallbacks: r.fallbacks, trace: r.traceId })),
  );
}
