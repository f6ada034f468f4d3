// The one file of ids every part of the planning chart agrees on: stage ids, slot ids and their
// subflow ids, decider branch ids, scope keys and emit event names. Recorders, the trace-step
// assembler and (later) the lens key on these constants only, never on display names.
// No logic beyond small lookups; change an id here and every consumer follows.

/** Stage ids, in chart order (the slot stages are in SLOT_STAGE_IDS). */
export const STAGE_IDS = {
  seed: 'seed',
  analyze: 'analyze',
  context: 'context',
  messageApi: 'message-api',
  callLlm: 'call-llm',
  validate: 'validate',
  /** Decider branch: prepares the one retry, then loops back to message-api. */
  retry: 'retry',
  /** Decider branch: keeps the model's pick or falls back (the last pass only). */
  fallback: 'fallback',
  /** After the decider: the final action; it ends the run (see charts/README.md). */
  action: 'action',
} as const;
export type StageId = (typeof STAGE_IDS)[keyof typeof STAGE_IDS];

/** Validate's decider branches. */
export const VALIDATE_BRANCHES = { retry: STAGE_IDS.retry, fallback: STAGE_IDS.fallback } as const;

/** Prompt slots: each is a standalone chart mounted under its subflow id; variants live in slots/registry.ts. */
export const SLOT_IDS = ['state-summary', 'candidates', 'stall-report'] as const;
export type SlotId = (typeof SLOT_IDS)[number];

export const SUBFLOW_IDS: Readonly<Record<SlotId, string>> = {
  'state-summary': 'sf-state-summary',
  candidates: 'sf-candidates',
  'stall-report': 'sf-stall-report',
};

/** Stage ids inside the slot charts (the runtime id is `<subflow id>/<stage id>#n`). */
export const SLOT_STAGE_IDS = {
  renderStateSummary: 'render-state-summary',
  proposeCandidates: 'propose-candidates',
  renderCandidates: 'render-candidates',
  renderStallReport: 'render-stall-report',
} as const;

export function isSlotId(value: string): value is SlotId {
  return (SLOT_IDS as readonly string[]).includes(value);
}

/** The slot whose subflow id this is, or null. */
export function slotOfSubflow(subflowId: string): SlotId | null {
  return SLOT_IDS.find((slot) => SUBFLOW_IDS[slot] === subflowId) ?? null;
}

/** Prompt pieces the messageAPI stage adds itself (their slot tags come from src/agent/prompt, not from a mounted chart). */
export const MESSAGE_API_PIECE_SLOTS = ['task', 'rules', 'history', 'retry'] as const;

/**
 * Ids of the run's artifacts: the heavy plain values kept in the run context (runContext.ts) rather
 * than in scope, where the keys hold an ArtifactRef ({ ref: id, summary }). Per-attempt artifacts
 * carry the attempt, so the retry's prompt and answer stand beside the first ones.
 */
export const ARTIFACT_IDS = {
  history: 'history',
  board: 'board',
  facts: 'facts',
  stall: 'stall',
  candidates: 'candidates',
  pieces: (slot: SlotId) => `pieces/${slot}`,
  prompt: (attempt: number) => `prompt#${attempt}`,
  reply: (attempt: number) => `reply#${attempt}`,
} as const;

/** Scope keys of the planning chart's shared state (all values small plain JSON; heavy ones are ArtifactRefs). */
export const SCOPE_KEYS = {
  // seed
  request: 'request',
  history: 'history',
  options: 'options',
  slotVariants: 'slotVariants',
  board: 'board',
  // analyze
  facts: 'facts',
  stall: 'stall',
  stallSeverity: 'stallSeverity',
  // slots (each slot writes its pieces under its own key, so parallel branches never share a key)
  stateSummaryPieces: 'stateSummaryPieces',
  candidatePieces: 'candidatePieces',
  candidates: 'candidates',
  stallReportPieces: 'stallReportPieces',
  // message-api, call-llm, validate, retry
  attempt: 'attempt',
  retryInstruction: 'retryInstruction',
  prompt: 'prompt',
  promptBudget: 'promptBudget',
  reply: 'reply',
  attempts: 'attempts',
  statuses: 'statuses',
  validation: 'validation',
  recoveryStep: 'recoveryStep',
  // fallback, action
  selection: 'selection',
  action: 'action',
} as const;

/** Which scope key holds each slot's prompt pieces. */
export const SLOT_PIECES_KEY: Readonly<Record<SlotId, string>> = {
  'state-summary': SCOPE_KEYS.stateSummaryPieces,
  candidates: SCOPE_KEYS.candidatePieces,
  'stall-report': SCOPE_KEYS.stallReportPieces,
};

/**
 * What each mounted subflow hands back: subflow state key -> planning scope key. The mounts'
 * outputMappers apply exactly this table (charts/mountOutputs.ts), and the receipt recorder uses it
 * to name a mount's writes by the parent keys later stages read.
 */
export const SUBFLOW_OUTPUTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [SUBFLOW_IDS['state-summary']]: { pieces: SCOPE_KEYS.stateSummaryPieces },
  [SUBFLOW_IDS.candidates]: {
    candidates: SCOPE_KEYS.candidates,
    pieces: SCOPE_KEYS.candidatePieces,
  },
  [SUBFLOW_IDS['stall-report']]: { pieces: SCOPE_KEYS.stallReportPieces },
};

/** Emit channel event names (telemetry: recorders read these; no stage does). */
export const EVENTS = {
  /** Context: which slots run and which are skipped, with the rule that decided (always emitted). */
  selection: 'app.selection',
  /** A slot chart rendered its pieces (slot, variant, piece sections). */
  slotRendered: 'app.slot.rendered',
  /** The candidates slot built its list: every proposal's disposition and the plan search's plan (trace evidence only). */
  candidatesBuilt: 'app.candidates.built',
  /** messageAPI, when a prompt budget applied and the prompt was over it: what was dropped, whether it fits. */
  promptBudget: 'app.prompt.budget',
  /** CallLLM, before the provider is called: what the model is handed (hashes, not text). */
  modelReceipt: 'app.model.receipt',
  /** CallLLM, after the call: status, duration, usage. */
  modelResult: 'app.model.result',
  /** Validate: one attempt's status and the recovery step it leads to. */
  validation: 'app.validation',
  /** Retry: the instruction handed back to the model. */
  retry: 'app.retry',
  /** Fallback: whether the model's pick was used or replaced, and why. */
  fallback: 'app.fallback',
  /** Action: the final action. */
  action: 'app.action',
} as const;
export type EventName = (typeof EVENTS)[keyof typeof EVENTS];

/** The env key under which a run's non-serializable context travels (see charts/runContext.ts). */
export const RUN_CONTEXT_ENV_KEY = 'planning';
