// The lens's pure parts: how receipt mismatches are named, the live state a playback stands for, the
// history comparison, where the prompt showed a candidate, the timeline's death badge, and the chart
// graph the page draws (ids as the receipts name them, slot subflows as groups, the end sentinel).
import { describe, expect, it } from 'vitest';
import { Game, KEY } from '../../src/game/index.js';
import { promptLineOf } from '../../src/lens/backtrack.js';
import { dispositionsOnce } from '../../src/lens/candidatePool.js';
import { playKeys, survivalSearch } from '../../src/lens/survivalSearch.js';
import { firstDifference, historyDifferences, liveEngineState, RecordingCursor } from '../../src/lens/materialize.js';
import type { StoredModelCall } from '../../src/lens/storedStep.js';
import { timelineOf } from '../../src/lens/timeline.js';
import type { LensPrompt } from '../../src/lens/types.js';
import { verifyReceipts } from '../../src/lens/verify.js';
import { chartStructure } from '../../src/service/planningService.js';
import type { TraceRun } from '../../src/stores/index.js';
import { chartGraph, END_OF_STEP, stepOverlay } from '../../src/web/lens/chartGraph.js';
import { readLocation, stepOutOfRange } from '../../src/web/lens/format.js';

const call = (overrides: Partial<StoredModelCall['receipt']> = {}): StoredModelCall => ({
  receipt: {
    systemSha256: 'a'.repeat(64),
    userSha256: 'b'.repeat(64),
    requestSha256: 'c'.repeat(64),
    pieces: [
      { slot: 'task', section: 'Task', sha256: 'd'.repeat(64) },
      { slot: 'candidates', section: 'Candidates', sha256: 'e'.repeat(64) },
    ],
    ...overrides,
  },
});

describe('the lens page’s step= parameter', () => {
  it('answers a step outside the run, or not a number, with the valid range', () => {
    expect(stepOutOfRange(readLocation('?trace=t&step=12'), 99)).toBeNull();
    expect(stepOutOfRange(readLocation('?trace=t&step=120'), 99)).toBe(
      'This run has no step 120: its steps are 0 to 98. Pick one in the timeline.',
    );
    expect(stepOutOfRange(readLocation('?trace=t&step=-3'), 99)).toBe(
      'step=-3 is not a step number: its steps are 0 to 98. Pick one in the timeline.',
    );
    expect(stepOutOfRange(readLocation('?trace=t'), 0)).toBeNull();
  });
});

describe('dispositionsOnce', () => {
  it('lists each id once, and a shown id never also as rejected', () => {
    const listed = dispositionsOnce([
      { id: 'planned_route_1_6_left', kind: 'planned_route', disposition: 'safety_rejection', why: 'ends inside a hole with no way out' },
      { id: 'walk_left', kind: 'collect_gold', disposition: 'limit_truncated', why: 'beyond the 7 best' },
      { id: 'planned_route_1_6_left', kind: 'collect_gold', disposition: 'exposed', why: 'score 40' },
    ]);
    expect(listed.map((d) => `${d.id}:${d.disposition}`)).toEqual(['walk_left:limit_truncated', 'planned_route_1_6_left:exposed']);
  });
});

describe('survivalSearch', () => {
  it('answers survivable with keys that, played exactly, keep the runner alive until the tick asked', () => {
    const game = Game.fromLevel(1, 1, { seed: 5 });
    game.press(KEY.LEFT, 10);
    const untilTick = game.state.tick + 90;
    const answer = survivalSearch(game.state, untilTick, { ticks: 200_000, deadline: Infinity });
    expect(answer.verdict).toBe('survivable');
    const after = playKeys(game.state, answer.keys!);
    expect(after.tick).toBeGreaterThanOrEqual(untilTick);
    expect(after.status === 'running' || after.status === 'finish').toBe(true);
  });

  it('answers lost for a dead runner, and unknown (never survivable) when the budget is spent undecided', () => {
    const game = Game.fromLevel(1, 1, { seed: 5 });
    game.press(KEY.LEFT, 10);
    expect(survivalSearch({ ...game.state, status: 'runner_dead' }, game.state.tick + 50, { ticks: 1e6, deadline: Infinity }).verdict).toBe(
      'lost',
    );
    const spent = survivalSearch(game.state, game.state.tick + 5000, { ticks: 10, deadline: performance.now() - 1 });
    expect(spent.verdict).toBe('unknown');
    expect(spent.keys).toBeNull();
  });
});

describe('verifyReceipts', () => {
  it('verifies equal receipts and names each difference', () => {
    expect(verifyReceipts([call()], [call()])).toMatchObject({ verified: true, mismatches: [], compared: 5 });
    const changed = call({ systemSha256: 'f'.repeat(64) });
    changed.receipt.pieces[1] = { slot: 'candidates', section: 'Candidates', sha256: '0'.repeat(64) };
    const result = verifyReceipts([call()], [changed]);
    expect(result.verified).toBe(false);
    expect(result.mismatches.map((m) => m.name)).toEqual(['system', 'piece 1 (candidates)']);
  });

  it('names a retry call that is missing, and refuses a step without a receipt', () => {
    expect(verifyReceipts([call(), call()], [call()]).mismatches.map((m) => m.name)).toEqual(['attempt 1 model call']);
    expect(verifyReceipts([], [call()])).toMatchObject({ verified: false, compared: 0 });
  });
});

describe('materialize', () => {
  it('turns a playback state into the live state: no playback, `start` before the first tick', () => {
    const live = Game.fromLevel(1, 1, { seed: 3 });
    live.press(KEY.RIGHT, 12);
    const cursor = new RecordingCursor(1, live.demo());
    expect(liveEngineState(cursor.game)).toMatchObject({ status: 'start', tick: 0, playback: null });
    expect(cursor.snapshotAt(12).reached).toBe(true);
    const state = liveEngineState(cursor.game);
    expect(state.playback).toBeNull();
    expect(state.runner).toEqual(live.serialize().runner);
    expect(state.act).toBe(live.serialize().act);
  });

  it('with the live seed, reproduces the live engine state exactly (its random generator too)', () => {
    const live = Game.fromLevel(1, 1, { seed: 99 });
    live.press(KEY.LEFT, 30);
    live.press(KEY.RIGHT, 40);
    const cursor = new RecordingCursor(1, live.demo(), { seed: 99 });
    const { snapshot } = cursor.snapshotAt(70);
    expect(snapshot.engineState).toEqual({ ...live.serialize(), recording: null });
    const moved = { ...live.serialize(), guards: [] };
    expect(firstDifference(moved, live.serialize())).toBe('guards');
    expect(firstDifference({ ...live.serialize(), rng: 5 }, live.serialize())).toBeNull();
  });

  it('compares the rebuilt history with a stored tail in either form', () => {
    const point = (tick: number, x: number) => ({
      tick,
      state: 'running',
      goldCount: 5,
      goldComplete: false,
      runner: { x, y: 14, xOffset: 0, yOffset: 0, action: 'right' },
    });
    const entry = { candidateId: 'c', keyCode: 39, ticks: 5, reason: 'r', before: point(0, 1), after: point(5, 2) };
    const slim = {
      candidateId: 'c',
      keyCode: 39,
      ticks: 5,
      reason: 'r',
      before: { tick: 0, x: 1, y: 14, gold: 5 },
      after: { tick: 5, x: 2, y: 14, gold: 5, state: 'running' },
    };
    expect(historyDifferences([entry], [entry])).toEqual([]);
    expect(historyDifferences([entry], [slim])).toEqual([]);
    expect(historyDifferences([entry], [{ ...slim, keyCode: 37 }])).toHaveLength(1);
  });
});

describe('promptLineOf', () => {
  it('finds the candidate’s block in the candidates piece', () => {
    const prompt = {
      pieces: [
        { index: 0, slot: 'task', text: 'Task:\n- id=not-this one' },
        {
          index: 1,
          slot: 'candidates',
          text: 'Candidates:\nlegend\n- id=a kind=x\n  goal=g\n  reason=r\n- id=ab kind=y\n  goal=h\n  reason=s',
        },
      ],
    } as unknown as LensPrompt;
    expect(promptLineOf(prompt, 'ab')).toEqual({ pieceIndex: 1, fromLine: 5, toLine: 7 });
    expect(promptLineOf(prompt, 'zz')).toBeUndefined();
  });
});

describe('timelineOf', () => {
  it('marks the last step of a run the guards ended with a death', () => {
    const step = (stepIndex: number) => ({
      stepIndex,
      state: { tick: stepIndex * 5 },
      candidates: [{ id: 'c', kind: 'collect_gold', lane: 'progress' }],
      selectedCandidateId: 'c',
      validation: { fallbackUsed: stepIndex === 0, statuses: ['ok'] },
    });
    const run = {
      id: 't',
      playData: 1,
      level: 1,
      model: {},
      slots: {},
      stepCount: 2,
      outcome: { result: 'failure', reason: 'killed_by_guard', finalState: { gameStateName: 'runner_dead' } },
      steps: [step(0), step(1)],
    } as unknown as TraceRun;
    const timeline = timelineOf(run, true);
    expect(timeline.cells.map((c) => [c.lane, c.fallback, c.death])).toEqual([
      ['progress', true, false],
      ['progress', false, true],
    ]);
  });
});

describe('chartGraph', () => {
  it('draws the planning chart with receipt ids, slot groups and a loop edge', () => {
    const { structure } = chartStructure() as { structure: unknown };
    const { graph, subflows } = chartGraph(structure);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids).toEqual(
      expect.arrayContaining(['seed', 'context', 'sf-candidates', 'sf-candidates/propose-candidates', 'fallback', 'action', 'retry']),
    );
    expect(subflows).toEqual(['sf-state-summary', 'sf-candidates', 'sf-stall-report']);
    expect(graph.nodes.find((n) => n.id === 'sf-candidates/render-candidates')?.data.subflowOf).toBe('sf-candidates');
    expect(graph.edges.some((e) => e.source === 'retry' && e.target === 'message-api' && e.data?.kind === 'loop')).toBe(true);
    expect(graph.edges.some((e) => e.source === 'validate' && e.target === 'fallback' && e.data?.kind === 'decision-branch')).toBe(true);
    expect(graph.edges.some((e) => e.source === 'validate' && e.target === 'action' && e.data?.kind === 'next')).toBe(true);
    const overlay = stepOverlay([{ runtimeStageId: 'seed#0', stageId: 'seed', kind: 'linear', status: 'ok', durationMs: 1 }]);
    expect(overlay.executionOrder.map((s) => s.stageId)).toEqual(['seed', END_OF_STEP]);
  });
});
