// Game sessions over HTTP (http-api "Game sessions"): any client can create a game of any level,
// step it with a key for 1..20 ticks, fetch the legacy demo of what was played, and drop it. Games
// live in memory (gameSessions.ts: 64 at most, 10 minutes idle). Snapshots carry engineState so a
// client can plan with exact simulation. No disk I/O.
import type Router from '@koa/router';
import { z } from 'zod';
import type { RouteDeps } from '../deps.js';
import { notFound } from '../errors.js';
import type { GameSession } from '../gameSessions.js';
import { bodyObject, levelRefSchema, parseOr400 } from '../validation.js';

const createGameSchema = z.object({
  seed: z.union([z.number().int().min(0).max(0xffffffff), z.string().min(1).max(64)]).optional(),
  godMode: z.boolean().optional(),
});

const stepSchema = z.object({
  keyCode: z.number().int().min(0).max(255),
  ticks: z.number().int().min(1).max(20),
});

/** Any id that does not name a live game is a 404, so only the length is checked here. */
const gameIdSchema = z.string().min(1).max(128);

export function gameRoutes(router: Router, deps: RouteDeps): void {
  const { games } = deps;

  const sessionOf = (rawId: string | undefined): GameSession => {
    const gameId = parseOr400(gameIdSchema, rawId, 'gameId');
    const session = games.use(gameId);
    if (!session)
      throw notFound(`game not found: it never existed, was deleted, or expired after ${games.idleMs / 60000} minutes idle`, { gameId });
    return session;
  };

  router.post('/api/games', (ctx) => {
    const body = bodyObject(ctx.request.body);
    const { playData, level } = parseOr400(levelRefSchema, { playData: body.playData, level: body.level }, 'body');
    const { seed, godMode } = parseOr400(createGameSchema, body, 'body');
    const session = games.create(playData, level, {
      ...(seed === undefined ? {} : { seed }),
      ...(godMode === undefined ? {} : { godMode }),
    });
    ctx.status = 201;
    ctx.body = { gameId: session.id, snapshot: session.game.snapshot({ withEngineState: true }) };
  });

  router.post('/api/games/:gameId/step', (ctx) => {
    const session = sessionOf(ctx.params.gameId);
    const { keyCode, ticks } = parseOr400(stepSchema, bodyObject(ctx.request.body), 'body');
    session.game.press(keyCode, ticks);
    ctx.body = { snapshot: session.game.snapshot({ withEngineState: true }) };
  });

  router.get('/api/games/:gameId/demo', (ctx) => {
    ctx.body = sessionOf(ctx.params.gameId).game.demo();
  });

  router.delete('/api/games/:gameId', (ctx) => {
    const gameId = parseOr400(gameIdSchema, ctx.params.gameId, 'gameId');
    if (!games.delete(gameId)) throw notFound('game not found: it never existed, was deleted, or expired', { gameId });
    ctx.body = { deleted: true, gameId };
  });
}
