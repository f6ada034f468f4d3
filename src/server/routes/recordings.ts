// The recording routes (http-api "Recordings"): the whole store, a level's newest record, a level's
// records with their runs, save (an agent record also sets its run's outcome), and delete (with the
// linked run). Reads and writes both stores through src/stores' linking functions; a bad body is a
// 400 naming the field, a failed disk write a 500.
import type Router from '@koa/router';
import { z } from 'zod';
import { StoreInputError, deleteRecordingAndTrace, recordsWithTraces, saveRecordingAndLink } from '../../stores/index.js';
import type { RouteDeps } from '../deps.js';
import { HttpError, notFound } from '../errors.js';
import { bodyObject, levelRefFromPath, parseOr400, singleQueryValue } from '../validation.js';

const deleteQuerySchema = z.object({ recordId: singleQueryValue, traceId: singleQueryValue });

/** Store input errors are the caller's (400); anything else from a store is a disk failure (500). */
async function storeWrite<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StoreInputError || error instanceof HttpError) throw error;
    throw new HttpError(500, `failed to ${what}`);
  }
}

export function recordingRoutes(router: Router, deps: RouteDeps): void {
  const { recordingStore, traceStore } = deps;

  router.get('/api/recordings', async (ctx) => {
    ctx.body = await recordingStore.contents();
  });

  router.get('/api/recordings/:playData/:level', async (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    const record = await recordingStore.newestFor(playData, level);
    if (!record) throw notFound('recording not found', { playData, level });
    ctx.body = record;
  });

  router.get('/api/recordings/:playData/:level/records', async (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    ctx.body = await recordsWithTraces(recordingStore, traceStore, playData, level);
  });

  router.put('/api/recordings/:playData/:level', async (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    const body = bodyObject(ctx.request.body);
    const saved = await storeWrite('save the recording', () => saveRecordingAndLink(recordingStore, traceStore, playData, level, body));
    ctx.status = 201;
    ctx.body = saved;
  });

  router.delete('/api/recordings/:playData/:level', async (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    const { recordId, traceId } = parseOr400(deleteQuerySchema, ctx.query, 'query');
    const selector = { ...(recordId ? { recordId } : {}), ...(traceId ? { traceId } : {}) };
    const result = await storeWrite('delete the recording', () =>
      deleteRecordingAndTrace(recordingStore, traceStore, playData, level, selector),
    );
    if (!result) throw notFound('recording not found', { playData, level, ...selector });
    ctx.body = result;
  });
}
