// `npm run prompts -- --pack classic --level 10 --seed 1 --steps 60-84 [--every 2] [--out FILE]`: plays
// one episode through the planning chart with the `local` profile and writes the prompts of the
// chosen steps (system once, then each step's user message, retries included) as a Markdown page,
// e.g. docs/prompts/classic-10-seed-1-steps-60-84.md. Deterministic: the same command re-records the
// same page. Writes only FILE (stdout without --out); no store.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { levelCount, playDataOf, PACK_NAMES } from '../game/levels.js';
import { recordEpisodePrompts } from '../runner/recordPrompts.js';
import { fail, parseLevelRanges } from './args.js';

const { values } = parseArgs({
  options: {
    pack: { type: 'string', default: 'classic' },
    level: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    steps: { type: 'string', default: '60-84' },
    every: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});

let playData: number;
try {
  playData = playDataOf(values.pack!);
} catch {
  fail('prompts', `--pack must be one of ${PACK_NAMES.join(', ')}; got "${values.pack}"`);
}
const level = Number(values.level);
if (!Number.isInteger(level) || level < 1 || level > levelCount(playData))
  fail('prompts', `--level must be 1..${levelCount(playData)}; got "${values.level}"`);
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) fail('prompts', `--seed must be a whole number; got "${values.seed}"`);
const every = Number(values.every);
if (!Number.isInteger(every) || every < 1) fail('prompts', `--every must be 1 or more; got "${values.every}"`);
let steps: number[];
try {
  steps = parseLevelRanges(
    values.steps!.replace(/\b(\d+)\b/g, (n) => String(Number(n) + 1)),
    100_000,
  ).map((s) => s - 1);
} catch (e) {
  fail('prompts', `--steps takes step numbers or ranges like 60-84: ${(e as Error).message}`);
}
const chosen = new Set(steps.filter((s, i) => i % every === 0 || s === steps[steps.length - 1]));

const { prompts, result } = await recordEpisodePrompts({ playData, level, seed, maxSteps: Math.max(...steps) + 1 });
const shown = prompts.filter((p) => chosen.has(p.stepIndex));
const title = `${values.pack} ${level}, seed ${seed}: prompts of steps ${values.steps}`;
const lines = [
  `# ${title}`,
  '',
  `Recorded with \`npm run prompts -- --pack ${values.pack} --level ${level} --seed ${seed} --steps ${values.steps}${every > 1 ? ` --every ${every}` : ''}${values.out ? ` --out ${values.out}` : ''}\` (the \`local\` profile through the planning chart, default slots). The episode ran ${result.steps} steps and ended ${result.reason} at tick ${result.ticks}; the steps shown are those of ${[...chosen].join(', ')} that it reached.`,
  '',
  '## System message (every step)',
  '',
  '```text',
  shown[0]?.system ?? prompts[0]?.system ?? '',
  '```',
  '',
  ...shown.flatMap((p) => [
    `## Step ${p.stepIndex}${p.retry ? ' (retry)' : ''}, tick ${p.snapshot.tick}`,
    '',
    `Reply contract: ${p.replyIds.join(', ') || '(none)'}`,
    '',
    '```text',
    p.user,
    '```',
    '',
  ]),
];
const page = lines.join('\n');
if (values.out) {
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, page);
  process.stderr.write(`wrote ${values.out}: ${shown.length} prompts of ${result.steps} steps (${result.reason})\n`);
} else process.stdout.write(page);
