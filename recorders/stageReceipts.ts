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
// Compact on purpose (a run keeps ~300 steps x ~16 receipts): defaults are left out — `count` when
// the key was touched once, `error` when there was none.
export const keyTouchSchema = z.object({
  key: z.string(),
  /**
   * A one-line hint of the value (the first read / the last write of the key in this stage). In a
   * trace step a read leaves it out when it equals the summary last shown for the key in an
   * earlier receipt of the step (compactReceipts): the value is the one that writer or reader showed.
   */
  summary: z.string().optional(),
  /** How many times the stage touched the key, when more than once. */
  count: z.number().int().min(2).optional(),
  /** The full value, only when the recorder captures values. */
  value: z.unknown().optional(),
});
export type KeyTouch = z.infer<typeof keyTouchSchema>;

export const writeTouchSchema = keyTouchSchema.extend({
  /** set | update | delete (a stage), exit (a mount's outputMapper). */
  op: z.string(),
});
export type WriteTouch = z.infer<typeof writeTouchSchema>;

/** An emitted event by name (its evidence is in the trace step: selection, planner, modelCall, validation, action). */
export const emitTouchSchema = z.object({ name: z.string(), payload: z.unknown().optional() });
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
  /** The full stage id (`sf-candidates/propose-candidates`); the lens keys on it (display names: the chart structure). */
  stageId: z.string(),
  /** The subflows this stage runs inside ([] at the root; a mount lives in its parent). */
  subflowPath: z.array(z.string()),
  /** linear | selector | decider | subflow-mount. */
  kind: z.string(),
  parentRuntimeStageId: z.string().nullable(),
  reads: z.array(keyTouchSchema),
  writes: z.array(writeTouchSchema),
  emits: z.array(emitTouchSchema),
  durationMs: z.number().nullable(),
  status: z.enum(['ok', 'error', 'running']),
  /** What failed, when the stage did. */
  error: z.string().optional(),
  selection: selectionReceiptSchema.optional(),
  decision: decisionReceiptSchema.optional(),
});
export type StageReceipt = z.infer<typeof stageReceiptSchema>;

export interface RecordedEvent {
  name: string;
  runtimeStageId: string;
  subflowPath: string[];
  /** The emitted payload itself (stages build a fresh payload per emit and never touch it again); a deep copy when values are captured. */
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
  /**
   * With captureValues: what to keep for a value before it is deep-copied (planNextAction resolves
   * artifact refs to the values behind them). Default: the value itself.
   */
  expandValue?: (value: unknown) => unknown;
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
  return stageId.includes('/') ? stageId.split('/').slice(0, -1) : [];
}

// ---------------------------------------------------------------- the recorder
export class StageReceiptRecorder implements CombinedRecorder {
  readonly id: string;
  readonly #capture: boolean;
  readonly #expand: (value: unknown) => unknown;
  readonly #receipts = new Map<string, StageReceipt>();
  readonly #started = new Map<string, number>();
  readonly #events: RecordedEvent[] = [];
  readonly #errors: RecordedError[] = [];
  /** The receipt the last event went to: a stage's events arrive together, so most lookups hit it. */
  #last: StageReceipt | null = null;

  constructor(options: StageReceiptOptions = {}) {
    this.#capture = options.captureValues ?? false;
    this.#expand = options.expandValue ?? ((value) => value);
    this.id = options.id ?? `stage-receipts-${++instances}`;
  }

  /** Receipts in the order their stages started. */
  receipts(): StageReceipt[] {
    return [...this.#receipts.values()];
  }

  /** Every emitted event of the run, in order. */
  events(): RecordedEvent[] {
    return [...this.#events];
  }

  errors(): RecordedError[] {
    return [...this.#errors];
  }

  clear(): void {
    this.#last = null;
    this.#receipts.clear();
    this.#started.clear();
    this.#events.length = 0;
    this.#errors.length = 0;
  }

  toSnapshot() {
    return { name: 'StageReceipts', description: 'one receipt per executed stage', data: this.receipts() };
  }

  #receipt(runtimeStageId: string): StageReceipt {
    if (this.#last?.runtimeStageId === runtimeStageId) return this.#last;
    let receipt = this.#receipts.get(runtimeStageId);
    if (!receipt) {
      const stageId = stageIdOf(runtimeStageId);
      receipt = {
        runtimeStageId,
        stageId,
        subflowPath: subflowPathOf(stageId),
        kind: 'linear',
        parentRuntimeStageId: null,
        reads: [],
        writes: [],
        emits: [],
        durationMs: null,
        status: 'running',
      };
      this.#receipts.set(runtimeStageId, receipt);
    }
    this.#last = receipt;
    return receipt;
  }

  /** A read or write of `key`: its summary, and the full value only when capturing. */
  #touch(key: string, value: unknown): KeyTouch & { summary: string } {
    return this.#capture
      ? { key, summary: summarizeValue(value), value: captureValue(this.#expand(value)) }
      : { key, summary: summarizeValue(value) };
  }

  #start(runtimeStageId: string): void {
    if (!this.#started.has(runtimeStageId)) this.#started.set(runtimeStageId, performance.now());
  }

  #close(runtimeStageId: string, status: 'ok' | 'error', error?: string): void {
    const receipt = this.#receipt(runtimeStageId);
    const started = this.#started.get(runtimeStageId);
    if (started !== undefined) {
      receipt.durationMs = Math.round((performance.now() - started) * 1000) / 1000;
      this.#started.delete(runtimeStageId);
    }
    if (receipt.status !== 'error') receipt.status = status;
    if (error !== undefined) receipt.error ??= error;
  }

  // ---- scope channel
  static readonly #onStageStart = function (this: StageReceiptRecorder, e: StageEvent): void {
    this.#receipt(e.runtimeStageId);
    this.#start(e.runtimeStageId);
  };

  static readonly #onStageEnd = function (this: StageReceiptRecorder, e: StageEvent): void {
    this.#close(e.runtimeStageId, 'ok');
  };

  static readonly #onRead = function (this: StageReceiptRecorder, e: ReadEvent): void {
    if (!e.key) return;
    const reads = this.#receipt(e.runtimeStageId).reads;
    for (const seen of reads) {
      if (seen.key !== e.key) continue;
      seen.count = (seen.count ?? 1) + 1;
      return;
    }
    reads.push(this.#touch(e.key, e.value));
  };

  static readonly #onWrite = function (this: StageReceiptRecorder, e: WriteEvent): void {
    const writes = this.#receipt(e.runtimeStageId).writes;
    const entry: WriteTouch = { ...this.#touch(e.key, e.value), op: e.operation };
    for (let i = 0; i < writes.length; i++) {
      if (writes[i]!.key !== e.key) continue;
      writes[i] = { ...entry, count: (writes[i]!.count ?? 1) + 1 };
      return;
    }
    writes.push(entry);
  };

  // ---- emit channel
  static readonly #onEmit = function (this: StageReceiptRecorder, e: EmitEvent): void {
    const receipt = this.#receipt(e.runtimeStageId);
    const payload = this.#capture ? captureValue(e.payload) : e.payload;
    receipt.emits.push(this.#capture ? { name: e.name, payload } : { name: e.name });
    this.#events.push({ name: e.name, runtimeStageId: e.runtimeStageId, subflowPath: [...e.subflowPath], payload });
    if (e.name === EVENTS.selection) {
      const evidence = (e.payload as { evidence?: SelectionEvidence } | null)?.evidence;
      if (evidence) receipt.selection = selectionReceipt(evidence);
    }
  };

  // ---- flow channel
  static readonly #onStageExecuted = function (this: StageReceiptRecorder, e: FlowStageEvent): void {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId || e.stageType === 'fork') return; // a selector also fires a synthetic 'fork'
    const receipt = this.#receipt(runtimeStageId);
    if (receipt.kind !== 'subflow-mount') receipt.kind = e.stageType;
    receipt.parentRuntimeStageId ??= e.traversalContext?.parentRuntimeStageId ?? null;
  };

  static readonly #onSelected = function (this: StageReceiptRecorder, e: FlowSelectedEvent): void {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId || !e.evidence) return; // 0 selected: no evidence here, the app.selection emit has it
    const receipt = this.#receipt(runtimeStageId);
    receipt.kind = 'selector';
    receipt.selection ??= selectionReceipt(e.evidence);
  };

  static readonly #onDecision = function (this: StageReceiptRecorder, e: FlowDecisionEvent): void {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId);
    receipt.kind = 'decider';
    receipt.decision = e.evidence ? decisionReceipt(e.evidence) : { chosen: e.chosen, default: e.chosen, defaultLabel: null, rules: [] };
  };

  static readonly #onSubflowEntry = function (this: StageReceiptRecorder, e: FlowSubflowEvent): void {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId);
    receipt.kind = 'subflow-mount';
    receipt.parentRuntimeStageId = e.traversalContext?.parentRuntimeStageId ?? null;
    const input = e.mappedInput ?? {};
    for (const [key, value] of Object.entries(input)) receipt.reads.push(this.#touch(key, value));
    this.#start(runtimeStageId);
  };

  static readonly #onSubflowExit = function (this: StageReceiptRecorder, e: FlowSubflowEvent): void {
    const runtimeStageId = e.traversalContext?.runtimeStageId;
    if (!runtimeStageId) return;
    const receipt = this.#receipt(runtimeStageId);
    // Name the writes by the parent keys the mount's outputMapper fills (conventions SUBFLOW_OUTPUTS).
    const outputs = SUBFLOW_OUTPUTS[receipt.stageId.split('/').at(-1) ?? ''] ?? {};
    for (const [key, value] of Object.entries(e.outputState ?? {})) {
      const parentKey = outputs[key];
      if (parentKey === undefined) continue; // an input or a subflow-internal key
      receipt.writes.push({ ...this.#touch(parentKey, value), op: 'exit' });
    }
    this.#close(runtimeStageId, 'ok');
  };

  /** Shared by both channels: scope errors (read/write/commit) and flow errors (a stage threw). */
  static readonly #onError = function (this: StageReceiptRecorder, e: ErrorEvent | FlowErrorEvent): void {
    if (!isFlowEvent(e)) {
      this.#errors.push({ runtimeStageId: e.runtimeStageId, stageId: e.stageId, message: `${e.operation}: ${e.error.message}` });
      return;
    }
    const runtimeStageId = e.traversalContext?.runtimeStageId ?? null;
    this.#errors.push({ runtimeStageId, stageId: runtimeStageId ? stageIdOf(runtimeStageId) : null, message: e.message });
    if (runtimeStageId) this.#close(runtimeStageId, 'error', e.message);
  };

  /** A run-level failure (also a commit-time DataCloneError, which fires no onError): close what is open. */
  static readonly #onRunFailed = function (this: StageReceiptRecorder, e: FlowRunFailedEvent): void {
    const message = e.structuredError.message;
    this.#errors.push({ runtimeStageId: e.traversalContext?.runtimeStageId ?? null, stageId: null, message });
    for (const receipt of this.#receipts.values()) if (receipt.status === 'running') this.#close(receipt.runtimeStageId, 'error', message);
  };

  // ---- hooks: own properties (footprintjs routes a recorder by its own methods), each one function
  // shared by every instance, called by footprintjs with `this` = the recorder (no closure per run)
  onStageStart = StageReceiptRecorder.#onStageStart;
  onStageEnd = StageReceiptRecorder.#onStageEnd;
  onRead = StageReceiptRecorder.#onRead;
  onWrite = StageReceiptRecorder.#onWrite;
  onEmit = StageReceiptRecorder.#onEmit;
  onStageExecuted = StageReceiptRecorder.#onStageExecuted;
  onSelected = StageReceiptRecorder.#onSelected;
  onDecision = StageReceiptRecorder.#onDecision;
  onSubflowEntry = StageReceiptRecorder.#onSubflowEntry;
  onSubflowExit = StageReceiptRecorder.#onSubflowExit;
  onError = StageReceiptRecorder.#onError;
  onRunFailed = StageReceiptRecorder.#onRunFailed;
}

/**
 * The receipts as a trace step keeps them: a read whose summary equals the one last shown for the
 * same key in an earlier receipt of the list (by a write or a read) leaves it out — walking back to
 * that touch gives it. Writes keep theirs. The receipts themselves are not changed.
 */
export function compactReceipts(receipts: readonly StageReceipt[]): StageReceipt[] {
  const shown = new Map<string, string>();
  return receipts.map((receipt) => {
    // Copied only when a summary is left out; an untouched receipt is returned as it is.
    let reads: KeyTouch[] | null = null;
    receipt.reads.forEach((read, index) => {
      if (read.summary === undefined) return;
      if (read.value === undefined && shown.get(read.key) === read.summary) {
        const { summary: _same, ...rest } = read;
        (reads ??= [...receipt.reads])[index] = rest;
        return;
      }
      shown.set(read.key, read.summary);
    });
    for (const write of receipt.writes) if (write.summary !== undefined) shown.set(write.key, write.summary);
    return reads ? { ...receipt, reads } : receipt;
  });
}
