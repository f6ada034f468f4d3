// The stage-receipt recorder: a footprintjs CombinedRecorder that turns one planning run into one
// receipt per executed stage (reads, writes, emits, duration, status, the selector's selected and
// skipped slots, the decider's choice), plus every emitted event and every error of the run.
// Observes only: it never changes what a stage computes. Keys on conventions.ts ids.
import type {
  CombinedRecorder,
  DecisionEvidence,
  EmitEvent,
  ErrorEvent,
  FlowDecisionEvent,
  FlowErrorEvent,
  FlowRunFailedEvent,
  FlowSelectedEvent,
  FlowStageEvent,
  FlowSubflowEvent,
  ReadEvent,
  RuleEvidence,
  SelectionEvidence,
  StageEvent,
  WriteEvent,
} from 'footprintjs';
import { isFlowEvent } from 'footprintjs';
import { z } from 'zod';
import { EVENTS, SUBFLOW_OUTPUTS, slotOfSubflow } from '../charts/conventions.js';
import { captureValue, summarizeValue } from './summarize.js';

// ---------------------------------------------------------------- receipt shapes (zod: they go into the trace store)
export const keyTouchSchema = z.object({
  key: z.string(),
  /** A one-line hint of the value (the first read / the last write of the key in this stage). */
  summary: z.string(),
  /** How many times the stage touched the key. */
  count: z.number().int().min(1),
  /** The full value, only when the recorder captures values. */
  value: z.unknown().optional(),
});
export type KeyTouch = z.infer<typeof keyTouchSchema>;

export const emitTouchSchema = z.object({ name: z.string(), summary: z.string(), payload: z.unknown().optional() });
export type EmitTouch = z.infer<typeof emitTouchSchema>;

/** One selector or decider rule, as evidence: the branch it names, whether it matched, what it looked at. */
export const ruleOutcomeSchema = z.object({
  branch: z.string(),
  /** The slot behind the branch (selector branches), else null. */
  slot: z.string().nullable(),
  rule: z.string().nullable(),
  matched: z.boolean(),
  /** e.g. `stallSeverity "none" ne "none" ✗` or `facts={…}`. */
  evidence: z.array(z.string()),
});
export type RuleOutcome = z.infer<typeof ruleOutcomeSchema>;

export const selectionReceiptSchema = z.object({ selected: z.array(ruleOutcomeSchema), skipped: z.array(ruleOutcomeSchema) });
export type SelectionReceipt = z.infer<typeof selectionReceiptSchema>;

export const decisionReceiptSchema = z.object({
  chosen: z.string(),
  default: z.string(),
  defaultLabel: z.string().nullable(),
  rules: z.array(ruleOutcomeSchema),
});
export type DecisionReceipt = z.infer<typeof decisionReceiptSchema>;

export const stageReceiptSchema = z.object({
  /** `[subflow path/]stage id#execution index`, unique per execution. */
  runtimeStageId: z.string(),
  /** The full stage id (`sf-candidates/propose-candidates`); the lens keys on it. */
  stageId: z.string(),
  name: z.string(),
  /** The subflows this stage runs inside ([] at the root; a mount lives in its parent). */
  subflowPath: z.array(z.string()),
  /** linear | selector | decider | subflow-mount. */
  kind: z.string(),
  parentRuntimeStageId: z.string().nullable(),
  reads: z.array(keyTouchSchema),
  writes: z.array(keyTouchSchema.extend({ op: z.string() })),
  emits: z.array(emitTouchSchema),
  durationMs: z.number().nullable(),
  status: z.enum(['ok', 'error', 'running']),
  error: z.string().nullable(),
  selection: selectionReceiptSchema.optional(),
  decision: decisionReceiptSchema.optional(),
});
export type StageReceipt = z.infer<typeof stageReceiptSchema>;

export interface RecordedEvent {
  name: string;
  runtimeStageId: string;
  subflowPath: string[];
  payload: unknown;
}

export interface RecordedError {
  runtimeStageId: string | null;
  stageId: string | null;
  message: string;
}

export interface StageReceiptOptions {
  /** Keep full read/write/emit values in the receipts (for the lens); default false: summaries only. */
  captureValues?: boolean;
  /** Recorder id (footprintjs attaches one recorder per id; the default is unique per instance). */
  id?: string;
}

let instances = 0;

// ---------------------------------------------------------------- evidence helpers
function ruleOutcome(rule: RuleEvidence): RuleOutcome {
  const evidence =
    rule.type === 'filter'
      ? rule.conditions.map((c) => `${c.key} ${c.actualSummary} ${c.op} ${JSON.stringify(c.threshold)} ${c.result ? '✓' : '✗'}`)
      : rule.inputs.map((input) => `${input.key}=${input.valueSummary}`);
  return { branch: rule.branch, slot: slotOfSubflow(rule.branch), rule: rule.label ?? null, matched: rule.matched, evidence };
}

export function selectionReceipt(evidence: SelectionEvidence): SelectionReceipt {
  const outcomes = evidence.rules.map(ruleOutcome);
  const selected = outcomes.filter((o) => evidence.selected.includes(o.branch));
  const skipped = outcomes.filter((o) => !evidence.selected.includes(o.branch));
  return { selected, skipped };
}

function decisionReceipt(evidence: DecisionEvidence): DecisionReceipt {
  return {
    chosen: evidence.chosen,
    default: evidence.default,
    defaultLabel: evidence.defaultLabel ?? null,
    rules: evidence.rules.map(ruleOutcome),
  };
}

function stageIdOf(runtimeStageId: string): string {
  const hash = runtimeStageId.lastIndexOf('#');
  return hash < 0 ? runtimeStageId : runtimeStageId.slice(0, hash);
}

function subflowPathOf(stageId: string): string[] {
  return stageId.split('/').slice(0, -1);
}

// ---------------------------------------------------------------- the recorder
export class StageReceiptRecorder implements CombinedRecorder {
  readonly id: string;
  readonly #capture: boolean;
  readonly #receipts = new Map<string, StageReceipt>();
  readonly #started = new Map<string, number>();
  readonly #events: RecordedEvent[] = [];
  readonly #errors: RecordedError[] = [];

  constructor(options: StageReceiptOptions = {}) {
    this.#capture = options.captureValues ?? false;
    this.id = options.id ?? `stage-receipts-${++instances}`;
  }

  /** Receipts in the order their stages started. */
  receipts(): StageReceipt[] {
    return [...this.#receipts.values()];
  }

  /** Every emitted event of the run, in order (payloads are deep copies). */
  events(): RecordedEvent[] {
    return [...this.#events];
  }

  errors(): RecordedError[] {
    return [...this.#errors];
  }

  clear(): void {
    this.#receipts.clear();
    this.#started.clear();
    this.#events.length = 0;
    this.#errors.length = 0;
  }

  toSnapshot() {
    return { name: 'StageReceipts', description: 'one receipt per executed stage', data: this.receipts() };
  }

  #receipt(runtimeStageId: string, name = ''): StageReceipt {
    let receipt = this.#receipts.get(runtimeStageId);
    if (!receipt) {
      const stageId = stageIdOf(runtimeStageId);
      receipt = {
        runtimeStageId,
        stageId,
        name,
        subflowPath: subflowPathOf(stageId),
        kind: 'linear',
        parentRuntimeStageId: null,
        reads: [],
        writes: [],
        emits: [],
        durationMs: null,
        status: 'running',
        error: null,
      };
      this.#receipts.set(runtimeStageId, receipt);
    }
    if (name && !receipt.name) receipt.name = name;
    return receipt;
  }

  #start(runtimeStageId: string): void {
    if (!this.#started.has(runtimeStageId)) this.#started.set(runtimeStageId, performance.now());
  }

  #close(runtimeStageId: string, status: 'ok' | 'error', error: string | null = null): void {
    const receipt = this.#receipt(runtimeStageId);
    const started = this.#started.get(runtimeStageId);
    if (started !== undefined) {
      receipt.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      this.#started.delete(runtimeStageId);
    }
    if (receipt.status !== 'error') receipt.status = status;
    if (error !== null) receipt.error ??= error;
  }

  // ---- scope channel
  onStageStart = (e: StageEvent): void => {
    this.#receipt(e.runtimeStageId, e.stageName);
    this.#start(e.runtimeStageId);
  };

  onStageEnd = (e: StageEvent): void => {
    this.#close(e.runtimeStageId, 'ok');
  };

  onRead = (e: ReadEvent): void => {
    if (!e.key) return;
    const reads = this.#receipt(e.runtimeStageId, e.stageName).reads;
    const seen = reads.find((r) => r.key === e.key);
    if (seen) {
      seen.count += 1;
      return;
    }
    reads.push({ key: e.key, summary: summarizeValue(e.value), count: 1, ...(this.#capture ? { value: captureValue(e.value) } : {}) });
  };

  onWrite = (e: WriteEvent): void => {
    const writes = this.#receipt(e.runtimeStageId, e.stageName).writes;
    const entry = {
      key: e.key,
      op: e.operation,
      summary: summarizeValue(e.value),
      ...(this.#capture ? { value: captureValue(e.value) } : {}),
    };
    const seen = writes.find((w) => w.key === e.key);
    if (seen) Object.assign(seen, entry, { count: seen.count + 1 });
    else writes.push({ ...entry, count: 1 });
  };

  // ---- emit channel
  onEmit = (e: EmitEvent): void => {
    const receipt = this.#receipt(e.runtimeStageId, e.stageName);
    receipt.emits.push({
      name: e.name,
      summary: summarizeValue(e.payload),
      ...(this.#capture ? { payload: captureValue(e.payload) } : {}),
    });
    this.#events.push({
      name: e.name,
      runtimeStageId: e.runtimeStageId,
      subflowPath: [...e.subflowPath],
      payload: captureValue(e.payload),
    });
    if (e.name === EVENTS.selection) {
      const evidence = (e.payload as { evidence?: SelectionEvidence } | null)?.evidence;
      if (evidence) receipt.selection = selectionReceipt(evidence);
    }
  };

  // ---- flow channel
  onStageExecuted = (e: FlowStageEvent): void => {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId || e.stageType === 'fork') return; // a selector also fires a synthetic 'fork'
    const receipt = this.#receipt(runtimeStageId, e.stageName);
    if (receipt.kind !== 'subflow-mount') receipt.kind = e.stageType;
    receipt.parentRuntimeStageId ??= e.traversalContext?.parentRuntimeStageId ?? null;
  };

  onSelected = (e: FlowSelectedEvent): void => {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId || !e.evidence) return; // 0 selected: no evidence here, the app.selection emit has it
    const receipt = this.#receipt(runtimeStageId);
    receipt.kind = 'selector';
    receipt.selection ??= selectionReceipt(e.evidence);
  };

  onDecision = (e: FlowDecisionEvent): void => {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId);
    receipt.kind = 'decider';
    receipt.decision = e.evidence ? decisionReceipt(e.evidence) : { chosen: e.chosen, default: e.chosen, defaultLabel: null, rules: [] };
  };

  onSubflowEntry = (e: FlowSubflowEvent): void => {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId, e.name);
    receipt.kind = 'subflow-mount';
    receipt.parentRuntimeStageId = e.traversalContext?.parentRuntimeStageId ?? null;
    const input = e.mappedInput ?? {};
    for (const [key, value] of Object.entries(input)) {
      receipt.reads.push({ key, summary: summarizeValue(value), count: 1, ...(this.#capture ? { value: captureValue(value) } : {}) });
    }
    this.#start(runtimeStageId);
  };

  onSubflowExit = (e: FlowSubflowEvent): void => {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId, e.name);
    // Name the writes by the parent keys the mount's outputMapper fills (conventions SUBFLOW_OUTPUTS).
    const outputs = SUBFLOW_OUTPUTS[receipt.stageId.split('/').at(-1) ?? ''] ?? {};
    for (const [key, value] of Object.entries(e.outputState ?? {})) {
      const parentKey = outputs[key];
      if (parentKey === undefined) continue; // an input or a subflow-internal key
      receipt.writes.push({
        key: parentKey,
        op: 'exit',
        summary: summarizeValue(value),
        count: 1,
        ...(this.#capture ? { value: captureValue(value) } : {}),
      });
    }
    this.#close(runtimeStageId, 'ok');
  };

  /** Shared by both channels: scope errors (read/write/commit) and flow errors (a stage threw). */
  onError = (e: ErrorEvent | FlowErrorEvent): void => {
    if (!isFlowEvent(e)) {
      this.#errors.push({ runtimeStageId: e.runtimeStageId, stageId: e.stageId, message: `${e.operation}: ${e.error.message}` });
      return;
    }
    const runtimeStageId = e.traversalContext?.runtimeStageId ?? null;
    this.#errors.push({ runtimeStageId, stageId: runtimeStageId ? stageIdOf(runtimeStageId) : null, message: e.message });
    if (runtimeStageId) this.#close(runtimeStageId, 'error', e.message);
  };

  /** A run-level failure (also a commit-time DataCloneError, which fires no onError): close what is open. */
  onRunFailed = (e: FlowRunFailedEvent): void => {
    const message = e.structuredError.message;
    this.#errors.push({ runtimeStageId: e.traversalContext?.runtimeStageId ?? null, stageId: null, message });
    for (const receipt of this.#receipts.values()) if (receipt.status === 'running') this.#close(receipt.runtimeStageId, 'error', message);
  };
}
