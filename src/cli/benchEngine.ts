// `npm run bench:engine`: engine throughput. Replays the 150 Classic world-record demos
// (median of 5 runs, ticks/s) and measures clone + simulate-20-ticks on mid-game states.
// Prints figures only; nothing is asserted.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Game, KEY, demoFileSchema, replayDemo } from '../game/index.js';

const ORIGINAL_TICKS_PER_SECOND = 1_000_000; // the original game's code, headless (issue #2)
const file = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../../test/fixtures/classic-demos.json', import.meta.url), 'utf8')));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function replayAll(): number {
  let ticks = 0;
  for (const demo of file.demos) ticks += replayDemo(1, demo).time;
  return ticks;
}

for (let i = 0; i < 5; i++) replayAll(); // warm-up: let the JIT settle before measuring
const rates: number[] = [];
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const ticks = replayAll();
  rates.push(ticks / ((performance.now() - t0) / 1000));
}

// Mid-game states: every demo stopped at a quarter, half and three quarters of its length.
const states: Game[] = [];
for (const demo of file.demos) {
  for (const f of [0.25, 0.5, 0.75]) {
    const g = Game.forDemo(1, demo);
    g.runToEnd(Math.floor(demo.time * f));
    if (!g.over) states.push(g);
  }
}
const keys = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.DIG_LEFT, KEY.DIG_RIGHT, KEY.STOP];
function cloneSimulate(rounds: number): number {
  let ops = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < states.length; i++) {
      const copy = states[i].clone();
      copy.press(keys[(i + r) % keys.length], 20);
      ops++;
    }
  }
  return ops;
}
cloneSimulate(5);
const simRates: number[] = [];
for (let run = 0; run < 5; run++) {
  const t0 = performance.now();
  const ops = cloneSimulate(20);
  simRates.push(ops / ((performance.now() - t0) / 1000));
}

const replayRate = median(rates);
const simRate = median(simRates);
console.log(
  `replay 150 Classic demos: ${Math.round(replayRate).toLocaleString('en-US')} ticks/s (median of 5; runs ${rates.map((r) => Math.round(r / 1000) + 'k').join(', ')})`,
);
console.log(
  `  vs the original game's ~${ORIGINAL_TICKS_PER_SECOND.toLocaleString('en-US')} ticks/s: x${(replayRate / ORIGINAL_TICKS_PER_SECOND).toFixed(2)}`,
);
console.log(
  `clone + simulate 20 ticks: ${Math.round(simRate).toLocaleString('en-US')} ops/s (median of 5, ${states.length} mid-game states)`,
);
