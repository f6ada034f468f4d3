// GET /api/levels (the five packs and their level counts) and GET /api/levels/:playData/:level (one
// level's 448-character string, also as 16 rows of 28). Reads the shipped level packs; no I/O.
import type Router from '@koa/router';
import { listPacks, levelText, packName, worldRecordTicks } from '../../game/index.js';
import { levelRefFromPath } from '../validation.js';

export function levelRoutes(router: Router): void {
  router.get('/api/levels', (ctx) => {
    const packs = listPacks();
    ctx.body = { packs, count: packs.length, totalLevels: packs.reduce((sum, pack) => sum + pack.levelCount, 0) };
  });

  router.get('/api/levels/:playData/:level', (ctx) => {
    const { playData, level } = levelRefFromPath(ctx.params);
    const text = levelText(playData, level);
    const rows = Array.from({ length: 16 }, (_, y) => text.slice(y * 28, y * 28 + 28));
    ctx.body = { playData, level, pack: packName(playData), text, rows, worldRecordTicks: worldRecordTicks(playData, level) };
  });
}
