// Engine state persistence (src/game/serialize.ts): serialize() -> JSON -> Game.restore() resumes the
// game exactly, clone() is an independent copy, and restore() refuses a corrupt state by field name.
import { describe, expect, it } from 'vitest';
import { EngineStateError, Game, KEY } from '../../src/game/index.js';

const KEYS = [KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN, KEY.DIG_LEFT, KEY.DIG_RIGHT, KEY.STOP];

/** A small deterministic key source: every 6th tick a key (or none), drawn from a seeded LCG. */
function keySource(seed: number): (tick: number) => number | undefined {
  let s = seed >>> 0;
  return (tick) => {
    if (tick % 6 !== 0) return undefined;
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const k = s % (KEYS.length + 1);
    return k === KEYS.length ? undefined : KEYS[k];
  };
}

/** Classic level 5 after ~300 ticks of scripted play. */
function midGame(): Game {
  const game = Game.fromLevel(1, 5, { seed: 11, godMode: true }); // god mode: the game keeps going
  const keys = keySource(5);
  game.step(KEY.LEFT);
  while (game.state.tick < 300 && !game.over) game.step(keys(game.state.tick));
  return game;
}

describe('serialize and restore', () => {
  it('a game restored from JSON mid-game runs on identically to the original for 2,000 ticks', () => {
    const original = midGame();
    expect(original.status).toBe('running');
    let restored = Game.restore(JSON.parse(JSON.stringify(original.serialize())));
    expect(restored.serialize()).toEqual(original.serialize());

    const keysA = keySource(99);
    const keysB = keySource(99);
    let compared = 0;
    let sawHole = false;
    let sawReborn = false;
    for (let i = 1; i <= 2_000; i++) {
      const t = original.state.tick;
      original.step(keysA(t));
      restored.step(keysB(t));
      sawHole ||= original.state.holes.length > 0;
      sawReborn ||= original.state.reborns.length > 0;
      if (i % 100 === 0) {
        expect(restored.serialize()).toEqual(original.serialize());
        compared++;
        // and the copy hops through JSON again: saving at any point (timers, respawn picker, ...) loses nothing
        restored = Game.restore(JSON.parse(JSON.stringify(restored.serialize())));
      }
    }
    expect(compared).toBe(20);
    expect(restored.serialize()).toEqual(original.serialize());
    // the run exercised the timers too: it kept going (god mode), dug holes and saw guards respawn
    expect(original.state.tick).toBe(2_300);
    expect(sawHole).toBe(true);
    expect(sawReborn).toBe(true);
    expect(original.demo()).toEqual(restored.demo());
  });

  it('the serialized form is plain JSON with a version and the layers as digit strings', () => {
    const e = midGame().serialize();
    expect(e.v).toBe(1);
    expect(e.base).toMatch(/^[0-9]{448}$/);
    expect(e.act).toMatch(/^[0-9]{448}$/);
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });

  it('a clone runs independently: driving and mutating it leaves the original untouched', () => {
    const original = midGame();
    const before = JSON.stringify(original.serialize());
    const copy = original.clone();
    expect(copy.serialize()).toEqual({ ...original.serialize(), recording: null }); // clone() drops the recording by default

    const keys = keySource(7);
    for (let i = 0; i < 500; i++) copy.step(keys(copy.state.tick));
    copy.state.act[0] = 9;
    copy.state.base[1] = 1;
    copy.state.runner.x = 0;
    copy.state.guards[0].x = 0;
    copy.state.holes.push({ x: 1, y: 1, openedAt: 0 });
    expect(JSON.stringify(original.serialize())).toBe(before);
  });

  it('hundreds of clones (their layers share slabs) each keep their own base and act', () => {
    const original = midGame();
    const copies = Array.from({ length: 300 }, () => original.clone());
    copies.forEach((c, i) => {
      c.state.act[i % c.state.act.length] = 9;
      c.state.base[(i * 7) % c.state.base.length] = 8;
    });
    copies.forEach((c, i) => {
      const act = Uint8Array.from(original.state.act);
      act[i % act.length] = 9;
      const base = Uint8Array.from(original.state.base);
      base[(i * 7) % base.length] = 8;
      expect([...c.state.act]).toEqual([...act]);
      expect([...c.state.base]).toEqual([...base]);
    });
  });

  it('a clone that keeps its recording is equal to the original and diverges only when driven differently', () => {
    const original = midGame();
    const copy = original.clone(true);
    expect(copy.serialize()).toEqual(original.serialize());
    original.press(KEY.LEFT, 50);
    copy.press(KEY.LEFT, 50);
    expect(copy.serialize()).toEqual(original.serialize());
  });

  it.each([
    ['a runner off the board', (e: Record<string, unknown>) => ((e.runner as { x: number }).x = 99), /runner\.x/],
    ['a short act layer', (e: Record<string, unknown>) => (e.act = '0'.repeat(10)), /act/],
    ['a layer with a letter in it', (e: Record<string, unknown>) => (e.base = 'x'.repeat(448)), /base/],
    ['an unknown status', (e: Record<string, unknown>) => (e.status = 'paused'), /status/],
    ['a wrong version', (e: Record<string, unknown>) => (e.v = 2), /\bv\b/],
    ['a guard off the board', (e: Record<string, unknown>) => ((e.guards as { y: number }[])[0].y = 16), /guards\.0\.y/],
    ['a missing field', (e: Record<string, unknown>) => delete e.goldCount, /goldCount/],
  ])('restore() refuses %s with an EngineStateError naming the field', (_name, corrupt, field) => {
    const e = JSON.parse(JSON.stringify(midGame().serialize()));
    corrupt(e);
    expect(() => Game.restore(e)).toThrow(EngineStateError);
    expect(() => Game.restore(e)).toThrow(field);
  });

  it('restore() refuses something that is not an engine state at all', () => {
    expect(() => Game.restore(null)).toThrow(EngineStateError);
    expect(() => Game.restore('{}')).toThrow(EngineStateError);
  });
});
