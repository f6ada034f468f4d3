// `npm start` (until the server lands, issue #5): replays a Classic world-record demo
// headlessly on the engine and prints a one-line summary. Reads the shipped demo fixture.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Game, demoFileSchema, worldRecordTicks } from '../game/index.js';

const { values } = parseArgs({ options: { level: { type: 'string', default: '1' } } });
const level = Number(values.level);
const file = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../../test/fixtures/classic-demos.json', import.meta.url), 'utf8')));
const demo = file.demos.find((d) => d.level === level);
if (!demo) {
  process.stderr.write(`start: no Classic demo for level ${values.level}; use --level 1..150\n`);
  process.exit(2);
}
const game = Game.forDemo(1, demo);
const t0 = performance.now();
game.runToEnd(demo.time + 2000);
const ms = performance.now() - t0;
const s = game.state;
const outcome = s.status === 'finish' ? 'finished' : s.status === 'runner_dead' ? `died (${s.deathCause})` : s.status;
console.log(
  `classic level ${level}: ${outcome} after ${s.tick} ticks (world record ${worldRecordTicks(1, level)}), score ${s.score}, ` +
    `${s.guards.length} guards, replayed headless in ${ms.toFixed(1)} ms`,
);
