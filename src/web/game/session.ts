// The player's session across games at the keyboard (game-mechanics §6, challenge mode): lives
// (5 to start, a death costs one, a cleared level gives one back), the banked score, and the HUD
// figures and the on-board message for a snapshot in a mode. Pure and DOM-free; tested in Node.
import type { Snapshot } from '../../game/schemas.js';
import type { Mode } from './driver.js';

export const START_LIVES = 5;
export const FINISH_BONUS = 1500;

export interface Session {
  lives: number;
  /** Score of the games already over in this session. */
  banked: number;
}

export function newSession(): Session {
  return { lives: START_LIVES, banked: 0 };
}

/** The session after a keyboard game ended; `gameOver` when the last life is gone. */
export function afterGame(session: Session, status: string, gameScore: number): { session: Session; gameOver: boolean } {
  if (status === 'finish')
    return { session: { lives: session.lives + 1, banked: session.banked + gameScore + FINISH_BONUS }, gameOver: false };
  if (status === 'runner_dead') {
    const lives = Math.max(0, session.lives - 1);
    return { session: { lives, banked: session.banked + gameScore }, gameOver: lives === 0 };
  }
  return { session, gameOver: false };
}

export interface HudFigures {
  score: string;
  gold: string;
  time: string;
  lives: string;
  tick: string;
}

export function hudFigures(s: Pick<Snapshot, 'score' | 'gold' | 'time' | 'tick'>, session: Session, mode: Mode): HudFigures {
  const score = mode === 'play' ? session.banked + s.score : s.score;
  return {
    score: String(score).padStart(7, '0'),
    gold: s.gold.complete ? 'all taken, go up!' : `${s.gold.remainingCount} left`,
    time: String(s.time).padStart(3, '0'),
    lives: mode === 'play' ? String(session.lives) : '–',
    tick: String(s.tick),
  };
}

/** The message over the board, or null for none. */
export function boardMessage(
  s: Pick<Snapshot, 'gameStateName' | 'tick'>,
  mode: Mode,
  opts: { paused: boolean; gameOver?: boolean; replayEnded?: boolean },
): string | null {
  if (opts.paused) return 'Paused — press P or Esc to go on';
  if (mode === 'play') {
    if (s.gameStateName === 'start') return 'Press an arrow key to start (Z / X dig)';
    if (s.gameStateName === 'finish') return 'Level cleared! N: next level · R: play again';
    if (s.gameStateName === 'runner_dead') return opts.gameOver ? 'Game over — R starts again with 5 lives' : 'Caught! R: try again';
    return null;
  }
  if (mode === 'replay') {
    if (s.gameStateName === 'finish') return `Replay finished the level at tick ${s.tick}`;
    if (s.gameStateName === 'runner_dead') return `Replay: the runner died at tick ${s.tick}`;
    if (opts.replayEnded) return `Replay ended at tick ${s.tick}`;
    return null;
  }
  if (s.gameStateName === 'finish') return `The agent cleared the level at tick ${s.tick}`;
  if (s.gameStateName === 'runner_dead') return `The agent's runner died at tick ${s.tick}`;
  return null;
}
