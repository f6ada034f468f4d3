// The lens routes: a run's step timeline, the replay of one stored step (re-materialised from the run's
// recording, re-planned with the recorded answers, verified against the stored model receipts), the
// what-if (other slot variants, a forced candidate or forced keys, played forward beside what really
// happened) and the run's point of no return (computed once in a worker, cached with the run).
// Reads the trace and recording stores; writes only a run's cached cause. The logic lives in src/lens.
import type Router from '@koa/router';
import { z } from 'zod';
import { createCauseService } from '../../lens/causeService.js';
import { counterfactual, counterfactualBodySchema } from '../../lens/counterfactual.js';
import { LensError } from '../../lens/errors.js';
import { replayStep, type LensSources } from '../../lens/replayStep.js';
import { timelineOf } from '../../lens/timeline.js';
import type { RouteDeps } from '../deps.js';
import { HttpError, httpErrorFrom, notFound, planningErrorAnswer } from '../errors.js';
import { bodyObject, parseOr400, singleQueryValue, traceIdSchema } from '../validation.js';

const seedQuerySchema = z.object({
  /** The live game's engine seed, when known: the replay then reproduces the run's random generator exactly. */
  seed: singleQueryValue.pipe(
    z
      .string()
      .regex(/^\d{1,10}$/, 'must be the engine seed, an integer 0..4294967295')
      .transform(Number)
      .pipe(z.number().max(0xffffffff, 'must be at most 4294967295'))
      .optional(),
  ),
});

const stepIndexSchema = z
  .string()
  .regex(/^\d{1,6}$/, 'must be a step index: an integer 0 or more (0-based, as in the trace step’s stepIndex)')
  .transform(Number);

/** Lens and planning errors become the answers they declare; anything else stays a 500. */
function asHttpError(error: unknown): unknown {
  if (error instanceof LensError) return new HttpError(error.httpStatus, error.message, error.details);
  const answer = planningErrorAnswer(error);
  return answer.serverFault ? error : httpErrorFrom(answer);
}

export function lensRoutes(router: Router, deps: RouteDeps): void {
  const sources: LensSources = {
    getRun: (traceId) => deps.traceStore.getRun(traceId),
    getRecording: (recordId) => deps.recordingStore.get(recordId),
  };
  const causes = createCauseService(sources, deps.traceStore);
  const stepRef = (params: Record<string, string | undefined>) => ({
    traceId: parseOr400(traceIdSchema, params.traceId, 'traceId'),
    stepIndex: parseOr400(stepIndexSchema, params.n, 'step'),
  });

  router.get('/api/agent/traces/:traceId/timeline', async (ctx) => {
    const traceId = parseOr400(traceIdSchema, ctx.params.traceId, 'traceId');
    const [run, recording] = await Promise.all([deps.traceStore.getRun(traceId), deps.recordingStore.get(traceId)]);
    if (!run) throw notFound('trace not found', { traceId });
    ctx.body = timelineOf(run, recording !== null);
  });

  router.get('/api/agent/traces/:traceId/steps/:n/replay', async (ctx) => {
    const { traceId, stepIndex } = stepRef(ctx.params);
    try {
      const { seed } = parseOr400(seedQuerySchema, ctx.query, 'query');
      ctx.body = await replayStep(sources, traceId, stepIndex, { seed });
    } catch (error) {
      throw asHttpError(error);
    }
  });

  router.get('/api/agent/traces/:traceId/cause', async (ctx) => {
    const traceId = parseOr400(traceIdSchema, ctx.params.traceId, 'traceId');
    try {
      ctx.body = await causes.causeOf(traceId);
    } catch (error) {
      throw asHttpError(error);
    }
  });

  router.post('/api/agent/traces/:traceId/steps/:n/counterfactual', async (ctx) => {
    const { traceId, stepIndex } = stepRef(ctx.params);
    const body = parseOr400(counterfactualBodySchema, bodyObject(ctx.request.body), 'body');
    try {
      ctx.body = await counterfactual(sources, traceId, stepIndex, body);
    } catch (error) {
      throw asHttpError(error);
    }
  });
}
