// GET /api/health: a cheap liveness answer for people and scripts (is the server up, since when, how
// many HTTP games are live, is the planning chart wired in). Reads in-memory counters only.
import type Router from '@koa/router';
import type { RouteDeps } from '../deps.js';

export function healthRoutes(router: Router, deps: RouteDeps): void {
  router.get('/api/health', (ctx) => {
    const now = deps.clock();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: 'ok',
      service: 'footprint-runner',
      time: new Date(now).toISOString(),
      uptimeSeconds: Math.max(0, Math.round((now - deps.startedAt) / 1000)),
      liveGames: deps.games.size,
      chartAvailable: deps.chartStructure !== null,
    };
  });
}
