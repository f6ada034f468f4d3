// The keyboard session (lives and banked score), the HUD figures, the on-board messages and the
// recordings helpers (user body, rows newest first, lens links, replay target).
import { describe, expect, it } from 'vitest';
import { Game, KEY } from '../../src/game/index.js';
import type { RecordingRecord } from '../../src/web/game/api.js';
import { canSaveUserGame, lensHref, recordingRows, replayTarget, userRecordingBody } from '../../src/web/game/recordings.js';
import { FINISH_BONUS, START_LIVES, afterGame, boardMessage, hudFigures, newSession } from '../../src/web/game/session.js';

describe('session', () => {
  it('takes a life on a death, gives one on a clear, and ends at zero', () => {
    let s = newSession();
    expect(s.lives).toBe(START_LIVES);
    s = afterGame(s, 'finish', 500).session;
    expect(s).toEqual({ lives: START_LIVES + 1, banked: 500 + FINISH_BONUS });
    let over = false;
    for (let i = 0; i < START_LIVES + 1; i++) ({ session: s, gameOver: over } = afterGame(s, 'runner_dead', 0));
    expect(s.lives).toBe(0);
    expect(over).toBe(true);
  });

  it('shows HUD figures and messages per mode', () => {
    const snap = Game.fromLevel(1, 1).snapshot();
    const hud = hudFigures(snap, { lives: 3, banked: 250 }, 'play');
    expect(hud).toMatchObject({ score: '0000250', lives: '3', time: '000' });
    expect(hud.gold).toMatch(/left/);
    expect(hudFigures(snap, { lives: 3, banked: 250 }, 'ai').lives).toBe('–');
    expect(boardMessage(snap, 'play', { paused: false })).toMatch(/arrow key/);
    expect(boardMessage(snap, 'play', { paused: true })).toMatch(/Paused/);
    expect(boardMessage({ gameStateName: 'finish', tick: 495 }, 'replay', { paused: false })).toBe('Replay finished the level at tick 495');
    expect(boardMessage({ gameStateName: 'running', tick: 10 }, 'ai', { paused: false })).toBeNull();
  });
});

describe('recordings helpers', () => {
  it('builds a user recording from a finished or lost game', () => {
    const game = Game.fromLevel(1, 1, { seed: 2, godMode: true });
    expect(canSaveUserGame(game, 'play')).toBe(false);
    game.press(KEY.RIGHT, 10);
    game.state.status = 'runner_dead'; // as if caught
    expect(canSaveUserGame(game, 'play')).toBe(true);
    expect(canSaveUserGame(game, 'replay')).toBe(false);
    const body = userRecordingBody(game);
    expect(body).toMatchObject({ source: 'user', result: 'failure', demo: { level: 1, godMode: 1, state: 0, time: 10 } });
    expect(body.demo.action.slice(0, 2)).toEqual([0, KEY.RIGHT]);
  });

  it('lists records newest first with their trace links', () => {
    const demo = {
      level: 1,
      ai: 4 as const,
      time: 100,
      state: 1 as const,
      godMode: 0 as const,
      action: [0, 39],
      goldDrop: [],
      bornPos: [],
    };
    const records: RecordingRecord[] = [
      { id: 'user:1', playData: 1, level: 1, savedAt: '2026-01-01T00:00:00.000Z', source: 'user', result: 'failure', demo, trace: null },
      {
        id: 'run-1',
        playData: 1,
        level: 1,
        savedAt: '2026-01-02T00:00:00.000Z',
        source: 'agent',
        result: 'success',
        traceId: 'run-1',
        solver: { provider: 'local', model: 'local-policy' },
        demo,
        trace: { traceId: 'run-1', stepCount: 12, createdAt: '', updatedAt: '' },
      },
    ];
    const rows = recordingRows(records, 'en-GB');
    expect(rows.map((r) => r.id)).toEqual(['run-1', 'user:1']);
    expect(rows[0]).toMatchObject({
      source: 'agent',
      solver: 'local:local-policy',
      trace: { href: 'lens.html?trace=run-1', stepCount: 12 },
    });
    expect(rows[1].trace).toBeNull();
    expect(lensHref('run 1', 4)).toBe('lens.html?trace=run+1&step=4');
    expect(replayTarget(demo)).toEqual({ time: 100, finished: true });
  });
});
