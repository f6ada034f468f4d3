// The history and stall-report sections (agent-planner §5, §6): recent behaviour shows the last
// 4 history entries, oldest first; the stall report appears only when the supervisor found a
// loop and then names, from the shown candidates' own flags, the blocked ids and the open ones to choose.
import { describe, expect, it } from 'vitest';
import { HISTORY_IN_PROMPT, historyPiece, stallReportPiece } from '../../../src/agent/prompt/index.js';
import { STALL_WORDS } from '../../../src/agent/prompt/stallReport.js';
import { stallReport } from '../../../src/agent/stallReport.js';
import { LEFT, RIGHT, STOP, repeatSteps, track } from '../helpers/history.js';
import { makeCandidate } from '../helpers/makeCandidate.js';

describe('historyPiece', () => {
  const history = track({ x: 10, y: 5, gold: 3 }, [
    ['collect_gold_14_5_right', RIGHT, 11, 5],
    ['collect_gold_14_5_right', RIGHT, 12, 5],
    ['collect_gold_14_5_right', RIGHT, 13, 5],
    ['collect_gold_14_5_right', RIGHT, 14, 5, 2],
    ['climb_ladder_14_2_up', 38, 14, 4],
    ['retreat_from_guard_12_4_left', LEFT, 13, 4],
  ]);

  it('is the history slot and shows only the last 4 entries, oldest first', () => {
    const p = historyPiece(history);
    expect(p).toMatchObject({ slot: 'history', section: 'Recent behaviour' });
    const lines = p.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(HISTORY_IN_PROMPT);
    expect(lines[0]).toContain('(12,5) -> (13,5)');
    expect(lines[3]).toContain('retreat_from_guard_12_4_left');
    expect(lines[3]).toContain('(14,4) -> (13,4)');
    expect(p.text).not.toContain('(11,5) -> (12,5)');
  });

  it('says when gold was taken', () => {
    const line = historyPiece(history)
      .text.split('\n')
      .find((l) => l.includes('(13,5) -> (14,5)'));
    expect(line).toMatch(/took 1 gold/);
  });

  it('says there is no history yet on the first step', () => {
    expect(historyPiece([]).text).toMatch(/none yet/);
  });
});

describe('stallReportPiece', () => {
  it('is absent when severity is none', () => {
    const quiet = stallReport([], { goldComplete: false });
    expect(quiet.severity).toBe('none');
    expect(stallReportPiece(quiet)).toBeNull();
  });

  it('when stalled, without candidates: says what loops and nothing it cannot back up', () => {
    const report = stallReport(track({ x: 4, y: 9 }, repeatSteps(4, ['wait_or_stop_here_stop', STOP, 4, 9])), { goldComplete: false });
    expect(report.severity).toBe('stalled');
    const p = stallReportPiece(report)!;
    expect(p).toMatchObject({ slot: 'stall-report', section: 'Stall report' });
    expect(p.text).toContain(report.type.replaceAll('_', ' '));
    expect(p.text).toContain(report.reason);
    expect(p.text).not.toContain(STALL_WORDS.blocked);
  });

  it('with the shown candidates: names the blocked ids and the open ones that break the loop, from their own flags', () => {
    const report = stallReport(track({ x: 4, y: 9 }, repeatSteps(4, ['wait_or_stop_here_stop', STOP, 4, 9])), { goldComplete: false });
    const shown = [
      makeCandidate('wait_or_stop_here_stop', { stallBlocked: true }),
      makeCandidate('climb_ladder_4_3_up', { stallRecovery: true }),
      makeCandidate('retreat_from_guard_1_9_left'),
    ];
    const text = stallReportPiece(report, shown)!.text;
    expect(text).toContain(`${STALL_WORDS.blocked}wait_or_stop_here_stop.`);
    expect(text).toContain(`${STALL_WORDS.breakers}climb_ladder_4_3_up.`);
    expect(text).not.toContain(report.recoveryHint);
  });

  it('with no open candidate of a recovery kind: advises the open ones, never a move none of them makes', () => {
    const report = stallReport(track({ x: 4, y: 9 }, repeatSteps(4, ['wait_or_stop_here_stop', STOP, 4, 9])), { goldComplete: false });
    const shown = [makeCandidate('wait_or_stop_here_stop', { stallBlocked: true }), makeCandidate('wait_for_trap_resolution_5_9_stop')];
    const text = stallReportPiece(report, shown)!.text;
    expect(text).toContain(`${STALL_WORDS.openOnly}wait_for_trap_resolution_5_9_stop.`);
    expect(text).not.toMatch(/do not stop/i);
  });
});
