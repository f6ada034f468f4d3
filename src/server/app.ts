// Builds the Koa app (no listen, so tests start it on port 0 and main.ts on 8080): access log, error
// boundary, JSON body parser, the route groups, then the static pages. Everything it touches comes in
// through `deps` (stores, planner, logger, env reader, clock). Reads and writes only through them.
import { join } from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import { createDebugLog, DEBUG_LOG_FILE } from '../llm/debugLog.js';
import type { AppDeps, RouteDeps } from './deps.js';
import { GameSessions } from './gameSessions.js';
import { accessLog, errorBoundary, jsonBodyParser } from './middleware.js';
import { configRoutes } from './routes/config.js';
import { gameRoutes } from './routes/games.js';
import { healthRoutes } from './routes/health.js';
import { lensRoutes } from './routes/lens.js';
import { levelRoutes } from './routes/levels.js';
import { planningRoutes } from './routes/planning.js';
import { recordingRoutes } from './routes/recordings.js';
import { traceRoutes } from './routes/traces.js';
import { KeyedQueue } from './runLock.js';
import { staticFiles } from './staticFiles.js';

export type { AppDeps } from './deps.js';

/** Fill in the optional deps. */
export function routeDeps(deps: AppDeps): RouteDeps {
  const clock = deps.clock ?? Date.now;
  return {
    ...deps,
    clock,
    staticDirs: deps.staticDirs ?? [deps.publicDir],
    chartStructure: deps.chartStructure ?? null,
    debugLog: deps.debugLog ?? createDebugLog({ enabled: false, path: join(deps.dataDir, DEBUG_LOG_FILE) }),
    games: deps.games ?? new GameSessions({ clock }),
    runQueue: new KeyedQueue(),
    startedAt: clock(),
  };
}

export function createApp(appDeps: AppDeps): Koa {
  const deps = routeDeps(appDeps);
  const app = new Koa();
  // Errors are answered and logged by errorBoundary; Koa's own stderr dump would duplicate them.
  app.silent = true;

  const router = new Router();
  healthRoutes(router, deps);
  levelRoutes(router);
  configRoutes(router, deps);
  recordingRoutes(router, deps);
  traceRoutes(router, deps);
  lensRoutes(router, deps);
  gameRoutes(router, deps);
  planningRoutes(router, deps);

  app.use(accessLog(deps.logger));
  app.use(errorBoundary(deps.logger));
  app.use(jsonBodyParser());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use(staticFiles(deps.staticDirs));
  return app;
}
