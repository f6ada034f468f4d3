// What the e2e tests stand on: the REAL server (startServer on 127.0.0.1:0 over a temp data dir,
// serving the built pages from dist/web before public/) and headless Chromium from /usr/bin/chromium
// through playwright-core with a fresh user-data dir; console errors and page errors are collected per
// page. Screenshots go to test-artifacts/ (git-ignored). Everything started here is stopped by close().
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createLogger } from '../../src/config/logger.js';
import { startServer, type RunningServer } from '../../src/server/main.js';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = join(REPO, 'dist/web');
export const ARTIFACTS = join(REPO, 'test-artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  base: string;
  server: RunningServer;
  context: BrowserContext;
  /** A new page whose console errors and uncaught errors land in the returned list. */
  open(path: string): Promise<{ page: Page; errors: string[] }>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fr-e2e-data-'));
  // A fresh profile each run: playwright passes it to Chromium as --user-data-dir.
  const userDataDir = await mkdtemp(join(tmpdir(), 'fr-e2e-chromium-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    staticDirs: [WEB_DIST, join(REPO, 'public')],
    envReader: () => ({}),
    logger: createLogger({ level: 'error', destination: { write: () => {} } }),
  });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
  });
  const base = `http://127.0.0.1:${server.port}`;
  await mkdir(ARTIFACTS, { recursive: true });

  return {
    base,
    server,
    context,
    async open(path) {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await page.goto(base + path);
      await page.waitForFunction(() => window.__lodeRunnerPage !== undefined);
      return { page, errors };
    },
    async screenshot(page, name) {
      const path = join(ARTIFACTS, name);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close().catch(() => {});
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
