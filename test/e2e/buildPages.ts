// Global setup of the e2e run: builds the browser pages (vite.config.ts -> dist/web) once, so the
// tests always exercise the current source. Writes dist/web.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export default async function buildPages(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL('../../vite.config.ts', import.meta.url)), logLevel: 'warn' });
}
