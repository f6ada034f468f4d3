// The engine's acceptance test (game-mechanics §7): every recorded game replays to the same
// outcome on exactly the same tick — the 150 Classic world records and 857 random-play games.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoFileSchema, replayDemo } from '../../src/game/index.js';

const load = (name: string) => demoFileSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')));

function mismatches(file: ReturnType<typeof load>) {
  return file.demos
    .map((demo) => ({ demo, got: replayDemo(1, demo) }))
    .filter(({ demo, got }) => got.state !== demo.state || got.time !== demo.time)
    .map(({ demo, got }) => `level ${demo.level}: expected ${demo.state}@${demo.time}, got ${got.state}@${got.time}`);
}

describe('demo replay', () => {
  it('replays all 150 Classic world-record demos to the recorded state on the recorded tick', () => {
    const file = load('classic-demos.json');
    expect(file.demos).toHaveLength(150);
    expect(mismatches(file)).toEqual([]);
  });

  it('replays all 857 random-play Classic games (deaths, guard gold, digs next to guards) exactly', () => {
    const file = load('classic-random-demos.json');
    expect(file.demos).toHaveLength(857);
    expect(mismatches(file)).toEqual([]);
  });

  it('notices a demo whose input was tampered with', () => {
    const demo = load('classic-demos.json').demos[0];
    const tampered = { ...demo, action: demo.action.map((v, i) => (i === 3 ? 39 : v)) };
    const got = replayDemo(1, tampered);
    expect(got.state === demo.state && got.time === demo.time).toBe(false);
  });
});
