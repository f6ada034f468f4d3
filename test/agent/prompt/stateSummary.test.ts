// The state-summary slot's three variants (agent-planner §2, §6): compact lines, the facts as
// JSON, and compact plus the indexed ASCII board. Facts come from real planning steps on small
// scenes; assertions are properties (what is present, what is not), never exact text.
import { describe, expect, it } from 'vitest';
import { STATE_SUMMARY_VARIANTS, renderBoard, stateSummaryPiece } from '../../../src/agent/prompt/index.js';
import { KEY } from '../../../src/game/keys.js';
import { planScene } from '../helpers/scene.js';

// runner (2,13) on bricks, guard (6,13), gold (15,13)
const scene = planScene(['  &   0        $', '#'.repeat(28)]);
const { facts } = scene.plan;
const grid = scene.snapshot.grid;
const BOARD_ROW = /^[ \d]\d\|.{28}\|$/;

describe('stateSummaryPiece', () => {
  it.each(STATE_SUMMARY_VARIANTS)('%s: is the state-summary slot, deterministic', (variant) => {
    const p = stateSummaryPiece(facts, variant, grid);
    expect(p).toMatchObject({ slot: 'state-summary', section: 'State summary' });
    expect(p.text.startsWith('State summary:\n')).toBe(true);
    expect(stateSummaryPiece(facts, variant, grid)).toEqual(p);
  });

  it('compact: a few dense lines with runner, target, gold, guards and affordances', () => {
    const { text } = stateSummaryPiece(facts, 'compact');
    const lines = text.split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(text).toContain('Runner at (2,13)');
    expect(text).toContain('(15,13)');
    expect(text).toMatch(/guard 0 at \(6,13\)/);
    expect(text).toMatch(/medium risk/);
    expect(text).toMatch(/Can move: left yes/);
    expect(text).toMatch(/Can dig: left yes/);
    expect(lines.some((l) => BOARD_ROW.test(l))).toBe(false);
  });

  it('compact: reports a dig in progress and the reason a move is refused', () => {
    const digging = planScene(['  &      $', '#'.repeat(28)], { keys: [[KEY.DIG_RIGHT, 2]] }).plan.facts;
    const { text } = stateSummaryPiece(digging, 'compact');
    expect(text).toMatch(/Digging at \(3,14\)/);
    expect(text).toMatch(/down no \[floor '#' below\]/);
  });

  it('json: the facts themselves, parseable', () => {
    const { text } = stateSummaryPiece(facts, 'json');
    const body = text.slice('State summary:\n'.length);
    expect(JSON.parse(body)).toEqual(facts);
    expect(text.split('\n').some((l) => BOARD_ROW.test(l))).toBe(false);
  });

  it('with-board: compact plus the board with row and column indices', () => {
    const compact = stateSummaryPiece(facts, 'compact').text;
    const { text } = stateSummaryPiece(facts, 'with-board', grid);
    expect(text.startsWith(compact)).toBe(true);
    const boardRows = text.split('\n').filter((l) => BOARD_ROW.test(l));
    expect(boardRows).toHaveLength(16);
    boardRows.forEach((row, y) => expect(row).toBe(`${String(y).padStart(2, ' ')}|${grid[y]}|`));
    expect(text).toContain('0123456789012345678901234567');
    expect(text).toContain('&');
  });

  it('with-board: refuses to run without the grid', () => {
    expect(() => stateSummaryPiece(facts, 'with-board')).toThrow(/grid/);
  });
});

describe('renderBoard', () => {
  it('puts column tens and units on top and the row number before each row', () => {
    const lines = renderBoard(grid).split('\n');
    expect(lines).toHaveLength(18);
    expect(lines[0]).toBe('   ' + '0000000000111111111122222222');
    expect(lines[1]).toBe('   ' + '0123456789012345678901234567');
    expect(lines[2 + 13]).toBe(`13|${grid[13]}|`);
    expect(lines[2 + 13][3 + 2]).toBe('&');
  });
});
