// `npm run bench:engine`: engine throughput on one core. Prints figures only; asserts nothing.
// Each figure is the median of 5 runs of fixed work (~0.2-0.4 s each), after a warm-up that lets
// V8 optimise every hot path. The runs of the three workloads are interleaved so that other
// processes slowing the machine hit them alike, and the spread, the CPU share this process got
// and the machine's load are printed too, so a figure taken on a busy machine shows as such.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Game, KEY, demoFileSchema, replayDemo } from '../game/index.js';

/** The original game's code replays ~1,000,000 ticks/s headless (issue #2): a stated figure, not measured here. */
const ORIGINAL_TICKS_PER_SECOND = 1_000_000;
const RUNS = 5;
const REPLAY_PASSES = 5; // passes over the 150 demos per replay run (~950,000 ticks)
const CLONE_ROUNDS = 50; // rounds over the ~450 mid-game states per clone run
const RESTORE_ROUNDS = 5; // the serialize + restore baseline is far slower
const SIM_TICKS = 20;
const WARM_UP_MS = 3_000;

const file = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../../test/fixtures/classic-demos.json', import.meta.url), 'utf8')));

function replayPasses(passes: number): number {
  let ticks = 0;
  for (let p = 0; p < passes; p++) for (const demo of file.demos) ticks += replayDemo(1, demo).time;
  return ticks;
}

// Mid-game states, as a planner sees them: every demo stopped at a quarter, half and three
// quarters of its length, then cut loose from its recorded input so that pressed keys steer it.
const states: Game[] = [];
for (const demo of file.demos) {
  for (const f of [0.25, 0.5, 0.75]) {
    const g = Game.forDemo(1, demo);
    g.runToEnd(Math.floor(demo.time * f));
    if (g.over) continue;
    states.push(Game.restore({ ...g.serialize(), playback: null }));
  }
}
const keys = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.DIG_LEFT, KEY.DIG_RIGHT, KEY.STOP];

/** Copies each state with clone() and simulates SIM_TICKS ticks on the copy; returns ops done. */
function cloneSimulate(rounds: number): number {
  let ops = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < states.length; i++) {
      states[i].clone().press(keys[(i + r) % keys.length], SIM_TICKS);
      ops++;
    }
  }
  return ops;
}

/** The same work with the copy made through serialize() + Game.restore() (validated JSON). */
function restoreSimulate(rounds: number): number {
  let ops = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < states.length; i++) {
      Game.restore(states[i].serialize()).press(keys[(i + r) % keys.length], SIM_TICKS);
      ops++;
    }
  }
  return ops;
}

interface Rates {
  /** Work per second of wall-clock time: the figure. */
  wall: number[];
  /** Work per second of this process's CPU time (all its threads, so GC and JIT helpers count too). */
  cpu: number[];
}
const newRates = (): Rates => ({ wall: [], cpu: [] });

function measure(into: Rates, work: () => number): void {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const done = work();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  into.wall.push(done / (wallMs / 1000));
  into.cpu.push(done / ((cpu.user + cpu.system) / 1e6));
}

const warmUpEnd = performance.now() + WARM_UP_MS;
while (performance.now() < warmUpEnd) {
  replayPasses(1);
  cloneSimulate(1);
  restoreSimulate(1);
}

const loadBefore = loadavg()[0];
const cpuStart = process.cpuUsage();
const wallStart = performance.now();
const replay = newRates();
const clone = newRates();
const restore = newRates();
for (let run = 0; run < RUNS; run++) {
  measure(replay, () => replayPasses(REPLAY_PASSES));
  measure(clone, () => cloneSimulate(CLONE_ROUNDS));
  measure(restore, () => restoreSimulate(RESTORE_ROUNDS));
}
const cpuUsed = process.cpuUsage(cpuStart);
const cpuShare = (cpuUsed.user + cpuUsed.system) / 1000 / (performance.now() - wallStart);
const loadAfter = loadavg()[0];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const short = (x: number) => (x >= 1e6 ? `${(x / 1e6).toFixed(2)}M` : `${Math.round(x / 1000)}k`);
const spread = (xs: number[]) => `runs ${xs.map(short).join(' ')}; max/min ${(Math.max(...xs) / Math.min(...xs)).toFixed(2)}`;

const ticksPerPass = replayPasses(1);
const replayRate = median(replay.wall);
const cloneRate = median(clone.wall);
const restoreRate = median(restore.wall);
console.log(
  `engine bench: Node ${process.version}, ${availableParallelism()} CPUs; each figure the median of ${RUNS} interleaved runs after a ${WARM_UP_MS / 1000} s warm-up`,
);
console.log(
  `replay 150 Classic demos: ${int(replayRate)} ticks/s (${REPLAY_PASSES} x ${int(ticksPerPass)} ticks per run; ${spread(replay.wall)})`,
);
console.log(
  `  x${(replayRate / ORIGINAL_TICKS_PER_SECOND).toFixed(2)} the original game's ~${int(ORIGINAL_TICKS_PER_SECOND)} ticks/s (a stated figure, not measured here)`,
);
console.log(`  ${int(median(replay.cpu))} ticks per CPU-second of this process`);
console.log(
  `clone + simulate ${SIM_TICKS} ticks: ${int(cloneRate)} ops/s (${CLONE_ROUNDS} x ${states.length} mid-game states per run; ${spread(clone.wall)})`,
);
console.log(`  ${int(median(clone.cpu))} ops per CPU-second of this process`);
console.log(
  `serialize + restore + simulate ${SIM_TICKS} ticks: ${int(restoreRate)} ops/s (${RESTORE_ROUNDS} x ${states.length} per run; ${spread(restore.wall)})`,
);
console.log(
  `  clone() makes the copy to simulate on x${(cloneRate / restoreRate).toFixed(1)} faster than serialize() + Game.restore() (both measured here)`,
);
console.log(
  `machine: 1-min load average ${loadBefore.toFixed(1)} before / ${loadAfter.toFixed(1)} after; this process had ${Math.round(cpuShare * 100)}% of a CPU while measuring` +
    ` (a load near or above the CPU count, or a share well below 100%, means other work slowed these figures)`,
);
