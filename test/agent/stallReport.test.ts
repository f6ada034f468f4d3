// The stall supervisor (agent-planner §5) as a specification: each detector fires on a looping
// history and stays silent on a progressing one; exempt kinds never count; the adjustment of a
// stalled report moves scores by exactly -90 / +30 / -120 and records why.
import { describe, expect, it } from 'vitest';
import {
  STALL_DETECTOR_ORDER,
  applyStallAdjustment,
  candidateKindOf,
  stallReport,
  targetFromCandidateId,
} from '../../src/agent/stallReport.js';
import type { StallReport } from '../../src/agent/schemas.js';
import { DIG_LEFT, DOWN, LEFT, RIGHT, STOP, UP, repeatSteps, track } from './helpers/history.js';
import { makeCandidate } from './helpers/makeCandidate.js';

const running = { goldComplete: false };

describe('candidate ids', () => {
  it('reads the kind off the id, longest kind first, though kinds contain underscores', () => {
    expect(candidateKindOf('collect_gold_17_14_right')).toBe('collect_gold');
    expect(candidateKindOf('wait_for_guard_clearance_3_4_stop')).toBe('wait_for_guard_clearance');
    expect(candidateKindOf('route_access_follow_2_9_left')).toBe('route_access_follow');
    expect(candidateKindOf('emergency_hold')).toBe('emergency_hold');
    expect(candidateKindOf('teleport_1_2_up')).toBeNull();
  });

  it('reads the target cell that follows the kind, or null when the id carries none', () => {
    expect(targetFromCandidateId('collect_gold_17_14_right')).toEqual({ x: 17, y: 14 });
    expect(targetFromCandidateId('dig_route_9_6_dig_left')).toEqual({ x: 9, y: 6 });
    expect(targetFromCandidateId('emergency_hold')).toBeNull();
    expect(targetFromCandidateId('planned_route_left')).toBeNull();
  });
});

describe('stallReport: when there is no report', () => {
  it('says none with fewer than 4 history entries, whatever they contain', () => {
    const history = track(
      { x: 10, y: 5 },
      repeatSteps(
        1,
        ['wait_or_stop_10_5_stop', STOP, 10, 5],
        ['wait_or_stop_10_5_stop', STOP, 10, 5],
        ['wait_or_stop_10_5_stop', STOP, 10, 5],
      ),
    );
    const report = stallReport(history, running);
    expect(report.severity).toBe('none');
    expect(report.type).toBe('none');
    expect(report.blockedCandidateIds).toEqual([]);
    expect(report.recentCandidateIds).toHaveLength(3);
  });

  it('says none for a runner walking steadily toward its gold and taking it', () => {
    const history = track({ x: 10, y: 5, gold: 3 }, [
      ['collect_gold_14_5_right', RIGHT, 11, 5],
      ['collect_gold_14_5_right', RIGHT, 12, 5],
      ['collect_gold_14_5_right', RIGHT, 13, 5],
      ['collect_gold_14_5_right', RIGHT, 14, 5, 2],
      ['climb_ladder_14_2_up', UP, 14, 4],
    ]);
    expect(stallReport(history, running).severity).toBe('none');
  });

  it('looks only at the newest 10 entries', () => {
    const steps = Array.from({ length: 14 }, (_, i) => [`collect_gold_27_5_right`, RIGHT, 11 + i, 5] as const);
    const report = stallReport(track({ x: 10, y: 5 }, steps), running);
    expect(report.recentPositions).toHaveLength(10);
    expect(report.recentPositions[0]).toEqual({ x: 15, y: 5 });
    expect(report.recentCandidateIds).toHaveLength(10);
  });
});

describe('stallReport: horizontal_oscillation', () => {
  const swing = repeatSteps(3, ['collect_gold_17_5_right', RIGHT, 11, 5], ['collect_gold_2_5_left', LEFT, 10, 5]);

  it('fires on left/right swings within a few tiles of one row with no gold change', () => {
    const report = stallReport(track({ x: 10, y: 5 }, swing), running);
    expect(report.severity).toBe('stalled');
    expect(report.type).toBe('horizontal_oscillation');
    expect(report.blockedCandidateIds).toEqual(['collect_gold_17_5_right', 'collect_gold_2_5_left']);
    // The last swing went left, so the next swing of the loop would go right.
    expect(report.blockedDirections).toEqual(['right']);
    expect(report.preferredCandidateKinds).toEqual(['climb_ladder', 'descend_route', 'dig_route', 'planned_route']);
    expect(report.recoveryHint).toMatch(/Do not choose "collect_gold_17_5_right", "collect_gold_2_5_left" or move right again/);
  });

  it('stays silent when the swings take gold', () => {
    const taking = [...swing.slice(0, 5), ['collect_gold_2_5_left', LEFT, 10, 5, 4] as const];
    expect(stallReport(track({ x: 10, y: 5 }, taking), running).severity).toBe('none');
  });

  it('stays silent when the rows keep changing (a zigzag down a staircase)', () => {
    const zigzag = track({ x: 10, y: 2 }, [
      ['descend_route_10_9_right', RIGHT, 11, 3],
      ['descend_route_10_9_left', LEFT, 10, 4],
      ['descend_route_10_9_right', RIGHT, 11, 5],
      ['descend_route_10_9_left', LEFT, 10, 6],
      ['descend_route_10_9_right', RIGHT, 11, 7],
      ['descend_route_10_9_left', LEFT, 10, 8],
    ]);
    expect(stallReport(zigzag, running).severity).toBe('none');
  });

  it('stays silent when a swing reaches its target', () => {
    const reaching = repeatSteps(3, ['collect_gold_11_5_right', RIGHT, 11, 5], ['collect_gold_2_5_left', LEFT, 10, 5]);
    expect(stallReport(track({ x: 10, y: 5 }, reaching), running).type).not.toBe('horizontal_oscillation');
  });
});

describe('stallReport: vertical_ladder_oscillation', () => {
  it('fires on six strictly alternating up/down moves in one column over two rows', () => {
    const history = track({ x: 6, y: 5 }, repeatSteps(3, ['climb_ladder_6_0_up', UP, 6, 4], ['descend_route_6_12_down', DOWN, 6, 5]));
    const report = stallReport(history, running);
    expect(report.type).toBe('vertical_ladder_oscillation');
    expect(report.blockedCandidateIds).toEqual(['climb_ladder_6_0_up', 'descend_route_6_12_down']);
    expect(report.blockedDirections).toEqual(['up']);
    expect(report.preferredCandidateKinds).toEqual(['planned_route', 'collect_gold', 'traverse_rope', 'dig_route']);
  });

  it('stays silent on a long climb that keeps gaining rows', () => {
    const climb = track(
      { x: 6, y: 9 },
      Array.from({ length: 8 }, (_, i) => ['climb_ladder_6_0_up', UP, 6, 8 - i] as const),
    );
    expect(stallReport(climb, running).severity).toBe('none');
  });
});

describe('stallReport: same_candidate_no_progress', () => {
  it('fires when one candidate is chosen 4 times in a row and the runner gets no closer to its target', () => {
    const history = track({ x: 10, y: 5 }, repeatSteps(4, ['collect_gold_17_5_right', RIGHT, 10, 5]));
    const report = stallReport(history, running);
    expect(report.type).toBe('same_candidate_no_progress');
    expect(report.repeatedCandidateId).toBe('collect_gold_17_5_right');
    expect(report.blockedCandidateIds).toEqual(['collect_gold_17_5_right']);
    expect(report.blockedDirections).toEqual([]);
    expect(report.recoveryHint).toContain('no closer to its target (17,5)');
  });

  it('stays silent while the same candidate walks the runner toward its target', () => {
    const history = track({ x: 10, y: 5 }, [
      ['collect_gold_17_5_right', RIGHT, 11, 5],
      ['collect_gold_17_5_right', RIGHT, 12, 5],
      ['collect_gold_17_5_right', RIGHT, 13, 5],
      ['collect_gold_17_5_right', RIGHT, 14, 5],
    ]);
    expect(stallReport(history, running).severity).toBe('none');
  });

  it('judges progress against context.targetOf when the caller knows the real target', () => {
    // The id says (3,5) but the runner walks right: away from (3,5), toward (20,5).
    const steps = Array.from({ length: 4 }, (_, i) => ['planned_route_3_5_right', RIGHT, 11 + i, 5] as const);
    const history = track({ x: 10, y: 5 }, steps);
    expect(stallReport(history, running).type).toBe('same_candidate_no_progress');
    expect(stallReport(history, { goldComplete: false, targetOf: () => ({ x: 20, y: 5 }) }).severity).toBe('none');
  });
});

describe('stallReport: same_tile_no_progress', () => {
  it('fires when six steps end on the same tile with no gold change', () => {
    const history = track(
      { x: 10, y: 5 },
      repeatSteps(
        2,
        ['defensive_dig_9_5_dig_left', DIG_LEFT, 10, 5],
        ['collect_gold_17_5_right', RIGHT, 10, 5],
        ['climb_ladder_10_2_up', UP, 10, 5],
      ),
    );
    const report = stallReport(history, running);
    expect(report.type).toBe('same_tile_no_progress');
    expect(report.blockedCandidateIds).toEqual(['defensive_dig_9_5_dig_left', 'collect_gold_17_5_right', 'climb_ladder_10_2_up']);
    expect(report.reason).toContain('(10,5)');
  });
});

describe('stallReport: route_access_loop', () => {
  it('fires when the same dig toward gold below is tried twice and the runner is still on its row', () => {
    const history = track({ x: 10, y: 5 }, [
      ['dig_route_9_6_dig_left', DIG_LEFT, 10, 5],
      ['wait_for_dig_completion_9_6_stop', STOP, 10, 5],
      ['collect_gold_17_5_right', RIGHT, 11, 5],
      ['collect_gold_2_5_left', LEFT, 10, 5],
      ['dig_route_9_6_dig_left', DIG_LEFT, 10, 5],
    ]);
    const report = stallReport(history, running);
    expect(report.type).toBe('route_access_loop');
    expect(report.blockedCandidateIds).toEqual(['dig_route_9_6_dig_left']);
    expect(report.preferredCandidateKinds).toContain('climb_ladder');
  });

  it('stays silent on a dig staircase that goes down a row after every dig', () => {
    const history = track({ x: 10, y: 5 }, [
      ['dig_route_9_6_dig_left', DIG_LEFT, 10, 5],
      ['wait_for_dig_completion_9_6_stop', STOP, 10, 5],
      ['route_access_follow_9_6_left', LEFT, 9, 6],
      ['dig_route_8_7_dig_left', DIG_LEFT, 9, 6],
      ['wait_for_dig_completion_8_7_stop', STOP, 9, 6],
      ['route_access_follow_8_7_left', LEFT, 8, 7],
    ]);
    expect(stallReport(history, running).severity).toBe('none');
  });
});

describe('stallReport: exit_loop', () => {
  const done = { goldComplete: true };
  const shuffle = repeatSteps(2, ['exit_route_12_0_left', LEFT, 7, 3, 0], ['exit_route_12_0_right', RIGHT, 8, 3, 0]);

  it('fires after goldComplete when three or more exit moves leave the runner on its row no closer to the exit', () => {
    const report = stallReport(track({ x: 8, y: 3, gold: 0 }, shuffle), done);
    expect(report.type).toBe('exit_loop');
    expect(report.blockedCandidateIds).toEqual(['exit_route_12_0_left', 'exit_route_12_0_right']);
    expect(report.recoveryHint).toMatch(/^All gold is taken/);
  });

  it('does not apply before all gold is taken', () => {
    const before = repeatSteps(2, ['exit_route_12_0_left', LEFT, 7, 3], ['exit_route_12_0_right', RIGHT, 8, 3]);
    expect(stallReport(track({ x: 8, y: 3 }, before), running).type).not.toBe('exit_loop');
  });

  it('stays silent while the exit moves walk toward the exit ladder', () => {
    const walk = Array.from({ length: 4 }, (_, i) => ['exit_route_12_0_right', RIGHT, 9 + i, 3, 0] as const);
    expect(stallReport(track({ x: 8, y: 3, gold: 0 }, walk), done).severity).toBe('none');
  });
});

describe('stallReport: wait_loop', () => {
  it('fires on three STOPs in a row with nothing changing, and blocks waiting kinds', () => {
    const history = track({ x: 9, y: 5 }, [
      ['collect_gold_17_5_right', RIGHT, 10, 5],
      ...repeatSteps(3, ['wait_or_stop_10_5_stop', STOP, 10, 5]),
    ]);
    const report = stallReport(history, running);
    expect(report.type).toBe('wait_loop');
    expect(report.blockedCandidateIds).toEqual(['wait_or_stop_10_5_stop']);
    expect(report.blockedCandidateKinds).toEqual(['wait_or_stop', 'emergency_hold']);
    expect(report.preferredCandidateKinds[0]).toBe('planned_route');
  });

  it('stays silent while the runner falls during the STOPs', () => {
    const history = track({ x: 10, y: 5 }, [
      ['continue_fall_10_9_stop', STOP, 10, 6],
      ['continue_fall_10_9_stop', STOP, 10, 7],
      ['continue_fall_10_9_stop', STOP, 10, 8],
      ['continue_fall_10_9_stop', STOP, 10, 9],
    ]);
    expect(stallReport(history, running).severity).toBe('none');
  });
});

describe('stallReport: exempt kinds and priority', () => {
  it('never counts retreat_from_guard moves, however much they swing', () => {
    const history = track(
      { x: 10, y: 5 },
      repeatSteps(4, ['retreat_from_guard_14_5_right', RIGHT, 11, 5], ['retreat_from_guard_6_5_left', LEFT, 10, 5]),
    );
    expect(stallReport(history, running).severity).toBe('none');
  });

  it('never counts wait_for_* steps, however long the wait', () => {
    const digWait = track({ x: 10, y: 5 }, repeatSteps(6, ['wait_for_dig_completion_9_6_stop', STOP, 10, 5]));
    const guardWait = track({ x: 10, y: 5 }, repeatSteps(8, ['wait_for_guard_clearance_10_5_stop', STOP, 10, 5]));
    expect(stallReport(digWait, running).severity).toBe('none');
    expect(stallReport(guardWait, running).severity).toBe('none');
  });

  it('checks detectors in the documented order, so the most specific loop names the report', () => {
    expect(STALL_DETECTOR_ORDER).toEqual([
      'route_access_loop',
      'exit_loop',
      'wait_loop',
      'vertical_ladder_oscillation',
      'horizontal_oscillation',
      'same_candidate_no_progress',
      'same_tile_no_progress',
    ]);
    // Six steps on one tile (same_tile_no_progress) whose last three are STOPs (wait_loop).
    const history = track({ x: 10, y: 5 }, [
      ['defensive_dig_9_5_dig_left', DIG_LEFT, 10, 5],
      ['collect_gold_17_5_right', RIGHT, 10, 5],
      ['climb_ladder_10_2_up', UP, 10, 5],
      ...repeatSteps(3, ['wait_or_stop_10_5_stop', STOP, 10, 5]),
    ]);
    expect(stallReport(history, running).type).toBe('wait_loop');
  });
});

describe('applyStallAdjustment', () => {
  const oscillation = track(
    { x: 10, y: 5 },
    repeatSteps(3, ['collect_gold_17_5_right', RIGHT, 11, 5], ['collect_gold_2_5_left', LEFT, 10, 5]),
  );
  const candidates = [
    makeCandidate('collect_gold_17_5_right'),
    makeCandidate('collect_gold_2_5_left'),
    makeCandidate('climb_ladder_10_2_up'),
    makeCandidate('planned_route_14_5_right'),
    makeCandidate('retreat_from_guard_13_5_right'),
    makeCandidate('wait_or_stop_10_5_stop'),
  ];
  const byId = (list: ReturnType<typeof applyStallAdjustment>['candidates']) => Object.fromEntries(list.map((c) => [c.id, c]));

  it('returns the candidates unchanged when the report says none', () => {
    const none = stallReport([], running);
    const result = applyStallAdjustment(candidates, none);
    expect(result.candidates).toEqual(candidates);
    expect(result.dispositions).toEqual([]);
  });

  it('gives blocked candidates -90, preferred kinds +30 and wait_or_stop -120, recording each in scoreParts', () => {
    const report = stallReport(oscillation, running);
    expect(report.blockedDirections).toEqual(['right']);
    const adjusted = byId(applyStallAdjustment(candidates, report).candidates);

    // Blocked by id.
    expect(adjusted['collect_gold_17_5_right']).toMatchObject({ score: 10, stallBlocked: true, stallRecovery: false });
    expect(adjusted['collect_gold_17_5_right'].scoreParts).toEqual({ base: 100, stallBlocked: -90 });
    expect(adjusted['collect_gold_2_5_left']).toMatchObject({ score: 10, stallBlocked: true });
    // Preferred kind, not blocked.
    expect(adjusted['climb_ladder_10_2_up']).toMatchObject({ score: 130, stallBlocked: false, stallRecovery: true });
    expect(adjusted['climb_ladder_10_2_up'].scoreParts).toEqual({ base: 100, stallRecovery: 30 });
    // Preferred kind but its first action goes right, a blocked direction: blocked wins.
    expect(adjusted['planned_route_14_5_right']).toMatchObject({ score: 10, stallBlocked: true, stallRecovery: false });
    // Exempt kinds are never blocked, even in a blocked direction.
    expect(adjusted['retreat_from_guard_13_5_right']).toMatchObject({ score: 100, stallBlocked: false, stallRecovery: false });
    // Standing still never breaks a loop.
    expect(adjusted['wait_or_stop_10_5_stop']).toMatchObject({ score: -20, stallBlocked: false });
    expect(adjusted['wait_or_stop_10_5_stop'].scoreParts).toEqual({ base: 100, stallWaitPenalty: -120 });
  });

  it('records a stall_blocked disposition for every blocked candidate and keeps them all', () => {
    const report = stallReport(oscillation, running);
    const { candidates: adjusted, dispositions } = applyStallAdjustment(candidates, report);
    expect(adjusted.map((c) => c.id)).toEqual(candidates.map((c) => c.id));
    expect(dispositions.map((d) => [d.id, d.disposition])).toEqual([
      ['collect_gold_17_5_right', 'stall_blocked'],
      ['collect_gold_2_5_left', 'stall_blocked'],
      ['planned_route_14_5_right', 'stall_blocked'],
    ]);
    expect(dispositions[2].why).toBe('horizontal_oscillation: its first action goes right, a blocked direction');
  });

  it('blocks by kind too: in a wait loop wait_or_stop gets both -90 and -120', () => {
    const waiting: StallReport = stallReport(
      track({ x: 9, y: 5 }, [['collect_gold_17_5_right', RIGHT, 10, 5], ...repeatSteps(3, ['wait_or_stop_10_5_stop', STOP, 10, 5])]),
      running,
    );
    const [other] = applyStallAdjustment([makeCandidate('wait_or_stop_9_5_stop')], waiting).candidates;
    expect(other).toMatchObject({ score: -110, stallBlocked: true });
    expect(other.scoreParts).toEqual({ base: 100, stallBlocked: -90, stallWaitPenalty: -120 });
  });

  it('does not mutate its input', () => {
    const before = structuredClone(candidates);
    applyStallAdjustment(candidates, stallReport(oscillation, running));
    expect(candidates).toEqual(before);
  });
});
