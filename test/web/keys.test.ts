// Keyboard mapping of the game page: every alias of game-mechanics §3 reaches the same runner
// command as its canonical key, held-key semantics send STOP on release, and the per-tick queue
// never drops a dig.
import { describe, expect, it } from 'vitest';
import { KEY, keyToAction } from '../../src/game/index.js';
import { GAME_KEYS, HeldKeys, KeyQueue, commandOf, gameKeyOf, keyLabel } from '../../src/web/game/keys.js';

describe('key mapping', () => {
  it('maps arrows, Z/X and every alias to the canonical key codes', () => {
    expect(gameKeyOf('ArrowLeft')).toBe(KEY.LEFT);
    expect(gameKeyOf('ArrowRight')).toBe(KEY.RIGHT);
    expect(gameKeyOf('ArrowUp')).toBe(KEY.UP);
    expect(gameKeyOf('ArrowDown')).toBe(KEY.DOWN);
    expect(gameKeyOf('KeyZ')).toBe(KEY.DIG_LEFT);
    expect(gameKeyOf('KeyX')).toBe(KEY.DIG_RIGHT);
    for (const code of ['KeyJ', 'KeyA']) expect(gameKeyOf(code)).toBe(KEY.LEFT);
    for (const code of ['KeyL', 'KeyD']) expect(gameKeyOf(code)).toBe(KEY.RIGHT);
    for (const code of ['KeyI', 'KeyW']) expect(gameKeyOf(code)).toBe(KEY.UP);
    for (const code of ['KeyK', 'KeyS']) expect(gameKeyOf(code)).toBe(KEY.DOWN);
    for (const code of ['KeyY', 'KeyU', 'KeyQ', 'Comma']) expect(gameKeyOf(code)).toBe(KEY.DIG_LEFT);
    for (const code of ['KeyO', 'KeyE', 'Period']) expect(gameKeyOf(code)).toBe(KEY.DIG_RIGHT);
    expect(gameKeyOf('Space')).toBe(KEY.STOP);
    expect(gameKeyOf('KeyC')).toBeNull();
  });

  it('agrees with the engine: the canonical code and the original alias code give the same command', () => {
    const aliasCodes: Record<string, number> = { KeyJ: 74, KeyL: 76, KeyI: 73, KeyK: 75, KeyA: 65, KeyD: 68, KeyW: 87, KeyS: 83 };
    for (const [code, original] of Object.entries(aliasCodes)) expect(keyToAction(GAME_KEYS[code])).toBe(keyToAction(original));
    for (const [code, original] of Object.entries({ KeyY: 89, KeyU: 85, KeyQ: 81, Comma: 188, KeyO: 79, KeyE: 69, Period: 190 })) {
      expect(keyToAction(GAME_KEYS[code])).toBe(keyToAction(original));
    }
  });

  it('has page commands that no game key uses', () => {
    expect(commandOf('KeyP')).toBe('pause');
    expect(commandOf('Escape')).toBe('pause');
    expect(commandOf('KeyR')).toBe('restart');
    for (const code of ['KeyP', 'Escape', 'KeyR', 'KeyN']) expect(gameKeyOf(code)).toBeNull();
    expect(keyLabel(KEY.DIG_LEFT)).toBe('DIG LEFT');
    expect(keyLabel(67)).toBe('key 67');
  });
});

describe('HeldKeys', () => {
  it('moves while held and stops on release', () => {
    const held = new HeldKeys();
    expect(held.down('ArrowRight')).toBe(KEY.RIGHT);
    expect(held.down('ArrowRight', true)).toBeNull(); // auto-repeat
    expect(held.up('ArrowRight')).toBe(KEY.STOP);
    expect(held.up('ArrowRight')).toBeNull();
  });

  it('falls back to the key held before when the newest is released', () => {
    const held = new HeldKeys();
    held.down('ArrowLeft');
    expect(held.down('ArrowUp')).toBe(KEY.UP);
    expect(held.up('ArrowUp')).toBe(KEY.LEFT);
    held.down('ArrowDown');
    expect(held.up('ArrowLeft')).toBeNull(); // not the newest: nothing changes
    expect(held.up('ArrowDown')).toBe(KEY.STOP);
  });

  it('treats digs as taps', () => {
    const held = new HeldKeys();
    held.down('ArrowRight');
    expect(held.down('KeyZ')).toBe(KEY.DIG_LEFT);
    expect(held.down('KeyZ', true)).toBeNull();
    expect(held.up('KeyZ')).toBeNull();
    expect(held.up('ArrowRight')).toBe(KEY.STOP);
  });
});

describe('KeyQueue', () => {
  it('applies one key per tick, keeps digs and a short tap, and lets a newer move replace a waiting one', () => {
    const q = new KeyQueue();
    q.push(KEY.RIGHT);
    q.push(KEY.STOP);
    expect([q.take(), q.take(), q.take()]).toEqual([KEY.RIGHT, KEY.STOP, undefined]);
    q.push(KEY.LEFT);
    q.push(KEY.UP);
    q.push(KEY.DIG_LEFT);
    q.push(KEY.DIG_LEFT);
    q.push(KEY.RIGHT);
    expect([q.take(), q.take(), q.take(), q.take()]).toEqual([KEY.UP, KEY.DIG_LEFT, KEY.DIG_LEFT, KEY.RIGHT]);
    expect(q.size).toBe(0);
  });
});
