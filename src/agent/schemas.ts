// The planner's data contracts (agent-planner §1–§8) as zod schemas; every planner module,
// the chart, the stores and the HTTP edge use these types, inferred from the schemas.
// No logic here beyond shape.
import { z } from 'zod';
import { snapshotSchema } from '../game/schemas.js';

export { snapshotSchema };
export type { Snapshot } from '../game/schemas.js';

const int = z.number().int();
export const cellSchema = z.object({ x: int, y: int });
export type Cell = z.infer<typeof cellSchema>;

/** Key codes the planner may emit (agent-planner §4). */
export const KEY_CODES = { STOP: 32, LEFT: 37, UP: 38, RIGHT: 39, DOWN: 40, DIG_LEFT: 90, DIG_RIGHT: 88 } as const;
export const plannerKeyCodeSchema = z.union([
  z.literal(32),
  z.literal(37),
  z.literal(38),
  z.literal(39),
  z.literal(40),
  z.literal(88),
  z.literal(90),
]);

// ---------------------------------------------------------------- commitment (a plan carried across steps)
/** One macro of a committed plan: [key code, ticks, end x, end y, 1 when held for exactly its ticks]. */
export const committedMacroSchema = z.tuple([
  plannerKeyCodeSchema,
  int.min(1).max(400),
  int.min(0).max(27),
  int.min(0).max(15),
  z.literal(1).optional(),
]);
export type CommittedMacro = z.infer<typeof committedMacroSchema>;

/**
 * What a planned_route candidate commits to beyond its first action: the rest of its plan and a
 * fingerprint of the exact engine state the plan predicts once the action has played. The chosen
 * candidate's commitment rides in the history entry of its step, so the next step can follow the
 * plan without searching again while the world is exactly where the plan said it would be (the
 * engine is deterministic), and the lens re-derives it from the stored candidate.
 */
export const commitmentSchema = z.object({
  mode: z.enum(['goal', 'partial', 'escape']),
  /** Fingerprint (src/agent/search/commitment.ts) of the predicted state after the action. */
  expect: z.string().max(32),
  rest: z.array(committedMacroSchema).max(128),
  /** Gold the rest still collects, whether it reaches its goal or finishes the level. */
  goldGained: int.min(0),
  reachesGoal: z.boolean(),
  finished: z.boolean(),
  /** The tick of the step that searched the plan (followed steps keep it). */
  searchedAtTick: int,
  why: z.string().max(300),
  /**
   * A deep search spread over the decisions of this commitment (src/agent/search/ahead.ts),
   * rooted at the exact state the rest of the plan ends in: its fingerprint, the slices of the
   * normal budget searched so far and how many it may take.
   */
  ahead: z
    .object({ expect: z.string().max(32), slices: int.min(0).max(100), of: int.min(1).max(100), wide: z.literal(true).optional() })
    .optional(),
  /**
   * The next goal's search, run ahead while this goal plan is followed (src/agent/search/nextSearch.ts),
   * rooted at the exact state the rest of the plan ends in: its fingerprint and the slices searched.
   */
  next: z.object({ expect: z.string().max(32), slices: int.min(0).max(100) }).optional(),
  /**
   * The fallback goal's onward search, run on while this plan to it is followed
   * (src/agent/search/fallbackCheck.ts), rooted at the goal state: its fingerprint, slices run, of how many.
   */
  check: z
    .object({ expect: z.string().max(32), slices: int.min(1).max(100), of: int.min(1).max(100), wide: z.literal(true).optional() })
    .optional(),
});
export type Commitment = z.infer<typeof commitmentSchema>;

// ---------------------------------------------------------------- history (§1)
const historyPointSchema = z.object({
  tick: int,
  state: z.string(),
  goldCount: int,
  goldComplete: z.boolean(),
  runner: z.object({ x: int, y: int, xOffset: int, yOffset: int, action: z.union([int, z.string()]) }),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const historyEntrySchema = z.object({
  candidateId: z.string(),
  keyCode: int,
  ticks: int,
  reason: z.string().default(''),
  before: historyPointSchema,
  after: historyPointSchema,
  /** The chosen candidate's commitment, when it was a planned route (see commitmentSchema). */
  commitment: commitmentSchema.optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historySchema = z.array(historyEntrySchema);

// ---------------------------------------------------------------- candidates (§4)
export const LANES = ['progress', 'safety', 'environment', 'fallback'] as const;
export const laneSchema = z.enum(LANES);
export type Lane = z.infer<typeof laneSchema>;

export const CANDIDATE_KINDS = [
  'planned_route',
  'collect_gold',
  'exit_route',
  'climb_ladder',
  'descend_route',
  'traverse_rope',
  'drop_from_rope',
  'continue_fall',
  'dig_route',
  'route_access_follow',
  'retreat_from_guard',
  'defensive_dig',
  'escape_through_open_hole',
  'wait_for_guard_clearance',
  'wait_for_dig_completion',
  'wait_for_floor_refill',
  'wait_for_trap_resolution',
  'wait_or_stop',
  'emergency_hold',
] as const;
export const candidateKindSchema = z.enum(CANDIDATE_KINDS);
export type CandidateKind = z.infer<typeof candidateKindSchema>;

export const actionSchema = z.object({ keyCode: int, ticks: int.min(1).max(20), reason: z.string() });
export type PlannedAction = z.infer<typeof actionSchema>;

/** The simulated result of a candidate's first action (present when engineState was sent). */
export const outcomeSchema = z.object({
  simulated: z.boolean(),
  runner: cellSchema,
  ticks: int,
  goldTaken: int,
  died: z.boolean(),
  deathCause: z.enum(['guard', 'hole']).nullable(),
  closestGuardDistance: z.number().nullable(),
  survivesAfter: z.boolean().nullable(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const candidateSchema = z.object({
  id: z.string(),
  kind: candidateKindSchema,
  lane: laneSchema,
  label: z.string(),
  goal: z.string(),
  target: cellSchema.nullable(),
  firstAction: actionSchema,
  score: z.number(),
  scoreParts: z.record(z.string(), z.number()),
  risk: z.enum(['none', 'low', 'medium', 'high', 'critical']),
  preconditions: z.array(z.string()),
  stopConditions: z.array(z.string()),
  outcome: outcomeSchema.nullable(),
  stallBlocked: z.boolean().default(false),
  stallRecovery: z.boolean().default(false),
  /** Set when the exact plan search proved the move leads to gold or the exit, alive. */
  provenByPlan: z.boolean().optional(),
  /** planned_route only: the rest of the plan, followed next step while the world matches it. */
  commitment: commitmentSchema.optional(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const DISPOSITIONS = [
  'exposed',
  'limit_truncated',
  'physical_rejection',
  'safety_rejection',
  'deduplicated',
  'stall_blocked',
] as const;
export const dispositionSchema = z.object({
  id: z.string(),
  kind: candidateKindSchema,
  disposition: z.enum(DISPOSITIONS),
  why: z.string(),
});
export type Disposition = z.infer<typeof dispositionSchema>;

// ---------------------------------------------------------------- stall report (§5)
export const STALL_TYPES = [
  'none',
  'horizontal_oscillation',
  'vertical_ladder_oscillation',
  'same_candidate_no_progress',
  'same_tile_no_progress',
  'route_access_loop',
  'exit_loop',
  'wait_loop',
] as const;
export const stallReportSchema = z.object({
  severity: z.enum(['none', 'stalled']),
  type: z.enum(STALL_TYPES),
  reason: z.string(),
  recentPositions: z.array(cellSchema),
  recentCandidateIds: z.array(z.string()),
  repeatedCandidateId: z.string().nullable(),
  blockedCandidateIds: z.array(z.string()),
  blockedCandidateKinds: z.array(candidateKindSchema),
  blockedDirections: z.array(z.enum(['left', 'right', 'up', 'down'])),
  preferredCandidateKinds: z.array(candidateKindSchema),
  recoveryHint: z.string(),
});
export type StallReport = z.infer<typeof stallReportSchema>;

// ---------------------------------------------------------------- validation (§7)
export const VALIDATION_STATUSES = [
  'ok',
  'parse_error',
  'unknown_candidate',
  'invalid_action',
  'stall_blocked',
  'timeout',
  'repeat',
  'budget',
  'provider_error',
] as const;
export const validationStatusSchema = z.enum(VALIDATION_STATUSES);
export type ValidationStatus = z.infer<typeof validationStatusSchema>;

/** The planner's tunables (the `backend` and `prompt` parts of the public config). */
export const plannerOptionsSchema = z.object({
  candidateLimit: int.min(1).max(20).default(7),
  maxActionTicks: int.min(1).max(20).default(20),
  showCandidateScores: z.boolean().default(true),
  /** Use exact simulation when the snapshot carries engineState (the `simulated` variant). */
  simulate: z.boolean().default(true),
});
export type PlannerOptions = z.infer<typeof plannerOptionsSchema>;

// ---------------------------------------------------------------- facts (§2)
export const RISK_LEVELS = ['none', 'low', 'medium', 'high', 'critical'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

const reasonedFlag = z.object({ ok: z.boolean(), reason: z.string() });

export const factsSchema = z.object({
  gameState: z.string(),
  tick: int,
  godMode: z.boolean(),
  goldComplete: z.boolean(),
  runner: z.object({
    x: int,
    y: int,
    xOffset: int,
    yOffset: int,
    actionName: z.string(),
    falling: z.boolean(),
    inHole: z.boolean(),
    onLadder: z.boolean(),
    onRope: z.boolean(),
  }),
  guards: z.array(
    z.object({
      id: int,
      x: int,
      y: int,
      actionName: z.string(),
      hasGold: z.boolean(),
      distance: int,
      risk: riskLevelSchema,
      closing: z.boolean(),
      trapped: z.boolean(),
      /** Trapped guards: ticks until out of the hole standing still (stand-still forecast), and how. */
      release: z
        .object({ ticks: int.nullable(), how: z.enum(['climbs_out', 'respawns']).nullable() })
        .nullable()
        .optional(),
    }),
  ),
  gold: z.object({ remaining: int, visible: z.array(cellSchema), carried: z.array(cellSchema.extend({ id: int })) }),
  nearestGold: z.array(
    cellSchema.extend({
      carried: z.boolean(),
      sameRow: z.boolean(),
      routeCost: int.nullable(),
      needsDig: z.boolean(),
      /** Why there is no route (routeCost null): carried by a guard, or sealed even by digging. */
      unreachableReason: z.string().nullable().optional(),
    }),
  ),
  primaryProgressTarget: z
    .object({ kind: z.enum(['gold', 'exit']), x: int, y: int, routeCost: int, needsDig: z.boolean(), firstMove: z.string() })
    .nullable(),
  rowLadders: z.array(int),
  movement: z.object({ left: reasonedFlag, right: reasonedFlag, up: reasonedFlag, down: reasonedFlag }),
  dig: z.object({ left: reasonedFlag, right: reasonedFlag }),
  ladder: z.object({ onLadder: z.boolean(), ladderAbove: z.boolean(), ladderBelow: z.boolean(), atTop: z.boolean() }),
  routeAccess: z.object({
    goldBelowNeedsDig: z.boolean(),
    digSide: z.enum(['left', 'right']).nullable(),
    target: cellSchema.nullable(),
    guardBelowUnsafe: z.boolean(),
    reason: z.string(),
  }),
  risk: z.object({
    level: riskLevelSchema,
    pressureGuardId: int.nullable(),
    ticksToContact: int.nullable(),
    /** Standing still, what kills the runner first by simulation (null: nothing within the horizon, or not simulated). */
    firstContact: z
      .object({ ticks: int, cause: z.enum(['guard', 'hole']), guardId: int.nullable() })
      .nullable()
      .optional(),
    /** The horizon of that look-ahead in ticks (absent without the engine state). */
    contactHorizon: int.optional(),
  }),
  activeDig: z.object({ x: int, y: int, direction: z.string(), frameIndex: int }).nullable(),
  openHoles: z.array(z.object({ x: int, y: int, ticksUntilRefill: int })),
  /** Whether the guard, hole and danger forecasts come from the exact engine (false: geometry only). */
  simulated: z.boolean().optional(),
});
export type Facts = z.infer<typeof factsSchema>;
