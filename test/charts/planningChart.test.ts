// The planning chart end to end on real engine snapshots (Classic level 1) with the offline local
// provider: the selector's evidence (stall report skipped / selected), one receipt per executed
// stage, prompt pieces tagged with their slots, slot variants that change the prompt and are
// recorded, the typed errors, and a trace step without raw snapshot or prompt text.
import { describe, expect, it } from 'vitest';
import { planningChart, runnablePlanningChart } from '../../charts/buildPlanningChart.js';
import { SLOT_STAGE_IDS, STAGE_IDS, SUBFLOW_IDS } from '../../charts/conventions.js';
import { UnknownSlotVariantError } from '../../charts/errors.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { resolveSlotVariants } from '../../charts/slots/registry.js';
import { sha256 } from '../../recorders/modelReceipt.js';
import { traceStepRecordSchema } from '../../recorders/traceStep.js';
import { config, level1Snapshot, localProvider, orderRecorder, oscillatingHistory, planningRequest, recordingProvider } from './helpers.js';

const snapshot = level1Snapshot();

function receiptOf(result: Awaited<ReturnType<typeof planNextAction>>, stageId: string) {
  return result.traceStep.receipts.find((r) => r.stageId === stageId);
}

describe('planNextAction: the whole chart on a real snapshot', () => {
  it('answers with the chosen candidate’s first action, ticks clamped to 1..maxActionTicks', async () => {
    const result = await planNextAction(planningRequest(snapshot, { config: config((c) => (c.backend.maxActionTicks = 3)) }), {
      provider: localProvider(),
    });
    expect(result.validation.statuses).toEqual(['ok']);
    expect(result.validation.fallbackUsed).toBe(false);
    expect(result.action.keyCode).toBe(result.candidate.firstAction.keyCode);
    expect(result.action.ticks).toBeGreaterThanOrEqual(1);
    expect(result.action.ticks).toBeLessThanOrEqual(3);
    expect(result.traceStep.selectedCandidateId).toBe(result.candidate.id);
    expect(result.candidates.map((c) => c.id)).toContain(result.candidate.id);
    expect(result.slots).toEqual({ 'state-summary': 'with-board', candidates: 'simulated', 'stall-report': 'default' });
  });

  it('selector evidence: sf-stall-report is skipped, with its rule, when the stall severity is none', async () => {
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider() });
    const context = receiptOf(result, STAGE_IDS.context)!;
    expect(context.kind).toBe('selector');
    expect(context.selection!.selected.map((s) => s.slot)).toEqual(['state-summary', 'candidates']);
    expect(context.selection!.skipped).toEqual([
      expect.objectContaining({
        branch: SUBFLOW_IDS['stall-report'],
        slot: 'stall-report',
        matched: false,
        rule: 'a stall was diagnosed (stallSeverity is not none)',
        evidence: ['stallSeverity "none" ne "none" ✗'],
      }),
    ]);
    expect(context.emits.map((e) => e.name)).toContain('app.selection');
    expect(result.traceStep.receipts.some((r) => r.stageId.startsWith(SUBFLOW_IDS['stall-report']))).toBe(false);
    expect(result.traceStep.stallSupervisor.severity).toBe('none');
  });

  it('selector evidence: sf-stall-report is selected when a stall is diagnosed, and its piece reaches the prompt', async () => {
    const history = oscillatingHistory(snapshot);
    const provider = recordingProvider(localProvider());
    const result = await planNextAction(planningRequest(snapshot, { history }), { provider });
    expect(result.traceStep.stallSupervisor).toMatchObject({ severity: 'stalled', type: 'horizontal_oscillation' });
    const context = receiptOf(result, STAGE_IDS.context)!;
    expect(context.selection!.skipped).toEqual([]);
    expect(context.selection!.selected.find((s) => s.slot === 'stall-report')).toMatchObject({
      matched: true,
      evidence: ['stallSeverity "stalled" ne "none" ✓'],
    });
    expect(receiptOf(result, SUBFLOW_IDS['stall-report'])).toMatchObject({ kind: 'subflow-mount', status: 'ok' });
    expect(receiptOf(result, `${SUBFLOW_IDS['stall-report']}/${SLOT_STAGE_IDS.renderStallReport}`)).toBeDefined();
    expect(result.traceStep.modelCall!.receipt.pieces.map((p) => p.slot)).toContain('stall-report');
    expect(provider.requests[0]!.user).toMatch(/Stall report:\nYou are stuck \(horizontal oscillation\)/);
  });

  it('stall-report variant off: the slot still runs when stalled, but writes no piece', async () => {
    const history = oscillatingHistory(snapshot);
    const provider = recordingProvider(localProvider());
    const result = await planNextAction(planningRequest(snapshot, { history, slots: { 'stall-report': 'off' } }), { provider });
    expect(receiptOf(result, SUBFLOW_IDS['stall-report'])!.writes.map((w) => w.key)).toEqual(['stallReportPieces']);
    expect(result.traceStep.modelCall!.receipt.pieces.map((p) => p.slot)).not.toContain('stall-report');
    expect(provider.requests[0]!.user).not.toMatch(/Stall report:/);
    expect(result.traceStep.slots['stall-report']).toBe('off');
  });

  it('every executed stage has exactly one receipt, closed with a duration', async () => {
    const order = orderRecorder();
    const result = await planNextAction(planningRequest(snapshot), { provider: localProvider(), recorders: [order] });
    const receipts = result.traceStep.receipts;
    const started = order.log.filter((l) => l.startsWith('start ')).map((l) => l.slice(6));
    for (const rid of started) expect(receipts.map((r) => r.runtimeStageId)).toContain(rid);
    expect(new Set(receipts.map((r) => r.runtimeStageId)).size).toBe(receipts.length);
    expect(receipts.map((r) => [r.stageId, r.kind])).toEqual([
      [STAGE_IDS.seed, 'linear'],
      [STAGE_IDS.analyze, 'linear'],
      [STAGE_IDS.context, 'selector'],
      [SUBFLOW_IDS['state-summary'], 'subflow-mount'],
      [`${SUBFLOW_IDS['state-summary']}/${SLOT_STAGE_IDS.renderStateSummary}`, 'linear'],
      [SUBFLOW_IDS.candidates, 'subflow-mount'],
      [`${SUBFLOW_IDS.candidates}/${SLOT_STAGE_IDS.proposeCandidates}`, 'linear'],
      [`${SUBFLOW_IDS.candidates}/${SLOT_STAGE_IDS.renderCandidates}`, 'linear'],
      [STAGE_IDS.messageApi, 'linear'],
      [STAGE_IDS.callLlm, 'linear'],
      [STAGE_IDS.validate, 'decider'],
      [STAGE_IDS.fallback, 'linear'],
      [STAGE_IDS.action, 'linear'],
    ]);
    for (const receipt of receipts) {
      expect(receipt.status).toBe('ok');
      expect(receipt.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(receiptOf(result, STAGE_IDS.validate)!.decision).toMatchObject({ chosen: 'fallback' });
    expect(receiptOf(result, `${SUBFLOW_IDS.candidates}/${SLOT_STAGE_IDS.proposeCandidates}`)!.subflowPath).toEqual([
      SUBFLOW_IDS.candidates,
    ]);
  });

  it('the prompt’s pieces carry their slots, and the receipt hashes exactly what the provider was handed', async () => {
    const provider = recordingProvider(localProvider());
    const result = await planNextAction(planningRequest(snapshot), { provider });
    const receipt = result.traceStep.modelCall!.receipt;
    const sent = provider.requests[0]!;
    expect(receipt.pieces.map((p) => [p.slot, p.section])).toEqual([
      ['task', 'Task'],
      ['rules', 'Game rules'],
      ['state-summary', 'State summary'],
      ['candidates', 'Candidates'],
      ['history', 'Recent behaviour'],
    ]);
    expect(receipt.systemSha256).toBe(sha256(sent.system));
    expect(receipt.userSha256).toBe(sha256(sent.user));
    const sections = sent.user.split('\n\n');
    for (const piece of receipt.pieces) expect(sections.some((text) => sha256(text) === piece.sha256)).toBe(true);
    expect(receipt).toMatchObject({ profile: 'local', model: 'local-policy', attempt: 0, retry: false, params: { temperature: 0.5 } });
  });

  it('swapping state-summary from the default with-board to compact drops the board (hash differs) and is recorded', async () => {
    const compactProvider = recordingProvider(localProvider());
    const compact = await planNextAction(planningRequest(snapshot, { slots: { 'state-summary': 'compact' } }), {
      provider: compactProvider,
    });
    const boardProvider = recordingProvider(localProvider());
    const board = await planNextAction(planningRequest(snapshot), { provider: boardProvider });

    const summaryHash = (r: typeof compact) => r.traceStep.modelCall!.receipt.pieces.find((p) => p.slot === 'state-summary')!.sha256;
    expect(summaryHash(board)).not.toBe(summaryHash(compact));
    expect(board.traceStep.modelCall!.receipt.requestSha256).not.toBe(compact.traceStep.modelCall!.receipt.requestSha256);
    expect(boardProvider.requests[0]!.user).toContain('Board (');
    expect(boardProvider.requests[0]!.user).toContain(`|${snapshot.grid[15]}|`);
    expect(compactProvider.requests[0]!.user).not.toContain('Board (');

    expect(board.slots['state-summary']).toBe('with-board');
    expect(board.planner.slotSources['state-summary']).toBe('default');
    expect(compact.planner.slotSources['state-summary']).toBe('request');
    expect(board.traceStep.slots['state-summary']).toBe('with-board');
    const selection = board.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.context)!;
    expect(selection.reads.map((r) => r.key)).toContain('slotVariants');
  });

  it('a slot variant can come from the config; the request wins over it', async () => {
    const fromConfig = await planNextAction(planningRequest(snapshot, { config: config((c) => (c.slots = { 'state-summary': 'json' })) }), {
      provider: localProvider(),
    });
    expect(fromConfig.slots['state-summary']).toBe('json');
    expect(fromConfig.planner.slotSources['state-summary']).toBe('config');
    const resolved = resolveSlotVariants({ 'state-summary': 'compact' }, { 'state-summary': 'json', candidates: 'geometric' });
    expect(resolved.variants).toEqual({ 'state-summary': 'compact', candidates: 'geometric', 'stall-report': 'default' });
    expect(resolved.sources).toEqual({ 'state-summary': 'request', candidates: 'config', 'stall-report': 'default' });
  });

  it('candidates variants: geometric simulates nothing; simulated-no-search has no planned_route', async () => {
    const geometric = await planNextAction(planningRequest(snapshot, { slots: { candidates: 'geometric' } }), {
      provider: localProvider(),
    });
    expect(geometric.traceStep.planner.plannedRoute).toBeNull();
    expect(geometric.candidates.some((c) => c.kind === 'planned_route')).toBe(false);
    expect(geometric.traceStep.state.guardRisk).toMatchObject({ ticksToContact: null });

    const noSearch = await planNextAction(planningRequest(snapshot, { slots: { candidates: 'simulated-no-search' } }), {
      provider: localProvider(),
    });
    expect(noSearch.candidates.some((c) => c.kind === 'planned_route')).toBe(false);
    const simulated = await planNextAction(planningRequest(snapshot), { provider: localProvider() });
    expect(simulated.candidates.some((c) => c.kind === 'planned_route')).toBe(true);
    expect(simulated.planner.plannedRoute).not.toBeNull();
  });

  it('candidates=simulated-unranked: the same candidates, the prompt lists them by id without scores', async () => {
    const history = oscillatingHistory(snapshot);
    const run = async (slots?: Record<string, string>) => {
      const provider = recordingProvider(localProvider());
      const result = await planNextAction(planningRequest(snapshot, { history, slots }), { provider });
      return { result, user: provider.requests[0]!.user, replyIds: provider.requests[0]!.reply?.candidateIds ?? [] };
    };
    const listed = (user: string) => [...user.matchAll(/^- id=(\S+)/gm)].map((m) => m[1]!);
    const ranked = await run();
    const unranked = await run({ candidates: 'simulated-unranked' });
    expect(unranked.result.slots.candidates).toBe('simulated-unranked');
    // the same list, in the same (rank) order, out of the same generator
    expect(unranked.result.candidates).toEqual(ranked.result.candidates);
    const rankOrder = ranked.result.candidates.map((c) => c.id);
    expect(listed(ranked.user)).toEqual(rankOrder);
    expect(ranked.user).toContain(' score=');
    // the prompt withholds the ranking: by id, no score fields, no score legend
    const byId = [...rankOrder].sort();
    expect(byId).not.toEqual(rankOrder);
    expect(listed(unranked.user)).toEqual(byId);
    expect(unranked.user).not.toContain('score');
    expect(unranked.user).toContain('\nListed by id, not ranked; ');
    expect(unranked.user).not.toContain('Best-ranked');
    expect(unranked.user).toContain('Stall report:');
    // the reply contract (a hosted model's JSON-schema enum) lists the open ids as the prompt does
    const open = new Set(ranked.replyIds);
    expect(ranked.replyIds).toEqual(rankOrder.filter((id) => open.has(id)));
    expect(unranked.replyIds).toEqual(byId.filter((id) => open.has(id)));
  });

  it('an unknown slot or variant is a typed 400 error, before anything runs', async () => {
    const provider = recordingProvider(localProvider());
    const bad = planNextAction(planningRequest(snapshot, { slots: { 'state-summary': 'poem' } }), { provider });
    await expect(bad).rejects.toBeInstanceOf(UnknownSlotVariantError);
    await expect(bad).rejects.toMatchObject({ httpStatus: 400, slot: 'state-summary', variant: 'poem', source: 'request' });
    await expect(planNextAction(planningRequest(snapshot, { slots: { tools: 'x' } }), { provider })).rejects.toMatchObject({
      httpStatus: 400,
      slot: 'tools',
      variant: null,
    });
    const fromConfig = planNextAction(planningRequest(snapshot, { config: config((c) => (c.slots = { candidates: 'psychic' })) }), {
      provider,
    });
    await expect(fromConfig).rejects.toMatchObject({ httpStatus: 400, source: 'config' });
    expect(provider.requests).toHaveLength(0);
  });

  it('is built once per variant combination and run with a fresh executor each step', async () => {
    const variants = resolveSlotVariants().variants;
    expect(planningChart(variants)).toBe(planningChart({ ...variants }));
    expect(planningChart({ ...variants, 'state-summary': 'json' })).not.toBe(planningChart(variants));
    // The chart it runs is the same chart without the build-time structure (which draws it).
    const runnable = runnablePlanningChart(variants) as unknown as { root: unknown; buildTimeStructure?: unknown };
    expect(runnable.root).toBe(planningChart(variants).root);
    expect(runnable.buildTimeStructure).toBeUndefined();
    expect(planningChart(variants).buildTimeStructure).toBeDefined();
    const [a, b] = await Promise.all([
      planNextAction(planningRequest(snapshot, { stepIndex: 1 }), { provider: localProvider() }),
      planNextAction(planningRequest(level1Snapshot(30), { stepIndex: 2 }), { provider: localProvider() }),
    ]);
    expect(a.traceStep.stepIndex).toBe(1);
    expect(b.traceStep.stepIndex).toBe(2);
    expect(a.traceStep.state.tick).not.toBe(b.traceStep.state.tick);
  });

  it('the trace step is the §8 step: schema-valid, no raw snapshot, no prompt text (hashes only)', async () => {
    const history = oscillatingHistory(snapshot, 12);
    const provider = recordingProvider(localProvider());
    const result = await planNextAction(planningRequest(snapshot, { history, slots: { 'state-summary': 'with-board' } }), { provider });
    const step = traceStepRecordSchema.parse(result.traceStep);
    const json = JSON.stringify(step);
    expect(json).not.toContain('engineState');
    expect(json).not.toContain(snapshot.grid[15]);
    expect(json).not.toContain(provider.requests[0]!.system);
    for (const section of provider.requests[0]!.user.split('\n\n')) expect(json).not.toContain(section);
    expect(step.historyTail).toHaveLength(8);
    expect(step.historyTail.map((e) => [e.candidateId, e.before.tick, e.after.tick])).toEqual(
      history.slice(-8).map((e) => [e.candidateId, e.before.tick, e.after.tick]),
    );
    expect(step.stallSupervisor).not.toHaveProperty('recoveryHint');
    // compact: this step (stalled, 12 history entries, board variant) took ~24 KB before the receipts,
    // the model calls and the history tail were made compact
    expect(json.length).toBeLessThan(17_000);
    expect(Object.keys(step.state)).toEqual([
      'gameState',
      'tick',
      'godMode',
      'runner',
      'gold',
      'primaryProgressTarget',
      'guardRisk',
      'movement',
      'ladder',
      'routeAccess',
      'activeDig',
      'rng',
      'bornColumns',
      'bornCursor',
    ]);
    // the engine's random state at the step (generator and respawn order, so the lens can re-run its
    // simulations exactly), nothing else of engineState
    expect(step.state.rng).toBe(snapshot.engineState!.rng);
    expect(step.state.bornColumns).toEqual(snapshot.engineState!.bornColumns);
    expect(step.state.bornCursor).toBe(snapshot.engineState!.bornCursor);
    expect(step.modelCall).toMatchObject({ status: 'ok' });
    expect(step.stallSupervisor).toMatchObject({ severity: 'stalled', retryAttempted: false, fallbackAfterRetry: false });
  });
});
