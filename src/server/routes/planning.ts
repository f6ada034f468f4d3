// POST /api/agent/next-action (http-api "Planning"): validate the body, re-read the public config and
// the dotenv files, resolve the model profile, then hand one planning step to the injected planner,
// one step at a time per run, and map its typed failures to 400/502/503/500. Reads the config file
// and dotenv files; the planner writes the trace step. Never logs the body or the env.
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { loadAgentConfig } from '../../config/agentConfig.js';
import { resolveProfile, type ProfileInputs, type ResolvedProfile } from '../../llm/profiles.js';
import type { Env } from '../../llm/secrets.js';
import type { RouteDeps } from '../deps.js';
import { HttpError, httpErrorFrom, planningErrorAnswer } from '../errors.js';
import { nextActionBodySchema, nextActionResponseSchema } from '../planningContract.js';
import { bodyObject, levelRefSchema, parseOr400 } from '../validation.js';

/** The profile that answers this request, or the 400 (unknown profile, bad model) / 503 (not configured). */
function profileOr4xx(inputs: ProfileInputs, env: Env): ResolvedProfile {
  try {
    return resolveProfile(inputs, env);
  } catch (error) {
    throw httpErrorFrom(planningErrorAnswer(error));
  }
}

export function planningRoutes(router: Router, deps: RouteDeps): void {
  router.post('/api/agent/next-action', async (ctx) => {
    const raw = bodyObject(ctx.request.body);
    const { playData, level } = parseOr400(levelRefSchema, { playData: raw.playData, level: raw.level }, 'body');
    const body = parseOr400(nextActionBodySchema, raw, 'body');

    const config = await loadAgentConfig(deps.configPath, { logger: deps.logger });
    const env = deps.envReader();
    const resolvedProfile = profileOr4xx(
      { model: body.model, modelProfile: body.modelProfile, configProfile: config.agent.modelProfile },
      env,
    );

    const traceId = body.runId ?? randomUUID();
    // The client going away aborts the step (the provider call honours the signal).
    const controller = new AbortController();
    const onClose = () => {
      if (!ctx.res.writableFinished) controller.abort();
    };
    ctx.res.once('close', onClose);
    try {
      const response = await deps.runQueue.run(traceId, async () => {
        const stepIndex = (await deps.traceStore.getRunSummary(traceId))?.stepCount ?? 0;
        return deps.planner({
          playData,
          level,
          snapshot: body.snapshot,
          history: body.history,
          traceId,
          stepIndex,
          slots: body.slots ?? {},
          config,
          resolvedProfile,
          env,
          signal: controller.signal,
          debugLog: deps.debugLog,
        });
      });
      const checked = nextActionResponseSchema.safeParse(response);
      if (!checked.success) {
        deps.logger.error(
          { traceId, problem: checked.error.issues[0]?.message, at: checked.error.issues[0]?.path.join('.') },
          'planner answer malformed',
        );
        throw new HttpError(500, 'the planner returned a malformed answer');
      }
      ctx.body = checked.data;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const answer = planningErrorAnswer(error);
      if (answer.serverFault) deps.logger.error({ traceId, status: answer.status, err: error }, 'planning step failed');
      throw httpErrorFrom(answer);
    } finally {
      ctx.res.off('close', onClose);
    }
  });
}
