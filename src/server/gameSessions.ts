// Live games played over HTTP (POST /api/games ...): each is an engine Game held in memory under a
// random id. Memory stays bounded: at most 64 live games (creating one more evicts the game idle the
// longest) and a game idle for 10 minutes expires. Expiry is checked on every access, so there is no
// timer to stop at shutdown; the clock is injectable so tests can move time. Reads and writes nothing
// on disk.
import { randomUUID } from 'node:crypto';
import { Game, type GameOptions } from '../game/index.js';

export const MAX_LIVE_GAMES = 64;
export const GAME_IDLE_MS = 10 * 60 * 1000;

export interface GameSession {
  id: string;
  game: Game;
  createdAt: number;
  lastUsedAt: number;
}

export interface GameSessionsOptions {
  /** Milliseconds since the epoch; Date.now by default. */
  clock?: () => number;
  maxGames?: number;
  idleMs?: number;
}

export class GameSessions {
  /** Sessions in least-recently-used order (oldest first): a use moves a session to the back. */
  readonly #sessions = new Map<string, GameSession>();
  readonly #clock: () => number;
  readonly maxGames: number;
  readonly idleMs: number;

  constructor(options: GameSessionsOptions = {}) {
    this.#clock = options.clock ?? Date.now;
    this.maxGames = options.maxGames ?? MAX_LIVE_GAMES;
    this.idleMs = options.idleMs ?? GAME_IDLE_MS;
  }

  /** Live games right now (expired ones are dropped first). */
  get size(): number {
    this.#expire();
    return this.#sessions.size;
  }

  /** Start a recording game of a level; evicts the longest-idle game when 64 are live. */
  create(playData: number, level: number, options: Pick<GameOptions, 'seed' | 'godMode'> = {}): GameSession {
    this.#expire();
    const game = Game.fromLevel(playData, level, { ...options, record: true });
    while (this.#sessions.size >= this.maxGames) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest === undefined) break;
      this.#sessions.delete(oldest);
    }
    const now = this.#clock();
    const session: GameSession = { id: randomUUID(), game, createdAt: now, lastUsedAt: now };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live game with this id (marking it used), or null when unknown or expired. */
  use(id: string): GameSession | null {
    this.#expire();
    const session = this.#sessions.get(id);
    if (!session) return null;
    session.lastUsedAt = this.#clock();
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session;
  }

  /** Drop a game; true when it was live. */
  delete(id: string): boolean {
    this.#expire();
    return this.#sessions.delete(id);
  }

  #expire(): void {
    const cutoff = this.#clock() - this.idleMs;
    // Oldest first, so the scan stops at the first session used recently enough.
    for (const [id, session] of this.#sessions) {
      if (session.lastUsedAt > cutoff) break;
      this.#sessions.delete(id);
    }
  }
}
