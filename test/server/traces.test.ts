// The trace routes over a real server: the run list (newest first, no steps), one run, a level's
// latest run with its recording, the chart structure (503 until the chart is wired in).
import { describe, expect, it } from 'vitest';
import { call, demo, snapshotOf, startTestServer } from './helpers.js';

async function plan(server: Awaited<ReturnType<typeof startTestServer>>, playData: number, level: number, runId?: string) {
  const answer = await call(server, 'POST', '/api/agent/next-action', { playData, level, snapshot: snapshotOf(playData, level), runId });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('trace routes', () => {
  it('GET /api/agent/traces lists runs newest first, without steps', async () => {
    const server = await startTestServer();
    await plan(server, 1, 1, 'run-old');
    await plan(server, 1, 2, 'run-new');
    const { status, body } = await call(server, 'GET', '/api/agent/traces');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.runs.map((run: { traceId: string }) => run.traceId)).toEqual(['run-new', 'run-old']);
    expect(body.runs[0]).not.toHaveProperty('steps');
    expect(body.runs[0]).toMatchObject({ stepCount: 1, playData: 1, level: 2, model: { modelProfile: 'local' } });
  });

  it('GET /api/agent/traces/:traceId returns the run with its steps, or 404', async () => {
    const server = await startTestServer();
    const first = await plan(server, 1, 1, 'run-1');
    await plan(server, 1, 1, 'run-1');
    const { status, body } = await call(server, 'GET', '/api/agent/traces/run-1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'run-1', stepCount: 2, playData: 1, level: 1 });
    expect(body.steps.map((step: { stepIndex: number }) => step.stepIndex)).toEqual([0, 1]);
    expect(body.steps[0]).toMatchObject({ selectedCandidateId: first.candidateId, action: first.action });
    expect(body.slots).toEqual({ 'state-summary': 'with-board', candidates: 'simulated', 'stall-report': 'default' });
    expect(body.config.backend).toMatchObject({ candidateLimit: 7 });

    const missing = await call(server, 'GET', '/api/agent/traces/no-such-run');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('trace not found');
    const malformed = await call(server, 'GET', `/api/agent/traces/${encodeURIComponent('bad id!')}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain('traceId');
  });

  it('GET /api/agent/runs/:playData/:level returns the latest run and the recording, or 404', async () => {
    const server = await startTestServer();
    await plan(server, 1, 5, 'run-a');
    await plan(server, 1, 5, 'run-b');
    await call(server, 'PUT', '/api/recordings/1/5', { source: 'agent', traceId: 'run-a', demo: demo(5, 0) });
    const { status, body } = await call(server, 'GET', '/api/agent/runs/1/5');
    expect(status).toBe(200);
    // Saving run-a's recording set its outcome, which makes it the most recently updated run.
    expect(body.latestRun).toMatchObject({ traceId: 'run-a', playData: 1, level: 5, stepCount: 1 });
    expect(body.latestRun.latestAction).toHaveProperty('keyCode');
    expect(body.latestRun).not.toHaveProperty('steps');
    expect(body.recording).toMatchObject({ id: 'run-a', source: 'agent' });

    const none = await call(server, 'GET', '/api/agent/runs/1/6');
    expect(none.status).toBe(404);
    expect(none.body.error).toContain('no agent run');
    expect((await call(server, 'GET', '/api/agent/runs/0/6')).status).toBe(400);
  });

  it('GET /api/agent/chart answers 503 until a chart is wired in, then its structure', async () => {
    const without = await startTestServer();
    const missing = await call(without, 'GET', '/api/agent/chart');
    expect(missing.status).toBe(503);
    expect(missing.body).toEqual({ error: 'planning chart not available' });

    const structure = { stages: [{ id: 'seed' }, { id: 'analyze' }], edges: [['seed', 'analyze']] };
    const withChart = await startTestServer({ chartStructure: () => structure });
    const { status, body } = await call(withChart, 'GET', '/api/agent/chart');
    expect(status).toBe(200);
    expect(body).toEqual(structure);
  });
});
