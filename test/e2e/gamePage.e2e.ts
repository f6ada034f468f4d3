// The game page end to end, in headless Chromium against the real server: it loads without console
// errors, the keyboard moves the runner (arrows and an alias), pause holds the game, a lost game is
// saved as a user recording, an AI run with the `local` profile clears Classic 1 and its recording
// (success, trace link) replays to the same finish tick, and a cancelled run saves a failure that
// can be deleted with its trace. Screenshots land in test-artifacts/.
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

const probe = (page: Page) =>
  page.evaluate(() => {
    const p = window.__lodeRunnerPage!;
    return { mode: p.mode, status: p.status, tick: p.tick, runner: p.runner, paused: p.paused, replayEnd: p.replayEnd, lastRun: p.lastRun };
  });

const runnerPx = (r: { x: number; xOffset: number }) => r.x * 40 + r.xOffset;

describe('the game page', () => {
  it('loads with its pickers, HUD and panels and no console errors', async () => {
    const { page, errors } = await harness.open('/?pack=1&level=1&seed=1');
    await expect(page.title()).resolves.toMatch(/Lode Runner/);
    await page.waitForFunction(() => document.querySelectorAll('#pack option').length === 5);
    const packs = await page.$$eval('#pack option', (options) => options.map((o) => o.textContent));
    expect(packs).toEqual(['Classic (150)', 'Championship (51)', 'Professional (150)', 'Revenge (17)', 'Fan Book (66)']);
    const speeds = await page.$$eval('#speed option', (options) => options.map((o) => Number((o as HTMLOptionElement).value)));
    expect(speeds).toEqual([14, 18, 23, 29, 35]);
    await page.waitForSelector('#recordings-note:has-text("No recordings")');
    expect(await page.textContent('#board-message')).toMatch(/arrow key/);
    expect(await page.isHidden('#god-badge')).toBe(true);
    // God mode is plain on screen and restarts the level as a god-mode game.
    await page.check('#god');
    expect(await page.isVisible('#god-badge')).toBe(true);
    await page.uncheck('#god');
    // Another pack and level load without errors.
    await page.selectOption('#pack', '4');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('pack') === '4');
    expect(await page.textContent('#level-count')).toBe('of 17');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('moves the runner from the keyboard (arrows and aliases), pauses, and saves a lost game', async () => {
    const { page, errors } = await harness.open('/?pack=1&level=1&seed=1');
    await page.focus('#board');
    const start = await probe(page);
    expect(start.status).toBe('start');
    await page.keyboard.down('ArrowRight');
    await page.waitForFunction(
      (x0) => {
        const r = window.__lodeRunnerPage!.runner;
        return r.x * 40 + r.xOffset > x0 + 40;
      },
      runnerPx(start.runner),
      { polling: 50, timeout: 10_000 },
    );
    await page.keyboard.up('ArrowRight');
    const moved = await probe(page);
    expect(moved.status).toBe('running');
    expect(runnerPx(moved.runner)).toBeGreaterThan(runnerPx(start.runner));
    await harness.screenshot(page, 'game-running.png');

    // J is an alias of LEFT.
    await page.keyboard.down('KeyJ');
    await page.waitForTimeout(500);
    await page.keyboard.up('KeyJ');
    await page.waitForTimeout(150);
    const back = await probe(page);
    expect(runnerPx(back.runner)).toBeLessThan(runnerPx(moved.runner));

    // Releasing the key stops the runner; P pauses the clock.
    await page.keyboard.press('KeyP');
    const paused = await probe(page);
    await page.waitForTimeout(400);
    expect(paused.paused).toBe(true);
    expect((await probe(page)).tick).toBe(paused.tick);
    expect(await page.textContent('#board-message')).toMatch(/Paused/);
    await page.keyboard.press('KeyP');

    // Stand still until a guard catches the runner, then save the game as a user recording.
    await page.waitForFunction(() => window.__lodeRunnerPage!.status === 'runner_dead', null, { timeout: 60_000 });
    expect(await page.textContent('#hud-lives')).toBe('4');
    await page.click('#save-recording');
    await page.waitForSelector('#recordings-list li[data-source="user"][data-result="failure"]');
    expect(await page.isDisabled('#save-recording')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('AI run on Classic 1 with the local profile clears the level; its recording replays to the same finish tick', async () => {
    const { page, errors } = await harness.open('/?pack=1&level=1&seed=1&profile=local&tps=400');
    await page.click('#ai-run');
    await page.waitForSelector('[data-testid="agent-step-number"]');
    expect(await page.isEnabled('#ai-stop')).toBe(true);
    expect(await page.isDisabled('#pack')).toBe(true);
    const chosen = await page.$$eval('table.candidates tr.chosen', (rows) => rows.length);
    expect(chosen).toBe(1);
    const inspect = await page.getAttribute('[data-testid="inspect-step"]', 'href');
    expect(inspect).toMatch(/^lens\.html\?trace=[0-9a-f-]{36}&step=\d+$/);

    await page.waitForSelector('[data-testid="agent-outcome"]', { timeout: 150_000 });
    expect(await page.getAttribute('[data-testid="agent-outcome"]', 'data-result')).toBe('success');
    const { lastRun } = await probe(page);
    expect(lastRun).toMatchObject({ result: 'success', reason: 'cleared', saveError: null });
    const runId = lastRun!.runId;

    const item = page.locator(`#recordings-list li[data-record-id="${runId}"]`);
    await item.waitFor();
    expect(await page.getAttribute('#recordings-list li:first-child', 'data-record-id')).toBe(runId);
    expect(await item.getAttribute('data-source')).toBe('agent');
    expect(await item.getAttribute('data-result')).toBe('success');
    expect(await item.locator('[data-testid="rec-trace"]').getAttribute('href')).toBe(`lens.html?trace=${runId}`);
    expect(await item.locator('[data-testid="rec-trace"]').textContent()).toBe(`trace · ${lastRun!.steps} steps`);
    await harness.screenshot(page, 'ai-run-finished.png');

    await item.locator('button[data-action="replay"]').click();
    await page.waitForFunction(() => window.__lodeRunnerPage!.replayEnd !== null, null, { timeout: 60_000 });
    const replay = await probe(page);
    expect(replay.mode).toBe('replay');
    expect(replay.replayEnd).toEqual({ tick: lastRun!.ticks, status: 'finish' });
    expect(await page.textContent('#board-message')).toBe(`Replay finished the level at tick ${lastRun!.ticks}`);
    await harness.screenshot(page, 'replay-finished.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('cancelling an AI run saves a failure recording, which can be deleted with its trace', async () => {
    const { page, errors } = await harness.open('/?pack=1&level=1&seed=1&profile=local&tps=14');
    await page.click('#ai-run');
    await page.waitForSelector('[data-testid="agent-step-number"]:has-text("Step 2")', { timeout: 60_000 });
    await page.click('#ai-stop');
    await page.waitForSelector('[data-testid="agent-outcome"]', { timeout: 30_000 });
    expect(await page.getAttribute('[data-testid="agent-outcome"]', 'data-result')).toBe('failure');
    const { lastRun } = await probe(page);
    expect(lastRun).toMatchObject({ result: 'failure', reason: 'cancelled', saveError: null });
    const runId = lastRun!.runId;
    const item = page.locator(`#recordings-list li[data-record-id="${runId}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-result')).toBe('failure');
    expect(await page.isEnabled('#ai-run')).toBe(true);

    expect((await fetch(`${harness.base}/api/agent/traces/${runId}`)).status).toBe(200);
    const remove = item.locator('button[data-action="delete"]');
    await remove.click();
    expect(await remove.textContent()).toBe('Confirm delete');
    await remove.click();
    await item.waitFor({ state: 'detached' });
    expect((await fetch(`${harness.base}/api/agent/traces/${runId}`)).status).toBe(404);
    expect(await page.textContent('#page-status')).toMatch(/Deleted the recording and its trace/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closing the page mid-run still finalizes the run: its recording is saved with the reason and the trace gets its outcome', async () => {
    const { page, errors } = await harness.open('/?pack=1&level=1&seed=1&profile=local&tps=14');
    await page.click('#ai-run');
    await page.waitForSelector('[data-testid="agent-step-number"]:has-text("Step 2")', { timeout: 60_000 });
    const href = (await page.getAttribute('[data-testid="inspect-step"]', 'href'))!;
    const runId = new URLSearchParams(href.split('?')[1]).get('trace')!;
    expect(errors).toEqual([]);
    await page.close({ runBeforeUnload: true });
    let run: { outcome?: { result: string } | null; stepCount: number } | null = null;
    for (let i = 0; i < 50 && !run?.outcome; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`${harness.base}/api/agent/traces/${runId}`);
      run = answer.ok ? await answer.json() : null;
    }
    expect(run?.outcome).toMatchObject({ result: 'failure' });
    const records = (await (await fetch(`${harness.base}/api/recordings/1/1/records`)).json()).records as {
      id: string;
      solver?: { failureReason?: string };
    }[];
    expect(records.find((r) => r.id === runId)?.solver?.failureReason).toBe('cancelled: the page was closed during the run');
    // Every step of it can be opened.
    const replay = await fetch(`${harness.base}/api/agent/traces/${runId}/steps/${run!.stepCount - 1}/replay`);
    expect(replay.status).toBe(200);
  });
});
