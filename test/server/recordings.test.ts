// The seven recording routes over a real server: save (user and agent; an agent record sets its
// run's outcome, creating a zero-step run when none exists), newest, records with trace info, the
// whole store, delete with the linked trace, and the 400/404 answers.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, demo, snapshotOf, startTestServer } from './helpers.js';

describe('PUT /api/recordings/:playData/:level', () => {
  it('saves a user record (201) with a user:<timestamp> id and no linked run', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'PUT', '/api/recordings/1/1', { source: 'user', demo: demo(1, 1) });
    expect(status).toBe(201);
    expect(body.record).toMatchObject({ playData: 1, level: 1, source: 'user', result: 'success' });
    expect(body.record.id).toMatch(/^user:\d{4}-\d\d-\d\dT/);
    expect(body.run).toBeNull();
    const onDisk = JSON.parse(await readFile(join(server.dataDir, 'recordings.json'), 'utf8'));
    expect(Object.keys(onDisk.records)).toEqual([body.record.id]);
  });

  it("saves an agent record under its traceId and sets the run's outcome", async () => {
    const server = await startTestServer();
    const planned = await call(server, 'POST', '/api/agent/next-action', { playData: 1, level: 1, snapshot: snapshotOf() });
    expect(planned.status).toBe(200);
    const traceId = planned.body.traceId;
    const { status, body } = await call(server, 'PUT', '/api/recordings/1/1', {
      source: 'agent',
      traceId,
      solver: { modelProfile: 'local', failureReason: 'killed_by_guard', apiKey: 'sk-dropped-0123456789' },
      demo: demo(1, 0),
      finalSnapshot: { gameStateName: 'runner_dead', tick: 120 },
    });
    expect(status).toBe(201);
    expect(body.record).toMatchObject({ id: traceId, traceId, source: 'agent', result: 'failure' });
    expect(body.record.solver).toEqual({ modelProfile: 'local', failureReason: 'killed_by_guard' });
    expect(body.run).toMatchObject({ traceId, stepCount: 1, outcome: { result: 'failure', reason: 'killed_by_guard' } });
    const trace = await call(server, 'GET', `/api/agent/traces/${traceId}`);
    expect(trace.body.outcome.finalState).toMatchObject({ finished: false, gameStateName: 'runner_dead' });
  });

  it('creates a zero-step run for an agent record whose planning never produced a step', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'PUT', '/api/recordings/1/2', {
      source: 'agent',
      traceId: 'run-without-steps',
      solver: { modelProfile: 'openai', model: 'gpt-4o-mini', failureReason: 'planning_failed' },
      demo: demo(2, 0),
    });
    expect(status).toBe(201);
    expect(body.run).toMatchObject({ traceId: 'run-without-steps', stepCount: 0, playData: 1, level: 2 });
    const trace = await call(server, 'GET', '/api/agent/traces/run-without-steps');
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({ stepCount: 0, steps: [], outcome: { result: 'failure', reason: 'planning_failed' } });
    expect(trace.body.model).toMatchObject({ modelProfile: 'openai', model: 'gpt-4o-mini' });
  });

  it('answers a bad body with a 400 naming the field', async () => {
    const server = await startTestServer();
    const noTrace = await call(server, 'PUT', '/api/recordings/1/1', { source: 'agent', demo: demo(1) });
    expect(noTrace.status).toBe(400);
    expect(noTrace.body.error).toContain('traceId');
    const badSource = await call(server, 'PUT', '/api/recordings/1/1', { source: 'robot', demo: demo(1) });
    expect(badSource.status).toBe(400);
    expect(badSource.body.error).toContain('body.source');
    const wrongLevel = await call(server, 'PUT', '/api/recordings/1/1', { source: 'user', demo: demo(7) });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.body.error).toContain('demo.level');
    const badDemo = await call(server, 'PUT', '/api/recordings/1/1', { source: 'user', demo: { ...demo(1), action: [1, 2, 3] } });
    expect(badDemo.status).toBe(400);
    expect(badDemo.body.error).toContain('body.demo.action');
    const notObject = await call(server, 'PUT', '/api/recordings/1/1', '[]');
    expect(notObject.status).toBe(400);
    const badPath = await call(server, 'PUT', '/api/recordings/1/151', { source: 'user', demo: demo(151) });
    expect(badPath.status).toBe(400);
    expect(badPath.body.error).toContain('1..150');
  });
});

describe('reading recordings', () => {
  it('GET newest, GET records (newest first, with trace info), GET the whole store', async () => {
    const server = await startTestServer();
    const planned = await call(server, 'POST', '/api/agent/next-action', { playData: 1, level: 3, snapshot: snapshotOf(1, 3) });
    const traceId = planned.body.traceId;
    await call(server, 'PUT', '/api/recordings/1/3', { source: 'user', demo: demo(3, 1) });
    await call(server, 'PUT', '/api/recordings/1/3', { source: 'agent', traceId, demo: demo(3, 0) });
    await call(server, 'PUT', '/api/recordings/1/4', { source: 'user', demo: demo(4, 1) });

    const newest = await call(server, 'GET', '/api/recordings/1/3');
    expect(newest.status).toBe(200);
    expect(newest.body).toMatchObject({ id: traceId, source: 'agent' });

    const records = await call(server, 'GET', '/api/recordings/1/3/records');
    expect(records.status).toBe(200);
    expect(records.body.count).toBe(2);
    expect(records.body.records.map((r: { source: string }) => r.source)).toEqual(['agent', 'user']);
    expect(records.body.records[0].trace).toMatchObject({ traceId, stepCount: 1, playData: 1, level: 3 });
    expect(records.body.records[0].trace.latestAction).toMatchObject({ keyCode: planned.body.action.keyCode });
    expect(records.body.records[0].trace.model).toMatchObject({ modelProfile: 'local' });
    expect(records.body.records[1].trace).toBeNull();

    const all = await call(server, 'GET', '/api/recordings');
    expect(all.status).toBe(200);
    expect(all.body.version).toBe(1);
    expect(Object.keys(all.body.records)).toHaveLength(3);
  });

  it('answers 404 {error: "recording not found"} for a level without records', async () => {
    const server = await startTestServer();
    const { status, body } = await call(server, 'GET', '/api/recordings/5/66');
    expect(status).toBe(404);
    expect(body.error).toBe('recording not found');
    const records = await call(server, 'GET', '/api/recordings/5/66/records');
    expect(records.body).toEqual({ records: [], count: 0 });
  });
});

describe('DELETE /api/recordings/:playData/:level', () => {
  it('deletes the newest record and its linked trace', async () => {
    const server = await startTestServer();
    const planned = await call(server, 'POST', '/api/agent/next-action', { playData: 1, level: 1, snapshot: snapshotOf() });
    const traceId = planned.body.traceId;
    const user = await call(server, 'PUT', '/api/recordings/1/1', { source: 'user', demo: demo(1) });
    await call(server, 'PUT', '/api/recordings/1/1', { source: 'agent', traceId, demo: demo(1, 0) });

    const { status, body } = await call(server, 'DELETE', '/api/recordings/1/1');
    expect(status).toBe(200);
    expect(body).toMatchObject({ traceDeleted: true, traceId, deleted: { id: traceId } });
    expect(body.latestRecord.id).toBe(user.body.record.id);
    expect((await call(server, 'GET', `/api/agent/traces/${traceId}`)).status).toBe(404);

    const second = await call(server, 'DELETE', '/api/recordings/1/1');
    expect(second.body).toMatchObject({ traceDeleted: false, traceId: null, latestRecord: null });
    const none = await call(server, 'DELETE', '/api/recordings/1/1');
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('recording not found');
  });

  it('deletes the record named by ?recordId= or ?traceId=', async () => {
    const server = await startTestServer();
    const older = await call(server, 'PUT', '/api/recordings/1/1', { source: 'agent', traceId: 'run-a', demo: demo(1) });
    await call(server, 'PUT', '/api/recordings/1/1', { source: 'agent', traceId: 'run-b', demo: demo(1) });
    await call(server, 'PUT', '/api/recordings/1/1', { source: 'user', demo: demo(1) });

    const byTrace = await call(server, 'DELETE', '/api/recordings/1/1?traceId=run-b');
    expect(byTrace.status).toBe(200);
    expect(byTrace.body).toMatchObject({ deleted: { id: 'run-b' }, traceDeleted: true });
    const byRecord = await call(server, 'DELETE', `/api/recordings/1/1?recordId=${encodeURIComponent(older.body.record.id)}`);
    expect(byRecord.body).toMatchObject({ deleted: { id: 'run-a' }, traceDeleted: true });
    const unknown = await call(server, 'DELETE', '/api/recordings/1/1?recordId=nope');
    expect(unknown.status).toBe(404);
    const repeated = await call(server, 'DELETE', '/api/recordings/1/1?recordId=a&recordId=b');
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toContain('query.recordId');
  });
});
