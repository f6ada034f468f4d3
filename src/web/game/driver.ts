// Runs the engine in real time for the page: one Game at a time in one of three modes (keyboard play,
// an AI run's actions, replay of a recording), advanced at the chosen ticks per second from animation
// frames, with pause. Reads the clock it is handed and the key queue; writes only the Game it holds
// and calls back after every frame and when a game ends. DOM-free (the frame scheduler is injected)
// so its timing and mode rules are tested in Node.
import type { Game } from '../../game/game.js';
import { KeyQueue } from './keys.js';

export type Mode = 'play' | 'ai' | 'replay';

/** Turns elapsed wall time into whole ticks at a speed, carrying the remainder. */
export class TickClock {
  private last: number | null = null;
  private carry = 0;

  constructor(public ticksPerSecond: number) {}

  /** Ticks due at time `now` (ms) since the previous call; a long gap (a hidden tab) counts as 250 ms. */
  due(now: number): number {
    if (this.last === null) {
      this.last = now;
      return 0;
    }
    const dt = Math.max(0, Math.min(250, now - this.last));
    this.last = now;
    this.carry += (dt * this.ticksPerSecond) / 1000;
    const n = Math.floor(this.carry);
    this.carry -= n;
    return n;
  }

  reset(): void {
    this.last = null;
    this.carry = 0;
  }
}

interface PendingAction {
  keyCode: number;
  ticksLeft: number;
  first: boolean;
  resolve: (ran: number) => void;
  ran: number;
}

export interface DriverHooks {
  /** After every frame in which anything may have changed (draw the board, update the HUD). */
  onFrame: (game: Game) => void;
  /** Once when the held game finishes or the runner dies (or a replay reaches its recorded end). */
  onEnd?: (game: Game, mode: Mode) => void;
}

export class Driver {
  readonly keys = new KeyQueue();
  readonly clock: TickClock;
  private _game: Game;
  private _mode: Mode = 'play';
  private _paused = false;
  private action: PendingAction | null = null;
  private ended = false;
  /** Replay: stop at this tick unless the recording finished the level (then run to the finish). */
  private replayEnd: { time: number; finished: boolean } | null = null;

  constructor(
    game: Game,
    ticksPerSecond: number,
    private readonly hooks: DriverHooks,
  ) {
    this._game = game;
    this.clock = new TickClock(ticksPerSecond);
  }

  get game(): Game {
    return this._game;
  }
  get mode(): Mode {
    return this._mode;
  }
  get paused(): boolean {
    return this._paused;
  }

  /** Hold a new game in a mode; any pending AI action is released. */
  load(game: Game, mode: Mode, replay?: { time: number; finished: boolean }): void {
    this.releaseAction();
    this._game = game;
    this._mode = mode;
    this._paused = false;
    this.ended = false;
    this.replayEnd = mode === 'replay' ? (replay ?? null) : null;
    this.keys.clear();
    this.clock.reset();
    this.hooks.onFrame(game);
  }

  setSpeed(ticksPerSecond: number): void {
    this.clock.ticksPerSecond = ticksPerSecond;
  }

  setPaused(paused: boolean): void {
    this._paused = paused;
    this.clock.reset();
    this.hooks.onFrame(this._game);
  }

  /** A key from the keyboard; ignored unless the page is in play mode. */
  press(keyCode: number): void {
    if (this._mode === 'play' && !this._game.over) this.keys.push(keyCode);
  }

  /** The AI run's tick player: press `keyCode`, let `ticks` ticks run at the clock's speed. */
  playTicks(keyCode: number, ticks: number, signal?: AbortSignal): Promise<number> {
    this.releaseAction();
    if (this._game.over) return Promise.resolve(0);
    return new Promise((resolve) => {
      const action: PendingAction = { keyCode, ticksLeft: ticks, first: true, resolve, ran: 0 };
      this.action = action;
      signal?.addEventListener(
        'abort',
        () => {
          if (this.action === action) this.releaseAction();
        },
        { once: true },
      );
    });
  }

  private releaseAction(): void {
    const a = this.action;
    this.action = null;
    a?.resolve(a.ran);
  }

  /** One animation frame at time `now` (ms): run the ticks due, then call onFrame. */
  frame(now: number): void {
    const due = this._paused ? 0 : this.clock.due(now);
    for (let i = 0; i < due && !this.ended; i++) this.tickOnce();
    this.hooks.onFrame(this._game);
  }

  /** Runs exactly one tick's worth of work for the current mode (also what `frame` repeats). */
  tickOnce(): void {
    const game = this._game;
    if (this.ended) return;
    if (game.over) return this.end();
    switch (this._mode) {
      case 'play':
        game.step(this.keys.take());
        break;
      case 'ai': {
        const a = this.action;
        if (!a) return;
        if (game.step(a.first ? a.keyCode : undefined)) a.ran++;
        a.first = false;
        a.ticksLeft--;
        if (a.ticksLeft <= 0 || game.over) this.releaseAction();
        break;
      }
      case 'replay': {
        const end = this.replayEnd;
        if (end && !end.finished && game.state.tick >= end.time) return this.end();
        if (end && game.state.tick > end.time + 2000) return this.end();
        game.step();
        break;
      }
    }
    if (game.over) this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.releaseAction();
    this.hooks.onEnd?.(this._game, this._mode);
  }
}
