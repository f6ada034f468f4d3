// Static pages and assets from a list of roots searched in order (public/ today; a Vite build dir can
// be put first later). GET and HEAD only, never under /api, never a dotfile, never outside a root;
// a folder serves its index.html. Served with `Cache-Control: no-cache` so an edited page shows on
// reload. Reads files; writes nothing.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Middleware } from 'koa';
import { badRequest } from './errors.js';
import { isApiPath } from './middleware.js';

async function fileAt(path: string): Promise<{ path: string; size: number; mtime: Date } | null> {
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, size: info.size, mtime: info.mtime };
    if (info.isDirectory()) return fileAt(join(path, 'index.html'));
  } catch {
    /* missing or unreadable: try the next root */
  }
  return null;
}

export function staticFiles(roots: readonly string[]): Middleware {
  const resolvedRoots = roots.map((root) => resolve(root));
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path);
    } catch {
      throw badRequest('the URL path is not valid percent-encoding');
    }
    const segments = relative.split('/').filter(Boolean);
    if (relative.includes('\0') || segments.some((segment) => segment.startsWith('.') || segment.includes('\\'))) return next();
    for (const root of resolvedRoots) {
      const candidate = resolve(root, ...segments);
      if (candidate !== root && !candidate.startsWith(root + sep)) continue;
      const found = await fileAt(candidate);
      if (!found) continue;
      ctx.type = extname(found.path) || 'application/octet-stream';
      ctx.length = found.size;
      ctx.lastModified = found.mtime;
      ctx.set('Cache-Control', 'no-cache');
      // HEAD: headers only (Koa sends no body for HEAD; opening a stream would leak its file handle).
      if (ctx.method === 'HEAD') ctx.status = 200;
      else ctx.body = createReadStream(found.path);
      return;
    }
    return next();
  };
}
