// Specs for roomyStairs: the dig-relaxed reach digs a staircase only as deep as the free run above
// it has room for (navMoves.ts, stairRoom). A pocket two cells wide over a floor three bricks thick
// looked as though its floor could be dug through, so gold in it passed for a goal that leaves the
// exit in reach; the exact search from inside finds every way on closed.
import { describe, expect, it } from 'vitest';
import { buildNavGraph, costToGo, routingCell, UNREACHABLE } from '../../../src/agent/nav.js';
import { leadsNowhere, newSearch } from '../../../src/agent/search/bestFirst.js';
import { leavesLevelPossible } from '../../../src/agent/search/reach.js';
import { DEFAULT_PLAN_SEARCH } from '../../../src/agent/search/types.js';
import { terrainFromState } from '../../../src/agent/terrain.js';
import { idx } from '../../../src/game/constants.js';
import type { GameState } from '../../../src/game/state.js';
import { sceneGame } from '../helpers/scene.js';

/**
 * A ladder up the left edge to the top row; the runner's brick row (y 9) over a pocket (y 10) of
 * `width` cells from column 10 (gold in its first, or with `goldBelow` at (20, 14)), a floor three
 * bricks thick (y 11-13), an open row under it (y 14) that leads back to the ladder, and the solid
 * floor.
 */
function board(width: number, runner: { x: number; y: number }, goldBelow = false): string[] {
  const rows: string[] = [];
  for (let y = 0; y < 16; y++) {
    let row: string;
    if (y <= 8) row = 'H' + ' '.repeat(27);
    else if (y === 14) row = 'H' + ' '.repeat(19) + (goldBelow ? '$' : ' ') + ' '.repeat(7);
    else if (y === 10) row = 'H' + '#'.repeat(9) + (goldBelow ? ' ' : '$') + ' '.repeat(width - 1) + '#'.repeat(18 - width);
    else if (y === 15) row = '@'.repeat(28);
    else row = 'H' + '#'.repeat(27);
    if (y === runner.y) row = row.slice(0, runner.x) + '&' + row.slice(runner.x + 1);
    rows.push(row);
  }
  return rows;
}

const stateOf = (width: number, runner: { x: number; y: number }, goldBelow = false): GameState =>
  sceneGame(board(width, runner, goldBelow), { floor: false }).state;

/** Ticks from (x, y) to the top row on the lasting terrain, digging straight down as the options say. */
function toTop(s: GameState, x: number, y: number, stairRoom: boolean): number {
  const graph = buildNavGraph(terrainFromState(s, { holesClosed: true, hiddenRevealed: true }), { digDown: true, stairRoom });
  const tops: number[] = [];
  for (let c = 0; c < 28; c++) if (graph.rest[idx(c, 0)]) tops.push(idx(c, 0));
  return costToGo(graph, tops)[routingCell(graph, x, y)]!;
}

describe('staircases only as deep as they have room for (roomyStairs)', () => {
  it('a pocket two cells wide over three bricks: the relaxed reach digs through, the roomy one does not', () => {
    const inside = stateOf(2, { x: 11, y: 10 });
    expect(toTop(inside, 11, 10, false)).toBeLessThan(UNREACHABLE);
    expect(toTop(inside, 11, 10, true)).toBe(UNREACHABLE);
  });

  it('a pocket four cells wide over the same floor: room for a staircase three deep, in both reaches', () => {
    const inside = stateOf(4, { x: 13, y: 10 });
    expect(toTop(inside, 13, 10, false)).toBeLessThan(UNREACHABLE);
    expect(toTop(inside, 13, 10, true)).toBeLessThan(UNREACHABLE);
  });

  it('the exact search agrees: from inside the narrow pocket every way on is closed, from the wide one not', () => {
    // the gold lies on the open row under the floor
    const narrow = stateOf(2, { x: 10, y: 10 }, true);
    const wide = stateOf(4, { x: 10, y: 10 }, true);
    const opts = { ...DEFAULT_PLAN_SEARCH, onwardTicks: 20_000 };
    expect(leadsNowhere(narrow, opts)).toBe(true);
    expect(leadsNowhere(wide, opts)).toBe(false);
  });

  it('gold in the narrow pocket is no goal: standing there leaves the exit out of reach, once the stairs need room', () => {
    const root = stateOf(2, { x: 5, y: 8 });
    const inPocket = stateOf(2, { x: 11, y: 10 });
    const judge = (roomy: { roomyStairs?: boolean; roomyJudge?: boolean }) =>
      leavesLevelPossible(newSearch(root, 0, { ...DEFAULT_PLAN_SEARCH, ...roomy }).ctx, inPocket);
    expect(judge({})).toBe(true);
    expect(judge({ roomyStairs: true })).toBe(false);
    // roomyJudge: the same judgement, the estimate left as it was
    expect(judge({ roomyJudge: true })).toBe(false);
    // in the wide pocket the exit stays in reach either way
    const wideRoot = stateOf(4, { x: 5, y: 8 });
    const inWide = stateOf(4, { x: 13, y: 10 });
    expect(leavesLevelPossible(newSearch(wideRoot, 0, { ...DEFAULT_PLAN_SEARCH, roomyStairs: true }).ctx, inWide)).toBe(true);
  });
});
