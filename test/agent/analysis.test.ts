// The planning step's working context (src/agent/analysis.ts): the exact engine state it
// restores is the planner's own copy, driven only by the keys the planner presses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../src/agent/analysis.js';
import { Game, KEY, demoFileSchema } from '../../src/game/index.js';
import { restoreState } from '../../src/game/serialize.js';
import { advance } from '../../src/game/tick.js';

const demos = demoFileSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-demos.json', import.meta.url), 'utf8')));

describe('analyzeSnapshot', () => {
  it("drops a replayed recording's playback, so simulations follow the planner's keys, not the recording's", () => {
    const game = Game.forDemo(1, demos.demos[0]!);
    game.runToEnd(120);
    const snapshot = game.snapshot({ withEngineState: true });
    const at = ({ runner: r }: { runner: { x: number; y: number; xOffset: number; yOffset: number } }) =>
      [r.x, r.y, r.xOffset, r.yOffset].join(',');

    // the recording moves the runner in the next 40 ticks whatever key is pressed ...
    const replayed = restoreState(snapshot.engineState!);
    for (let i = 0; i < 40; i++) advance(replayed, KEY.STOP);
    expect(at(replayed)).not.toBe(at(snapshot.engineState!));

    // ... the planner's copy stays where "stop" leaves it
    const planned = analyzeSnapshot(snapshot).state!;
    expect(planned.playback).toBeNull();
    const before = at(planned);
    for (let i = 0; i < 40; i++) advance(planned, KEY.STOP);
    expect(at(planned)).toBe(before);
  });
});
