// `npm run replay -- --pack <name> --demos <file.json> [--json]`: replays every record of a
// legacy demo file on the engine and reports which ones end with the recorded state on the
// recorded tick. Reads one JSON file; prints a summary (or one JSON object); exit 0 either way.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { demoFileSchema, playDataOf, replayDemo, levelCount, PACK_NAMES } from '../game/index.js';

function fail(message: string): never {
  process.stderr.write(`replay: ${message}\n`);
  process.exit(2);
}

const { values } = parseArgs({
  options: { pack: { type: 'string', default: 'classic' }, demos: { type: 'string' }, json: { type: 'boolean', default: false } },
});
if (!values.demos)
  fail(`--demos <file.json> is required (a file like test/fixtures/classic-demos.json); --pack is one of ${PACK_NAMES.join(', ')}`);
let playData: number;
try {
  playData = playDataOf(values.pack!);
} catch (e) {
  fail((e as Error).message);
}
let raw: unknown;
try {
  raw = JSON.parse(readFileSync(values.demos, 'utf8'));
} catch (e) {
  fail(`cannot read ${values.demos} as JSON: ${(e as Error).message}`);
}
const parsed = demoFileSchema.safeParse(raw);
if (!parsed.success) {
  const issue = parsed.error.issues[0];
  fail(`${values.demos} is not a demo file: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
const levels = levelCount(playData);
const mismatches: { level: number; expected: { state: number; time: number }; got: { state: number; time: number } }[] = [];
let matched = 0;
for (const demo of parsed.data.demos) {
  if (demo.level > levels) fail(`demo for level ${demo.level}, but ${values.pack} has ${levels} levels`);
  const got = replayDemo(playData, demo);
  if (got.state === demo.state && got.time === demo.time) matched++;
  else mismatches.push({ level: demo.level, expected: { state: demo.state, time: demo.time }, got });
}
const total = parsed.data.demos.length;
if (values.json) {
  process.stdout.write(JSON.stringify({ total, matched, mismatches }) + '\n');
} else {
  process.stdout.write(`${values.pack}: ${matched}/${total} demos end with the recorded state on the recorded tick\n`);
  for (const m of mismatches) {
    process.stdout.write(
      `  level ${m.level}: expected state ${m.expected.state} at ${m.expected.time}, got ${m.got.state} at ${m.got.time}\n`,
    );
  }
}
