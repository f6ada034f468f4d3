// The raw prompt's only destination: with the debug log on, each model call of a planning step is
// appended (prompt exactly as sent, answer, status); the trace step still holds hashes only.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import { sha256 } from '../../recorders/modelReceipt.js';
import { createDebugLog } from '../../src/llm/debugLog.js';
import { level1Snapshot, planningRequest, scriptedProvider, shownCandidateIds } from '../charts/helpers.js';

let dir: string | null = null;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('the debug log of raw model I/O', () => {
  it('gets every call of the step when enabled; the trace step does not', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fr-debug-'));
    const debugLog = createDebugLog({ enabled: true, path: join(dir, 'agent-debug.log'), secrets: [] });
    const snapshot = level1Snapshot();
    const id = shownCandidateIds(snapshot)[0]!;
    const provider = scriptedProvider(['I would go left.', JSON.stringify({ candidateId: id, reason: 'fine' })]);
    const result = await planNextAction(planningRequest(snapshot), { provider, debugLog });
    const entries = await debugLog.read();
    expect(entries.map((e) => [e.retry, e.status, e.selectedCandidateId])).toEqual([
      [false, 'parse_error', null],
      [true, 'ok', id],
    ]);
    expect(entries[0]!.message).toBe('I would go left.');
    expect(entries[0]!.parseError).toMatch(/not a JSON object/);
    expect(sha256(entries[1]!.prompt.user)).toBe(result.traceStep.modelCall!.receipt.userSha256);
    expect(JSON.stringify(result.traceStep)).not.toContain(entries[1]!.prompt.user.slice(0, 200));
  });

  it('is left alone when disabled', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fr-debug-'));
    const debugLog = createDebugLog({ enabled: false, path: join(dir, 'agent-debug.log'), secrets: [] });
    const snapshot = level1Snapshot();
    await planNextAction(planningRequest(snapshot), { provider: scriptedProvider([JSON.stringify({ candidateId: 'x' }), 'y']), debugLog });
    expect(await debugLog.read()).toEqual([]);
  });
});
