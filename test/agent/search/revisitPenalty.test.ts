// Specs for revisitPenalty (40 by default): a runner whose searches find no goal follows the partial plan nearest
// to gold by the estimate, and where the estimate has a local minimum he walks between the same
// few cells until the time runs out. Ranking the cells he kept coming back to since the last gold
// behind sends the partial plan elsewhere. FanBook 16 (seed 1, tick 428): 23 gold left, the runner
// on the ladder at (5,6) has walked between (5,4), (5,6) and (6,6) for 16 decisions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/agent/analysis.js';
import { plannedRouteProposal, revisitsSinceGold } from '../../../src/agent/plannedRoute.js';
import { historySchema, snapshotSchema, type HistoryEntry } from '../../../src/agent/schemas.js';
import { idx } from '../../../src/game/constants.js';
import { Game } from '../../../src/game/game.js';
import { playAgent } from '../helpers/playAgent.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));
const snapshot = snapshotSchema.parse(fixture('fanbook-16-tick-428.json'));
const history = historySchema.parse(fixture('fanbook-16-tick-428.history.json'));
const loop = [idx(5, 4), idx(5, 6), idx(6, 6)];
const cellOf = (end: { x: number; y: number } | null) => (end ? idx(end.x, end.y) : -1);

/** Plays the agent (planning step, local policy) from the fixture for `steps` decisions: the cells each decision left the runner in. */
function playOn(search: object, steps: number): number[] {
  const played: HistoryEntry[] = [...history];
  playAgent(Game.restore(snapshot.engineState!), played, steps, search);
  return played.slice(history.length).map((h) => idx(h.after.runner.x, h.after.runner.y));
}

describe('partial plans rank the cells the runner kept coming back to behind (revisitPenalty)', () => {
  it('counts the decisions since the last gold by the cell each left the runner in', () => {
    const counts = revisitsSinceGold(history, snapshot.gold.remainingCount, snapshot.gold.complete)!;
    expect(loop.reduce((n, c) => n + counts[c]!, 0)).toBeGreaterThanOrEqual(12);
    // a decision that took gold ends the count: none with other gold left is counted
    const sinceGold = history.filter((h) => h.after.goldCount === snapshot.gold.remainingCount).length;
    expect(counts.reduce((n, c) => n + c, 0)).toBe(sinceGold);
    expect(sinceGold).toBeLessThan(history.length);
  });

  it('without it the partial plan ends in the loop again; with it, elsewhere', () => {
    const analysis = analyzeSnapshot(snapshot);
    const plain = plannedRouteProposal(analysis, { revisitPenalty: 0 }, history).plan!;
    expect(plain.mode).toBe('partial');
    expect(loop).toContain(cellOf(plain.endCell));
    const ranked = plannedRouteProposal(analyzeSnapshot(snapshot), { revisitPenalty: 40 }, history).plan!;
    expect(ranked.mode).toBe('partial');
    expect(loop).not.toContain(cellOf(ranked.endCell));
  });

  it('played on for 20 decisions, the runner stays in the loop without it and leaves it with it', () => {
    // (it does not yet take the next gold within them: the history holds 24 decisions, so a loop
    // longer than that comes round again; the packs' figures say what the ranking buys)
    expect(playOn({ revisitPenalty: 0 }, 20).every((c) => loop.includes(c))).toBe(true);
    expect(playOn({ revisitPenalty: 40 }, 20).filter((c) => !loop.includes(c)).length).toBeGreaterThanOrEqual(5);
  });
});
