// A whole game over HTTP only, as a non-browser client would play it: /api/games serves the game,
// POST /api/agent/next-action (the real planner, `local` profile) picks each action from the snapshot
// and a history built like src/agent/history.ts, until Classic 1 is cleared; the game's demo then
// replays to the same outcome and tick, and the run's trace holds one step per action.
import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../src/agent/history.js';
import type { HistoryEntry } from '../../src/agent/schemas.js';
import { replayDemo, type Snapshot } from '../../src/game/index.js';
import { call, startTestServer } from './helpers.js';

const HISTORY_LIMIT = 24; // public/agent-config.json agent.historyLimit
const MAX_STEPS = 300; // agent.maxSteps

describe('a game played over HTTP with the planner', () => {
  it('clears Classic 1 and its demo replays to the same finish tick', async () => {
    const server = await startTestServer();
    const created = await call(server, 'POST', '/api/games', { playData: 1, level: 1, seed: 1 });
    expect(created.status).toBe(201);
    const gameId: string = created.body.gameId;
    let snapshot: Snapshot = created.body.snapshot;
    const history: HistoryEntry[] = [];
    const runId = 'http-game-run';

    let steps = 0;
    while (!['finish', 'runner_dead'].includes(snapshot.gameStateName) && steps < MAX_STEPS) {
      const planned = await call(server, 'POST', '/api/agent/next-action', {
        playData: 1,
        level: 1,
        snapshot,
        history: history.slice(-HISTORY_LIMIT),
        runId,
        modelProfile: 'local',
      });
      expect(planned.status, planned.text).toBe(200);
      expect(planned.body.stepCount).toBe(steps + 1);
      const { keyCode, ticks, reason } = planned.body.action;
      const stepped = await call(server, 'POST', `/api/games/${gameId}/step`, { keyCode, ticks });
      expect(stepped.status, stepped.text).toBe(200);
      history.push(historyEntry(planned.body.candidateId, { keyCode, ticks, reason }, snapshot, stepped.body.snapshot));
      snapshot = stepped.body.snapshot;
      steps++;
    }

    expect(snapshot.gameStateName).toBe('finish');
    const demo = await call(server, 'GET', `/api/games/${gameId}/demo`);
    expect(demo.status).toBe(200);
    expect(demo.body).toMatchObject({ level: 1, state: 1, time: snapshot.tick });
    expect(replayDemo(1, demo.body)).toEqual({ state: 1, time: snapshot.tick });

    const trace = await call(server, 'GET', `/api/agent/traces/${runId}`);
    expect(trace.status).toBe(200);
    expect(trace.body.stepCount).toBe(steps);
    expect(trace.body.steps.map((step: { stepIndex: number }) => step.stepIndex)).toEqual(Array.from({ length: steps }, (_, i) => i));
  });
});
