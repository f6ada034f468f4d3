// Vite build of the browser pages (src/web): multi-page, one entry per HTML file (index.html now,
// lens.html once it exists), built into dist/web with relative asset URLs so the Koa server can serve
// that folder at `/` (or anywhere else). `npm run build:web` builds; `npx vite` serves src/web with
// /api and /agent-config.json proxied to `npm start` on 127.0.0.1:8080 (VITE_API_TARGET overrides).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('./src/web/', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web/', import.meta.url));
const pages = ['index', 'lens'].filter((name) => existsSync(`${root}${name}.html`));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  // public/ is served by the Koa server itself (agent-config.json is a route); nothing to copy.
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: Object.fromEntries(pages.map((name) => [name, `${root}${name}.html`])),
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/agent-config.json': apiTarget },
  },
});
