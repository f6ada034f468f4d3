// Keyboard -> game input, as in the original: arrows, Z/X to dig and the alias keys of
// game-mechanics §3 (J/L/I/K, A/D/W/S, Y/U/Q/comma, O/E/period), held-key semantics (releasing
// the key that moves the runner sends STOP, 32, as the original records it), and the page's own
// command keys (pause, restart). Pure and DOM-free: it sees only `code` strings; tested in Node.
import { KEY } from '../../game/keys.js';

/** KeyboardEvent.code -> the canonical key code the engine and the recordings use. */
export const GAME_KEYS: Readonly<Record<string, number>> = {
  ArrowLeft: KEY.LEFT,
  KeyJ: KEY.LEFT,
  KeyA: KEY.LEFT,
  ArrowRight: KEY.RIGHT,
  KeyL: KEY.RIGHT,
  KeyD: KEY.RIGHT,
  ArrowUp: KEY.UP,
  KeyI: KEY.UP,
  KeyW: KEY.UP,
  ArrowDown: KEY.DOWN,
  KeyK: KEY.DOWN,
  KeyS: KEY.DOWN,
  KeyZ: KEY.DIG_LEFT,
  KeyY: KEY.DIG_LEFT,
  KeyU: KEY.DIG_LEFT,
  KeyQ: KEY.DIG_LEFT,
  Comma: KEY.DIG_LEFT,
  KeyX: KEY.DIG_RIGHT,
  KeyO: KEY.DIG_RIGHT,
  KeyE: KEY.DIG_RIGHT,
  Period: KEY.DIG_RIGHT,
  Space: KEY.STOP,
};

export type PageCommand = 'pause' | 'restart';

/** KeyboardEvent.code -> a page command (P or Escape pauses, R restarts). */
export const COMMAND_KEYS: Readonly<Record<string, PageCommand>> = {
  KeyP: 'pause',
  Escape: 'pause',
  KeyR: 'restart',
};

export function gameKeyOf(code: string): number | null {
  return GAME_KEYS[code] ?? null;
}

export function commandOf(code: string): PageCommand | null {
  return COMMAND_KEYS[code] ?? null;
}

const MOVE_KEYS = new Set<number>([KEY.LEFT, KEY.RIGHT, KEY.UP, KEY.DOWN]);

export function isMoveCode(keyCode: number): boolean {
  return MOVE_KEYS.has(keyCode);
}

/**
 * Held movement keys, newest last. `down` and `up` return the key code to press now (or null for
 * nothing): a dig is a tap, a move lasts while its key is held, and letting go of the newest held
 * move falls back to the one held before it, or to STOP when none is.
 */
export class HeldKeys {
  private held: { code: string; keyCode: number }[] = [];

  down(code: string, repeat = false): number | null {
    const keyCode = gameKeyOf(code);
    if (keyCode === null) return null;
    if (!isMoveCode(keyCode)) return repeat ? null : keyCode; // digs and STOP: one press per physical press
    if (repeat && this.held.some((h) => h.code === code)) return null;
    this.held = this.held.filter((h) => h.code !== code);
    this.held.push({ code, keyCode });
    return keyCode;
  }

  up(code: string): number | null {
    const i = this.held.findIndex((h) => h.code === code);
    if (i < 0) return null;
    const wasNewest = i === this.held.length - 1;
    const released = this.held[i].keyCode;
    this.held.splice(i, 1);
    if (!wasNewest) return null;
    const previous = this.held.at(-1);
    if (previous) return previous.keyCode === released ? null : previous.keyCode;
    return KEY.STOP;
  }

  /** Forget every held key (focus lost, level changed). */
  clear(): void {
    this.held = [];
  }
}

/**
 * Key presses waiting for the next tick: at most one is applied per tick (the engine takes one key
 * per tick), digs are never dropped, and a waiting move is replaced by a newer one so a slow speed
 * does not lag behind the keyboard.
 */
export class KeyQueue {
  private queue: number[] = [];

  push(keyCode: number): void {
    const last = this.queue.at(-1);
    // A new move replaces a move or stop still waiting; a STOP after a move is kept, so a short tap still moves.
    if (last !== undefined && !isDig(last) && isMoveCode(keyCode)) this.queue[this.queue.length - 1] = keyCode;
    else this.queue.push(keyCode);
    if (this.queue.length > 6) this.queue.splice(0, this.queue.length - 6);
  }

  /** The key to press on this tick, if any. */
  take(): number | undefined {
    return this.queue.shift();
  }

  get size(): number {
    return this.queue.length;
  }

  clear(): void {
    this.queue = [];
  }
}

function isDig(keyCode: number): boolean {
  return keyCode === KEY.DIG_LEFT || keyCode === KEY.DIG_RIGHT;
}

const KEY_LABELS: Readonly<Record<number, string>> = {
  [KEY.STOP]: 'STOP',
  [KEY.LEFT]: 'LEFT',
  [KEY.RIGHT]: 'RIGHT',
  [KEY.UP]: 'UP',
  [KEY.DOWN]: 'DOWN',
  [KEY.DIG_LEFT]: 'DIG LEFT',
  [KEY.DIG_RIGHT]: 'DIG RIGHT',
};

/** A key code as a person reads it ("DIG LEFT"), or its number when it has no name. */
export function keyLabel(keyCode: number): string {
  return KEY_LABELS[keyCode] ?? `key ${keyCode}`;
}
