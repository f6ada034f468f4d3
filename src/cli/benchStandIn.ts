// For `npm run bench:plan`: a stand-in of the planning chart with empty stage bodies (same stage ids,
// the slot mounts with their real mappers, the decider, Fallback, Action), run exactly as planNextAction
// runs the real chart (executor options, quiet narrative, the receipt recorder); each stage writes the
// keys the real one writes, with small placeholder values. Its time is the chart's floor: footprintjs and
// the receipts with no work in the stages. Reads and writes nothing outside its own run.
import { FlowChartExecutor, decide, flowChart, select, type FlowChart, type TypedScope } from 'footprintjs';
import { runnableChart } from '../../charts/buildPlanningChart.js';
import { SLOT_STAGE_IDS, STAGE_IDS, SUBFLOW_IDS, VALIDATE_BRANCHES } from '../../charts/conventions.js';
import { QUIET_NARRATIVE, executorOptions } from '../../charts/runOptions.js';
import { SLOT_REGISTRY } from '../../charts/slots/registry.js';
import { StageReceiptRecorder } from '../../recorders/stageReceipts.js';
import type { PlanningOptions } from '../../charts/planningState.js';

type Scope = TypedScope<Record<string, unknown>>;
type Stage = (scope: Scope) => void | Promise<void>;

const ref = (id: string, summary: string) => ({ ref: id, summary });

function chain(stages: [string, Stage][]): FlowChart {
  const [[firstId, first], ...rest] = stages as [[string, Stage], ...[string, Stage][]];
  let builder = flowChart<Record<string, unknown>>(firstId, first, firstId);
  for (const [id, fn] of rest) builder = builder.addFunction(id, fn, id);
  return builder.build();
}

const seed: Stage = (s) => {
  s.request = {
    traceId: 'bench',
    stepIndex: 1,
    playData: 1,
    level: 4,
    tick: 353,
    gameState: 'running',
    hasEngineState: true,
    historyLength: 0,
  };
  s.history = ref('history', '0 entries');
  const options: PlanningOptions = {
    candidateLimit: 7,
    maxActionTicks: 20,
    showCandidateScores: true,
    temperature: 0.5,
    recovery: true,
    deadlineMs: 30000,
    simulate: true,
    planSearch: true,
    showSimulatedOutcomes: true,
    showRanking: true,
    constrainedReplies: 'auto',
    promptBudgetChars: null,
  };
  s.options = options;
  s.slotVariants = { 'state-summary': 'compact', candidates: 'simulated', 'stall-report': 'default' };
  s.board = ref('board', '16 rows x 28');
  s.attempt = 0;
  s.retryInstruction = null;
  s.attempts = [];
  s.statuses = [];
};
const analyze: Stage = (s) => {
  void s.$getValue('options');
  void s.$getValue('history');
  s.facts = ref('facts', 'tick 353 running, runner 15,5, 7 gold left, risk low');
  s.stall = ref('stall', 'none');
  s.stallSeverity = 'none';
};
const context = (s: Scope) => {
  const result = select(s, [
    { when: () => true, then: SUBFLOW_IDS['state-summary'], label: 'always' },
    { when: () => true, then: SUBFLOW_IDS.candidates, label: 'always' },
    { when: { stallSeverity: { ne: 'none' } }, then: SUBFLOW_IDS['stall-report'], label: 'a stall' },
  ]);
  s.$emit('app.selection', { evidence: result.evidence, variants: { ...(s.$getValue('slotVariants') as object) } });
  return result;
};
/** A slot stage: reads its inputs, writes one key, emits one event. */
const slotStage =
  (reads: string[], key: string, value: unknown, event?: string): Stage =>
  (s) => {
    for (const read of reads) void s.$getValue(read);
    s[key] = value;
    if (event) s.$emit(event, {});
  };
const slots: Record<string, FlowChart> = {
  [SUBFLOW_IDS['state-summary']]: chain([
    [
      SLOT_STAGE_IDS.renderStateSummary,
      slotStage(['facts', 'board'], 'pieces', ref('pieces/state-summary', 'State summary (700 chars)'), 'app.slot.rendered'),
    ],
  ]),
  [SUBFLOW_IDS.candidates]: chain([
    [
      SLOT_STAGE_IDS.proposeCandidates,
      slotStage(['facts', 'options', 'stall'], 'candidates', ref('candidates', '7 shown, first c1'), 'app.candidates.built'),
    ],
    [
      SLOT_STAGE_IDS.renderCandidates,
      slotStage(['candidates', 'options'], 'pieces', ref('pieces/candidates', 'Candidates (280 chars)'), 'app.slot.rendered'),
    ],
  ]),
  [SUBFLOW_IDS['stall-report']]: chain([
    [SLOT_STAGE_IDS.renderStallReport, slotStage(['stall'], 'pieces', ref('pieces/stall-report', 'no piece'))],
  ]),
};
const messageApi: Stage = (s) => {
  for (const key of ['stateSummaryPieces', 'stallReportPieces', 'candidatePieces', 'history', 'retryInstruction', 'attempt'])
    void s.$getValue(key);
  s.prompt = ref('prompt#0', 'attempt 0: 5 pieces, 2298 chars');
};
const callLlm: Stage = async (s) => {
  for (const key of ['prompt', 'options', 'request', 'attempt', 'candidates']) void s.$getValue(key);
  s.$emit('app.model.receipt', { attempt: 0 });
  await Promise.resolve();
  s.$emit('app.model.result', { attempt: 0, status: 'ok' });
  s.reply = ref('reply#0', 'attempt 0: ok, 113 chars');
};
const validate = (s: Scope) => {
  for (const key of ['attempt', 'reply', 'candidates', 'facts', 'options']) void s.$getValue(key);
  s.validation = {
    status: 'ok',
    requestedCandidateId: 'c1',
    acceptedCandidateId: 'c1',
    knownCandidate: true,
    actionValid: true,
    actionGuardSafe: true,
    stallBlocked: false,
    repeatOf: null,
    message: 'Accepted "c1".',
    retryInstruction: null,
    modelReason: 'best safe candidate',
  };
  s.attempts = [
    ...(s.$getValue('attempts') as unknown[]),
    { attempt: 0, status: 'ok', requestedCandidateId: 'c1', message: 'Accepted "c1".' },
  ];
  s.statuses = [...(s.$getValue('statuses') as unknown[]), 'ok'];
  s.recoveryStep = 'accept';
  s.$emit('app.validation', { attempt: 0 });
  return decide(
    s,
    [{ when: { recoveryStep: { eq: 'retry' } }, then: VALIDATE_BRANCHES.retry, label: 'retry' }],
    VALIDATE_BRANCHES.fallback,
  );
};
const fallback: Stage = (s) => {
  for (const key of ['validation', 'candidates', 'recoveryStep']) void s.$getValue(key);
  s.selection = { candidateId: 'c1', candidateKind: 'continue_fall', fallbackUsed: false, fallbackReason: null, noValidCandidate: false };
  s.$emit('app.fallback', { fallbackUsed: false });
};
const action: Stage = (s) => {
  for (const key of ['selection', 'candidates', 'validation', 'options']) void s.$getValue(key);
  s.action = { keyCode: 32, ticks: 5, reason: 'best safe candidate' };
  s.$emit('app.action', {});
  s.$break();
};

function buildStandIn(): FlowChart {
  const selector = flowChart<Record<string, unknown>>('Seed', seed, STAGE_IDS.seed)
    .addFunction('Analyze', analyze, STAGE_IDS.analyze)
    .addSelectorFunction('Context', context, STAGE_IDS.context, undefined, { failFast: true });
  for (const definition of Object.values(SLOT_REGISTRY)) {
    selector.addSubFlowChartBranch(definition.subflowId, slots[definition.subflowId]!, definition.displayName, definition.mount);
  }
  const chart = selector
    .end()
    .addFunction('MessageAPI', messageApi, STAGE_IDS.messageApi)
    .addFunction('CallLLM', callLlm, STAGE_IDS.callLlm)
    .addDeciderFunction('Validate', validate, STAGE_IDS.validate)
    .addFunctionBranch(VALIDATE_BRANCHES.retry, 'Retry', (s: Scope) => void (s.attempt = 1), undefined, { loopTo: STAGE_IDS.messageApi })
    .addFunctionBranch(VALIDATE_BRANCHES.fallback, 'Fallback', fallback)
    .end()
    .addFunction('Action', action, STAGE_IDS.action)
    .build();
  return runnableChart(chart);
}

const standIn = buildStandIn();

/** One run of the stand-in, set up as planNextAction sets up a planning run. */
export async function runStandIn(): Promise<void> {
  const executor = new FlowChartExecutor(standIn, executorOptions(false));
  executor.enableNarrative(QUIET_NARRATIVE);
  executor.attachCombinedRecorder(new StageReceiptRecorder());
  await executor.run({ input: { run: { traceId: 'bench' } }, env: { traceId: 'bench' } });
  executor.getSnapshot();
}
