// The lens page end to end, in headless Chromium against the real server: a finished Classic 1 run
// (played in-process with the local profile into the server's own stores, its recording saved) is
// opened from the run list; a step shows the lit planning chart, the receipts with values and the
// verified badge; the backtrack is clicked through to the facts; a what-if that forces a candidate
// into a guard shows the death beside what really happened; a deep link opens a step directly; no
// console errors. The screenshot goes to test-artifacts/lens.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playClassic1Into } from '../lens/helpers.js';
import { startHarness, type Harness } from './harness.js';

const TRACE_ID = 'lens-e2e-classic-1';
let harness: Harness;
/** A step where a proposal was rejected because it walks into a guard, and that proposal's id. */
let deadly: { step: number; id: string };

beforeAll(async () => {
  harness = await startHarness();
  const { traceStore, recordingStore } = harness.server;
  await playClassic1Into(traceStore, recordingStore, TRACE_ID);
  const run = (await traceStore.getRun(TRACE_ID))!;
  const found = run.steps
    .flatMap((s) => {
      const step = s as { stepIndex: number; planner: { dispositions: { id: string; disposition: string; why: string }[] } };
      return step.planner.dispositions.map((d) => ({ step: step.stepIndex, ...d }));
    })
    .find((d) => d.disposition === 'safety_rejection' && d.why.includes('kills the runner (guard)'));
  if (!found) throw new Error('the recorded run has no proposal that walks into a guard');
  deadly = { step: found.step, id: found.id };
});

afterAll(async () => {
  await harness?.close();
});

async function openLens(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await harness.context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.goto(harness.base + path);
  return { page, errors };
}

const nodeOpacity = (page: Page, id: string) =>
  page.$eval(`[data-testid="lens-chart"] .react-flow__node[data-id="${id}"]`, (el) => Number(getComputedStyle(el).opacity));

describe('the lens page', () => {
  it('backtracks a step from the run list through to the facts, verified, and runs a what-if', async () => {
    const { page, errors } = await openLens('/lens.html');
    await page.click(`[data-testid="run-item"][data-trace="${TRACE_ID}"]`);
    await page.waitForSelector('[data-testid="step-cell"]');
    await page.click(`[data-testid="step-cell"][data-step="${deadly.step}"]`);
    await page.waitForFunction((step) => new URL(location.href).searchParams.get('step') === String(step), deadly.step);

    // Verified, with the chart lit (executed stages bright, the skipped stall-report slot dimmed).
    const badge = await page.waitForSelector('[data-testid="verified-badge"]', { timeout: 60_000 });
    expect(await badge.getAttribute('data-verified')).toBe('true');
    await page.waitForSelector('[data-testid="lens-chart"] .react-flow__node[data-id="action"]');
    expect(await nodeOpacity(page, 'seed')).toBe(1);
    expect(await nodeOpacity(page, 'action')).toBe(1);
    expect(await nodeOpacity(page, 'sf-stall-report/render-stall-report')).toBeLessThan(0.5);
    expect(await page.textContent('[data-testid="chart-skipped"]')).toMatch(/skipped\s*stall-report/);

    // Receipts, with values.
    const rows = await page.$$('[data-testid="lens-receipts"] li[data-stage]');
    expect(rows.length).toBeGreaterThan(10);
    await page.click('[data-testid="lens-receipts"] li[data-stage^="analyze#"] .receipt-head');
    const facts = page.locator('[data-testid="receipt-body"] .touches:has(h5:text-is("writes")) details:has(code:text-is("facts"))');
    await facts.locator('summary').click();
    expect(await facts.locator('pre').textContent()).toContain('"runner"');

    // The backtrack, one click per hop, to the facts; the prompt hop lights the line that showed the choice.
    const hops: string[] = [(await page.getAttribute('[data-testid="hop-detail"]', 'data-hop')) as string];
    for (let i = 0; i < 5; i++) {
      await page.click('[data-testid="hop-back"]');
      hops.push((await page.getAttribute('[data-testid="hop-detail"]', 'data-hop')) as string);
      if (hops.at(-1) === 'prompt') {
        const lit = await page.textContent('[data-testid="lens-prompt"] [data-lit="true"]');
        const chosen = await page.textContent('.step-head code');
        expect(lit).toContain(`id=${chosen}`);
      }
    }
    expect(hops).toEqual(['action', 'candidate', 'choice', 'prompt', 'slot', 'facts']);
    expect(await page.textContent('[data-testid="hop-detail"]')).toMatch(/can move/);
    expect(await page.isDisabled('[data-testid="hop-back"]')).toBe(true);

    // What if the agent had walked into the guard?
    await page.selectOption('[data-testid="force-candidate"]', deadly.id);
    await page.click('[data-testid="whatif-run"]');
    await page.waitForSelector('[data-testid="whatif-result"]', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="whatif-outcome"]')).toMatch(/dead/);
    expect(await page.textContent('[data-testid="actual-outcome"]')).not.toMatch(/dead/);

    await page.click('[data-testid="hop-candidate"]');
    await harness.screenshot(page, 'lens.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 1280x800 no badge, dropdown or cell spills out of its panel', async () => {
    const { page, errors } = await openLens(`/lens.html?trace=${TRACE_ID}&step=${deadly.step}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForSelector('[data-testid="verified-badge"]', { timeout: 60_000 });
    await page.selectOption('[data-testid="force-candidate"]', deadly.id);
    const spilling = await page.$$eval('.panel select, .panel .badge, .panel input, .panel button', (els) =>
      els.flatMap((el) => {
        const panel = el.closest('.panel')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        if (box.width === 0) return [];
        const out = box.left < panel.left - 1 || box.right > panel.right + 1;
        return out
          ? [
              `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}" ${Math.round(box.right - panel.right)} px`,
            ]
          : [];
      }),
    );
    expect(spilling).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a step from a deep link (?trace=<id>&step=<n>)', async () => {
    const { page, errors } = await openLens(`/lens.html?trace=${TRACE_ID}&step=0`);
    const badge = await page.waitForSelector('[data-testid="verified-badge"]', { timeout: 60_000 });
    expect(await badge.getAttribute('data-verified')).toBe('true');
    expect(await page.getAttribute('[data-testid="lens-step"]', 'data-step')).toBe('0');
    expect(await page.getAttribute('[data-testid="step-cell"][data-step="0"]', 'aria-selected')).toBe('true');
    expect(errors).toEqual([]);
    await page.close();
  });
});
