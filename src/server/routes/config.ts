// GET /agent-config.json: the public agent config as the loader resolves it right now (re-read per
// request, defaults field by field, secret-looking fields refused), never the raw file, so a key
// pasted into it is never served. No caching, so the browser sees an edit on its next run.
import type Router from '@koa/router';
import { loadAgentConfig } from '../../config/agentConfig.js';
import type { RouteDeps } from '../deps.js';

export function configRoutes(router: Router, deps: RouteDeps): void {
  router.get('/agent-config.json', async (ctx) => {
    const config = await loadAgentConfig(deps.configPath, { logger: deps.logger });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = config;
  });
}
