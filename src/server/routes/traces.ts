// The trace routes: the run list (newest first, without steps), one run with its steps, a level's
// latest run with its newest recording, and the planning chart's structure for the lens to draw.
// Reads the trace and recording stores; writes nothing.
import type Router from '@koa/router';
import type { RouteDeps } from '../deps.js';
import { HttpError, notFound } from '../errors.js';
import { levelRefFromPath, parseOr400, traceIdSchema } from '../validation.js';

export function traceRoutes(router: Router, deps: RouteDeps): void {
  router.get('/api/agent/traces', async (ctx) => {
    const runs = await deps.traceStore.listRuns();
    ctx.body = { runs, count: runs.length };
  });

  router.get('/api/agent/traces/:traceId', async (ctx) => {
    const traceId = parseOr400(traceIdSchema, ctx.params.traceId, 'traceId');
    const run = await deps.traceStore.getRun(traceId);
    if (!run) throw notFound('trace not found', { traceId });
    ctx.body = run;
  });

  router.get('/api/agent/runs/:playData/:level', async (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    const [latestRun, recording] = await Promise.all([
      deps.traceStore.latestRunFor(playData, level),
      deps.recordingStore.newestFor(playData, level),
    ]);
    if (!latestRun) throw notFound('no agent run found for this level', { playData, level, recording });
    ctx.body = { latestRun, recording };
  });

  router.get('/api/agent/chart', async (ctx) => {
    if (!deps.chartStructure) throw new HttpError(503, 'planning chart not available');
    ctx.body = await deps.chartStructure();
  });
}
