// The experiment report as a person opens it: a tiny experiment (2 arms x Classic 1 x 1 seed, `local`
// profile) runs in-process into a temp data dir, then its self-contained report.html is loaded from
// disk (file://, so nothing can come from a server) in headless Chromium: no console errors, and the
// three Chart.js canvases are drawn (non-zero size, a chart attached, pixels painted). Screenshot in
// test-artifacts/.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { runExperiment } from '../../src/experiments/run.js';
import { parseExperiment } from '../../src/experiments/schema.js';
import { ARTIFACTS, CHROMIUM, CHROMIUM_ARGS } from './harness.js';

const CANVASES = ['plot-clear-rate', 'plot-grid', 'plot-ticks'];
const dirs: string[] = [];
let context: BrowserContext | null = null;

afterAll(async () => {
  await context?.close().catch(() => {});
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the experiment report', () => {
  it('opens from disk without console errors and draws its three charts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fr-e2e-experiment-'));
    const userDataDir = await mkdtemp(join(tmpdir(), 'fr-e2e-chromium-'));
    dirs.push(dataDir, userDataDir);
    const experiment = parseExperiment(
      {
        levels: { pack: 'classic', ranges: '1' },
        runs: 1,
        profile: 'local',
        arms: [{ id: 'default' }, { id: 'geometric', slots: { candidates: 'geometric' } }],
      },
      'e2e-report.json',
    );
    const { reportPath } = await runExperiment({ experiment, dataDir, workers: 0, folder: { mode: 'fresh' } });

    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(reportPath).href);
    await page.waitForLoadState('load');
    await expect(page.title()).resolves.toContain('e2e-report');

    const drawn = await page.evaluate((ids) => {
      const chartGlobal = (window as unknown as { Chart?: { getChart(canvas: HTMLCanvasElement): unknown } }).Chart;
      return ids.map((id) => {
        const canvas = document.getElementById(id) as HTMLCanvasElement | null;
        if (!canvas) return { id, found: false, width: 0, height: 0, chart: false, painted: 0 };
        const box = canvas.getBoundingClientRect();
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) painted++;
        return { id, found: true, width: box.width, height: box.height, chart: Boolean(chartGlobal?.getChart(canvas)), painted };
      });
    }, CANVASES);
    for (const canvas of drawn) {
      expect(canvas, canvas.id).toMatchObject({ found: true, chart: true });
      expect(canvas.width, canvas.id).toBeGreaterThan(0);
      expect(canvas.height, canvas.id).toBeGreaterThan(0);
      expect(canvas.painted, canvas.id).toBeGreaterThan(0);
    }
    // Self-contained: only the file itself was loaded.
    expect(requests.filter((url) => !url.startsWith('file:'))).toEqual([]);

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'experiment-report.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
