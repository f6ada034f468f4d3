// From a failed AI run on the game page to its cause in the lens, in headless Chromium against the
// real server: an AI run on a level the agent fails on (Classic 52, local profile, engine seed 1:
// the agent dies there at step 38, so the run lasts the same on every machine); "Inspect this step"
// clicked mid-run opens the lens in a new tab while the run goes on and is
// saved; once it failed, the lens shows every step verified, the run list and the timeline mark the point
// of no return, "Jump to the cause" opens the decisive step on the chosen candidate, and the
// surviving alternative, one click away, lives. No console errors on either page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

describe('why did the agent die: from the game page to the cause', () => {
  it('a failed run, inspected mid-run, is saved whole, verified step by step, and its point of no return is one click away', async () => {
    const { page: game, errors: gameErrors } = await harness.open('/?pack=1&level=52&seed=1&profile=local&tps=40');
    await game.click('#ai-run');
    await game.waitForSelector('[data-testid="agent-step-number"]:has-text("Step 3")', { timeout: 60_000 });

    // Inspect this step: a new tab, and the run goes on.
    const [lensTab] = await Promise.all([harness.context.waitForEvent('page'), game.click('[data-testid="inspect-step"]')]);
    const tabErrors = collectErrors(lensTab);
    await lensTab.waitForLoadState();
    expect(lensTab.url()).toMatch(/lens\.html\?trace=[0-9a-f-]{36}&step=\d+$/);
    expect(await game.evaluate(() => window.__lodeRunnerPage!.running)).toBe(true);
    await lensTab.waitForSelector('[data-testid="run-playing"]');

    await game.waitForSelector('[data-testid="agent-outcome"]', { timeout: 170_000 });
    const lastRun = await game.evaluate(() => window.__lodeRunnerPage!.lastRun);
    expect(lastRun, 'Classic 52 (seed 1) is a level the agent fails on').toMatchObject({ result: 'failure', saveError: null });
    expect(['killed_by_guard', 'killed_by_hole']).toContain(lastRun!.reason);
    const runId = lastRun!.runId;
    // The tab opened mid-run now opens its step (the run was saved).
    const badge = await lensTab.waitForSelector('[data-testid="verified-badge"]', { timeout: 60_000 });
    expect(await badge.getAttribute('data-verified')).toBe('true');

    // The lens on the finished run: the point of no return is computed, with a progress line meanwhile.
    const lens = await harness.context.newPage();
    const lensErrors = collectErrors(lens);
    await lens.goto(`${harness.base}/lens.html?trace=${runId}`);
    await lens.waitForSelector('[data-testid="cause-progress"], [data-testid="lens-cause"]');
    await lens.waitForSelector('[data-testid="jump-to-cause"]', { timeout: 120_000 });
    const cause = (await lens.evaluate(() => window.__lens!.cause))!;
    const decisive = cause.decisive!.stepIndex;
    expect(cause.pointOfNoReturn!.stepIndex).toBe(decisive);
    expect(await lens.textContent('[data-testid="lens-cause"]')).toContain(`Lost at step ${decisive}, tick ${cause.pointOfNoReturn!.tick}`);
    expect(await lens.getAttribute(`[data-testid="step-cell"][data-step="${decisive}"]`, 'data-pnr')).toBe('true');
    expect(await lens.textContent(`[data-testid="step-cell"][data-step="${decisive}"]`)).toContain(String(decisive));
    // separately, whether the level could still be cleared: a step with the planner's witness, or unknown
    const clearable = (await lens.textContent('[data-testid="cause-clearable"]'))!;
    expect(clearable).toMatch(
      cause.stillClearable ? `Still clearable from step ${cause.stillClearable.stepIndex}` : /unknown whether it still could be cleared/,
    );
    const runItem = lens.locator(`[data-testid="run-item"][data-trace="${runId}"]`);
    expect(await runItem.locator('[data-testid="run-lost-at"]').textContent()).toContain(`lost at step ${decisive}`);

    // Every step verified (each opened from the timeline).
    const cells = await lens.$$eval('[data-testid="step-cell"]', (els) => els.length);
    expect(cells).toBe(lastRun!.steps);
    const unverified: number[] = [];
    for (let n = 0; n < cells; n++) {
      await lens.click(`[data-testid="step-cell"][data-step="${n}"]`);
      await lens.waitForFunction((step) => window.__lens!.step === step && window.__lens!.verified !== null, n, { timeout: 60_000 });
      if (!(await lens.evaluate(() => window.__lens!.verified))) unverified.push(n);
    }
    // what differed, asked again of the server: says whether the re-run or the page went wrong
    const differences = await Promise.all(
      unverified.map(async (n) => {
        const answer = await fetch(`${harness.base}/api/agent/traces/${runId}/steps/${n}/replay`).then((r) => r.json());
        return { step: n, verifiedNow: answer.verified, mismatches: answer.mismatches, checks: answer.checks };
      }),
    );
    expect(unverified, JSON.stringify(differences)).toEqual([]);

    // Jump to the cause: the decisive step, the backtrack on the chosen candidate, the alternative one click away.
    await lens.click('[data-testid="jump-to-cause"]');
    await lens.waitForFunction((step) => new URL(location.href).searchParams.get('step') === String(step), decisive);
    await lens.waitForSelector(`[data-testid="lens-step"][data-step="${decisive}"]`, { timeout: 60_000 });
    expect(await lens.getAttribute('[data-testid="hop-detail"]', 'data-hop')).toBe('candidate');
    await lens.click('[data-testid="whatif-alternative"]');
    await lens.waitForSelector('[data-testid="whatif-result"]', { timeout: 60_000 });
    expect(await lens.textContent('[data-testid="whatif-outcome-fate"]')).toMatch(/^(alive|cleared) at tick/);
    expect(await lens.textContent('[data-testid="actual-outcome-fate"]')).toMatch(/^dead at tick/);
    await harness.screenshot(lens, 'lens-cause.png');

    expect(gameErrors).toEqual([]);
    expect(tabErrors).toEqual([]);
    expect(lensErrors).toEqual([]);
  }, 420_000);
});
