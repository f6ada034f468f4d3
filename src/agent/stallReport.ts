// The stall supervisor (agent-planner §5): reads the client-kept history (newest last) and says
// whether the runner is stuck in a loop, which candidate ids, kinds and directions would repeat
// the loop and which kinds should break it; applyStallAdjustment writes that verdict into a
// candidate list as score parts and dispositions. Pure: plain data in, new objects out, so the
// stall-report slot, the candidates slot and the tests all see exactly the same judgement.
import {
  CANDIDATE_KINDS,
  KEY_CODES,
  type Candidate,
  type CandidateKind,
  type Cell,
  type Disposition,
  type HistoryEntry,
  type HistoryPoint,
  type StallReport,
} from './schemas.js';

// ---------------------------------------------------------------- tunables (§5)

/** How many of the newest history entries the detectors look at. */
export const STALL_WINDOW = 10;
/** Fewer history entries than this and there is no report (severity none). */
export const STALL_MIN_ENTRIES = 4;
/** Score added to a stall-blocked candidate (it stays in the list, flagged `stallBlocked`). */
export const STALL_BLOCK_PENALTY = -90;
/** Score added to a non-blocked candidate of a preferred kind (flagged `stallRecovery`). */
export const STALL_RECOVERY_BONUS = 30;
/** Score added to every `wait_or_stop` candidate while stalled: standing still never breaks a loop. */
export const STALL_WAIT_PENALTY = -120;

/** A "no progress toward the target" verdict needs the distance to shrink by at least this much. */
const PROGRESS_MIN_PX = 10;
/** Without a known target, moving at least one tile counts as progress. */
const TILE_W_PX = 40;
const TILE_H_PX = 44;
/** One engine step is 8 px horizontally, 9 px vertically: less than that is standing still. */
const STILL_PX = 8;

export type StallType = StallReport['type'];
export type StallDirection = StallReport['blockedDirections'][number];

/**
 * Detector priority: the first detector that fires writes the report. Kind-specific loops come
 * first (their recovery hints are the most precise), then key patterns, then plain repetition;
 * same_tile_no_progress is the catch-all.
 */
export const STALL_DETECTOR_ORDER = [
  'route_access_loop',
  'exit_loop',
  'wait_loop',
  'vertical_ladder_oscillation',
  'horizontal_oscillation',
  'same_candidate_no_progress',
  'same_tile_no_progress',
] as const satisfies readonly Exclude<StallType, 'none'>[];

/** Kinds whose repetition is a legitimate reaction, not a loop: never evidence, never blocked. */
export function isStallExemptKind(kind: CandidateKind | null): boolean {
  return kind === 'retreat_from_guard' || (kind !== null && kind.startsWith('wait_for_'));
}

/** Kinds that count toward an exit_loop once all gold is taken (heading for / lining up with the exit). */
export const EXIT_LOOP_KINDS: readonly CandidateKind[] = ['exit_route', 'climb_ladder', 'planned_route'];

const isRouteAccessKind = (kind: CandidateKind | null): boolean =>
  kind !== null && (kind === 'dig_route' || kind.startsWith('route_access_'));

// ---------------------------------------------------------------- candidate ids

const KINDS_LONGEST_FIRST = [...CANDIDATE_KINDS].sort((a, b) => b.length - a.length);

/** The kind encoded at the front of a `{kind}_{x}_{y}_{action}` id (kinds contain underscores), or null. */
export function candidateKindOf(candidateId: string): CandidateKind | null {
  return KINDS_LONGEST_FIRST.find((kind) => candidateId === kind || candidateId.startsWith(`${kind}_`)) ?? null;
}

/** The `{x}_{y}` cell that follows the kind in a candidate id, or null when the id carries none. */
export function targetFromCandidateId(candidateId: string): Cell | null {
  const kind = candidateKindOf(candidateId);
  if (kind === null) return null;
  const [x, y] = candidateId.slice(kind.length + 1).split('_');
  if (!/^\d+$/.test(x ?? '') || !/^\d+$/.test(y ?? '')) return null;
  return { x: Number(x), y: Number(y) };
}

/** The direction a key code moves the runner in (digs and STOP move nowhere). */
export function directionOfKey(keyCode: number): StallDirection | null {
  switch (keyCode) {
    case KEY_CODES.LEFT:
      return 'left';
    case KEY_CODES.RIGHT:
      return 'right';
    case KEY_CODES.UP:
      return 'up';
    case KEY_CODES.DOWN:
      return 'down';
    default:
      return null;
  }
}

const OPPOSITE: Record<StallDirection, StallDirection> = { left: 'right', right: 'left', up: 'down', down: 'up' };

// ---------------------------------------------------------------- the report

export interface StallContext {
  /** All gold taken (the snapshot's gold.complete); switches the goal kind to exit_route. */
  goldComplete: boolean;
  /** The real target of a candidate id when the caller knows it; wins over the cell parsed from the id. */
  targetOf?: (candidateId: string) => Cell | null;
}

/** One history entry with what the detectors derive from its candidate id. */
interface Step {
  entry: HistoryEntry;
  id: string;
  kind: CandidateKind | null;
  target: Cell | null;
}

interface Finding {
  type: Exclude<StallType, 'none'>;
  reason: string;
  evidence: Step[];
  repeatedCandidateId?: string;
  blockedCandidateIds: string[];
  blockedCandidateKinds: CandidateKind[];
  blockedDirections: StallDirection[];
  preferredCandidateKinds: CandidateKind[];
  recoveryHint: string;
}

type Detector = (steps: Step[], goal: CandidateKind, context: StallContext) => Finding | null;

/**
 * Diagnose the newest STALL_WINDOW history entries. Exempt entries (retreat_from_guard,
 * wait_for_*) are removed before detection and the rest are treated as consecutive; every
 * detector then looks only at the newest stretch with no gold change, so a history that is
 * taking gold or changing rows stays silent.
 */
export function stallReport(history: readonly HistoryEntry[], context: StallContext): StallReport {
  const window = history.slice(-STALL_WINDOW);
  const recentPositions = window.map((entry) => tileOf(entry.after));
  const recentCandidateIds = window.map((entry) => entry.candidateId);
  const quiet = (reason: string): StallReport => ({
    severity: 'none',
    type: 'none',
    reason,
    recentPositions,
    recentCandidateIds,
    repeatedCandidateId: null,
    blockedCandidateIds: [],
    blockedCandidateKinds: [],
    blockedDirections: [],
    preferredCandidateKinds: [],
    recoveryHint: '',
  });
  if (window.length < STALL_MIN_ENTRIES) {
    return quiet(`only ${window.length} history entries; a stall needs at least ${STALL_MIN_ENTRIES}`);
  }

  const steps = window
    .map((entry): Step => {
      const kind = candidateKindOf(entry.candidateId);
      const target = context.targetOf?.(entry.candidateId) ?? targetFromCandidateId(entry.candidateId);
      return { entry, id: entry.candidateId, kind, target };
    })
    .filter((step) => !isStallExemptKind(step.kind));
  const goal: CandidateKind = context.goldComplete ? 'exit_route' : 'collect_gold';

  for (const type of STALL_DETECTOR_ORDER) {
    const finding = steps.length === 0 ? null : DETECTORS[type](steps, goal, context);
    if (finding === null) continue;
    return {
      severity: 'stalled',
      type: finding.type,
      reason: finding.reason,
      recentPositions,
      recentCandidateIds,
      repeatedCandidateId: finding.repeatedCandidateId ?? mostRepeatedId(finding.evidence),
      blockedCandidateIds: finding.blockedCandidateIds,
      blockedCandidateKinds: finding.blockedCandidateKinds,
      blockedDirections: finding.blockedDirections,
      preferredCandidateKinds: finding.preferredCandidateKinds,
      recoveryHint: finding.recoveryHint,
    };
  }
  return quiet(`no loop in the last ${window.length} steps`);
}

// ---------------------------------------------------------------- detectors

/** Dig / drop toward gold below tried again with the runner still on the same row. */
const routeAccessLoop: Detector = (steps, goal) => {
  const stretch = sameRowSuffix(goldStableSuffix(steps));
  if (stretch.length === 0) return null;
  const attempts = new Map<string, Step[]>();
  for (const step of stretch.filter((s) => isRouteAccessKind(s.kind))) {
    const key = step.target ? `${step.kind}@${step.target.x},${step.target.y}` : step.id;
    attempts.set(key, [...(attempts.get(key) ?? []), step]);
  }
  const repeated = [...attempts.values()].filter((group) => group.length >= 2);
  if (repeated.length === 0) return null;
  const loop = repeated.reduce((a, b) => (b.length >= a.length ? b : a));
  const ids = distinctIds(loop);
  const row = last(stretch).entry.after.runner.y;
  const preferred: CandidateKind[] = ['planned_route', goal, 'climb_ladder', 'descend_route', 'traverse_rope', 'drop_from_rope'];
  return {
    type: 'route_access_loop',
    reason: `route access ${quoteList(ids)} tried ${loop.length} times while the runner stayed on row ${row} and no gold changed`,
    evidence: loop,
    blockedCandidateIds: ids,
    blockedCandidateKinds: [],
    blockedDirections: [],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `Digging or dropping toward the gold below with ${quoteList(ids)} has been tried ${loop.length} times and you are still on row ${row}. ` +
      `Do not choose it again; get down another way (${kindList(preferred)}).`,
  };
};

/** All gold taken, yet the exit moves keep the runner on one row without getting closer. */
const exitLoop: Detector = (steps, _goal, context) => {
  const lastStep = last(steps);
  if (!context.goldComplete && !lastStep.entry.after.goldComplete) return null;
  const stretch = sameRowSuffix(goldStableSuffix(steps));
  const tries = stretch.filter((s) => s.kind !== null && EXIT_LOOP_KINDS.includes(s.kind));
  if (tries.length < 3) return null;
  const first = tries[0];
  const latest = last(tries);
  if (progressedToward(first.entry.before, latest.entry.after, latest.target)) return null;
  const ids = distinctIds(tries);
  const row = latest.entry.after.runner.y;
  const preferred: CandidateKind[] = ['planned_route', 'climb_ladder', 'descend_route', 'traverse_rope', 'drop_from_rope', 'dig_route'];
  return {
    type: 'exit_loop',
    reason: `all gold taken; ${tries.length} exit moves (${quoteList(ids)}) left the runner on row ${row} no closer to the exit`,
    evidence: tries,
    blockedCandidateIds: ids,
    blockedCandidateKinds: [],
    blockedDirections: [],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `All gold is taken, but your last ${tries.length} exit moves (${quoteList(ids)}) kept you on row ${row} without getting closer to the exit. ` +
      `Do not choose them again; reach the top row another way (${kindList(preferred)}).`,
  };
};

/** STOP three or more times in a row and nothing changed. */
const waitLoop: Detector = (steps, goal) => {
  const stops = trailingRun(steps, (step) => step.entry.keyCode === KEY_CODES.STOP);
  if (stops.length < 3) return null;
  const start = stops[0].entry.before;
  const end = last(stops).entry.after;
  if (goldChanged(start, end) || start.runner.y !== end.runner.y || pixelDistance(start, end) >= STILL_PX) return null;
  const ids = distinctIds(stops);
  const at = tileOf(end);
  const preferred: CandidateKind[] = ['planned_route', goal, 'climb_ladder', 'descend_route', 'dig_route', 'traverse_rope'];
  return {
    type: 'wait_loop',
    reason: `STOP ${stops.length} times in a row at (${at.x},${at.y}) with no movement and no gold change`,
    evidence: stops,
    blockedCandidateIds: ids,
    blockedCandidateKinds: ['wait_or_stop', 'emergency_hold'],
    blockedDirections: [],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `You have stood still ${stops.length} times in a row at (${at.x},${at.y}) and nothing changed. ` +
      `Do not stop or wait again; choose a move that makes progress (${kindList(preferred)}).`,
  };
};

/** Up, down, up, down on one ladder column between two or three rows. */
const verticalLadderOscillation: Detector = (steps, goal) => {
  const stretch = goldStableSuffix(steps);
  if (stretch.length === 0) return null;
  const column = last(stretch).entry.after.runner.x;
  const inColumn = (s: Step) => s.entry.before.runner.x === column && s.entry.after.runner.x === column;
  const isVertical = (s: Step) => s.entry.keyCode === KEY_CODES.UP || s.entry.keyCode === KEY_CODES.DOWN;
  const swings = trailingRun(
    stretch,
    (s, newer) => isVertical(s) && inColumn(s) && (newer === null || newer.entry.keyCode !== s.entry.keyCode),
  );
  if (swings.length < 6) return null;
  const rows = new Set(swings.flatMap((s) => [s.entry.before.runner.y, s.entry.after.runner.y]));
  if (rows.size < 2 || rows.size > 3) return null;
  const ids = distinctIds(swings);
  const nextSwing = OPPOSITE[directionOfKey(last(swings).entry.keyCode)!];
  const [top, bottom] = [Math.min(...rows), Math.max(...rows)];
  const preferred: CandidateKind[] = ['planned_route', goal, 'traverse_rope', 'dig_route'];
  return {
    type: 'vertical_ladder_oscillation',
    reason: `${swings.length} alternating up/down moves in column ${column} between rows ${top} and ${bottom}, no gold change`,
    evidence: swings,
    blockedCandidateIds: ids,
    blockedCandidateKinds: [],
    blockedDirections: [nextSwing],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `You have gone up and down the ladder in column ${column} between rows ${top} and ${bottom} ${swings.length} times without taking gold. ` +
      `Do not choose ${quoteList(ids)} or move ${nextSwing} again; leave the ladder (${kindList(preferred)}).`,
  };
};

/** Left, right, left, right within a few tiles of one row, never reaching the target. */
const horizontalOscillation: Detector = (steps) => {
  const stretch = sameRowSuffix(goldStableSuffix(steps));
  const moves = stretch.filter((s) => s.entry.keyCode === KEY_CODES.LEFT || s.entry.keyCode === KEY_CODES.RIGHT);
  const changes = moves.filter((s, i) => i > 0 && s.entry.keyCode !== moves[i - 1].entry.keyCode).length;
  if (changes < 4) return null;
  const xs = stretch.flatMap((s) => [s.entry.before.runner.x, s.entry.after.runner.x]);
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  if (right - left > 4) return null;
  if (stretch.some(reachedTarget)) return null;
  const ids = distinctIds(moves);
  const row = last(stretch).entry.after.runner.y;
  const nextSwing = OPPOSITE[directionOfKey(last(moves).entry.keyCode)!];
  const preferred: CandidateKind[] = ['climb_ladder', 'descend_route', 'dig_route', 'planned_route'];
  return {
    type: 'horizontal_oscillation',
    reason: `${changes} left/right direction changes on row ${row} within x ${left}..${right}, no gold change, target not reached`,
    evidence: moves,
    blockedCandidateIds: ids,
    blockedCandidateKinds: [],
    blockedDirections: [nextSwing],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `You have walked left and right on row ${row} between x=${left} and x=${right} (${changes} direction changes) without taking gold. ` +
      `Do not choose ${quoteList(ids)} or move ${nextSwing} again; leave this row (${kindList(preferred)}).`,
  };
};

/** The same candidate four or more times in a row, same row, no closer to its target. */
const sameCandidateNoProgress: Detector = (steps, goal) => {
  const stretch = goldStableSuffix(steps);
  if (stretch.length === 0) return null;
  const id = last(stretch).id;
  const run = trailingRun(stretch, (s) => s.id === id);
  if (run.length < 4) return null;
  const row = run[0].entry.before.runner.y;
  if (run.some((s) => s.entry.before.runner.y !== row || s.entry.after.runner.y !== row)) return null;
  const target = last(run).target;
  if (progressedToward(run[0].entry.before, last(run).entry.after, target)) return null;
  const at = tileOf(last(run).entry.after);
  const towards = target ? ` and are no closer to its target (${target.x},${target.y})` : ' and have not moved on';
  const preferred: CandidateKind[] = ['planned_route', goal, 'dig_route', 'climb_ladder', 'descend_route'];
  return {
    type: 'same_candidate_no_progress',
    reason: `"${id}" chosen ${run.length} times in a row on row ${row}, no gold change, no progress toward its target`,
    evidence: run,
    repeatedCandidateId: id,
    blockedCandidateIds: [id],
    blockedCandidateKinds: [],
    blockedDirections: [],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `You chose "${id}" ${run.length} times in a row${towards} (you are at (${at.x},${at.y})). ` +
      `Do not choose it again; pick a different candidate (${kindList(preferred)}).`,
  };
};

/** Six or more steps ending on the same tile with no gold change. */
const sameTileNoProgress: Detector = (steps, goal) => {
  const stretch = goldStableSuffix(steps);
  if (stretch.length === 0) return null;
  const counts = new Map<string, Step[]>();
  for (const step of stretch) {
    const { x, y } = tileOf(step.entry.after);
    counts.set(`${x},${y}`, [...(counts.get(`${x},${y}`) ?? []), step]);
  }
  // The most visited tile; on a tie, the tile the runner is on now.
  const visits = [...counts.values()].reduce((a, b) =>
    b.length > a.length || (b.length === a.length && b.includes(last(stretch))) ? b : a,
  );
  if (visits.length < 6) return null;
  const ids = distinctIds(visits);
  const tile = tileOf(last(visits).entry.after);
  const preferred: CandidateKind[] = [
    'planned_route',
    goal,
    'climb_ladder',
    'descend_route',
    'dig_route',
    'traverse_rope',
    'drop_from_rope',
  ];
  return {
    type: 'same_tile_no_progress',
    reason: `${visits.length} of the last ${stretch.length} steps ended on (${tile.x},${tile.y}) with no gold change`,
    evidence: visits,
    blockedCandidateIds: ids,
    blockedCandidateKinds: [],
    blockedDirections: [],
    preferredCandidateKinds: preferred,
    recoveryHint:
      `You have ended ${visits.length} of your last ${stretch.length} steps on tile (${tile.x},${tile.y}) without taking gold. ` +
      `Do not choose ${quoteList(ids)} again; choose a candidate that takes you somewhere new (${kindList(preferred)}).`,
  };
};

const DETECTORS: Record<(typeof STALL_DETECTOR_ORDER)[number], Detector> = {
  route_access_loop: routeAccessLoop,
  exit_loop: exitLoop,
  wait_loop: waitLoop,
  vertical_ladder_oscillation: verticalLadderOscillation,
  horizontal_oscillation: horizontalOscillation,
  same_candidate_no_progress: sameCandidateNoProgress,
  same_tile_no_progress: sameTileNoProgress,
};

// ---------------------------------------------------------------- adjustment

export interface StallAdjustment {
  candidates: Candidate[];
  /** One `stall_blocked` disposition per blocked candidate (the candidate itself is kept). */
  dispositions: Disposition[];
}

/**
 * Apply a stalled report to a candidate list (order kept; the caller sorts afterwards).
 * Blocked = listed id, listed kind, or a first action in a blocked direction; exempt kinds are
 * never blocked. Blocked: +STALL_BLOCK_PENALTY, `stallBlocked`. Preferred kind and not blocked:
 * +STALL_RECOVERY_BONUS, `stallRecovery` (blocked wins over preferred). Every `wait_or_stop`:
 * +STALL_WAIT_PENALTY on top. Each adjustment is recorded in scoreParts under `stallBlocked`,
 * `stallRecovery` or `stallWaitPenalty`. Severity none returns the input unchanged.
 */
export function applyStallAdjustment(candidates: readonly Candidate[], report: StallReport): StallAdjustment {
  if (report.severity === 'none') return { candidates: [...candidates], dispositions: [] };
  const dispositions: Disposition[] = [];
  const adjusted = candidates.map((candidate) => {
    const blockedBecause = whyBlocked(candidate, report);
    const recovery = blockedBecause === null && report.preferredCandidateKinds.includes(candidate.kind);
    const parts: Record<string, number> = {};
    if (blockedBecause !== null) {
      parts.stallBlocked = STALL_BLOCK_PENALTY;
      dispositions.push({ id: candidate.id, kind: candidate.kind, disposition: 'stall_blocked', why: `${report.type}: ${blockedBecause}` });
    }
    if (recovery) parts.stallRecovery = STALL_RECOVERY_BONUS;
    if (candidate.kind === 'wait_or_stop') parts.stallWaitPenalty = STALL_WAIT_PENALTY;
    const delta = Object.values(parts).reduce((sum, part) => sum + part, 0);
    return {
      ...candidate,
      score: candidate.score + delta,
      scoreParts: { ...candidate.scoreParts, ...parts },
      stallBlocked: blockedBecause !== null,
      stallRecovery: recovery,
    };
  });
  return { candidates: adjusted, dispositions };
}

function whyBlocked(candidate: Candidate, report: StallReport): string | null {
  if (isStallExemptKind(candidate.kind)) return null;
  // the report advises; a plan the exact simulation proved to reach gold or the exit is progress,
  // whatever the loop detectors read into the last steps
  if (candidate.provenByPlan) return null;
  if (report.blockedCandidateIds.includes(candidate.id)) return 'this id repeats the loop';
  if (report.blockedCandidateKinds.includes(candidate.kind)) return `kind ${candidate.kind} is blocked`;
  const direction = directionOfKey(candidate.firstAction.keyCode);
  if (direction !== null && report.blockedDirections.includes(direction)) return `its first action goes ${direction}, a blocked direction`;
  return null;
}

// ---------------------------------------------------------------- helpers

function last<T>(items: readonly T[]): T {
  return items[items.length - 1];
}

function tileOf(point: HistoryPoint): Cell {
  return { x: point.runner.x, y: point.runner.y };
}

function goldChanged(a: HistoryPoint, b: HistoryPoint): boolean {
  return a.goldCount !== b.goldCount || a.goldComplete !== b.goldComplete;
}

/** The newest steps during which the gold count (and goldComplete) never changed (empty if the last step took gold). */
function goldStableSuffix(steps: readonly Step[]): Step[] {
  if (steps.length === 0) return [];
  const now = last(steps).entry.after;
  return trailingRun(steps, (s) => !goldChanged(s.entry.before, now) && !goldChanged(s.entry.after, now));
}

/** The newest steps that began and ended on the current row. */
function sameRowSuffix(steps: readonly Step[]): Step[] {
  if (steps.length === 0) return [];
  const row = last(steps).entry.after.runner.y;
  return trailingRun(steps, (s) => s.entry.before.runner.y === row && s.entry.after.runner.y === row);
}

/** The longest suffix whose every item passes `keep` (which also sees the next-newer item kept). */
function trailingRun<T>(items: readonly T[], keep: (item: T, newer: T | null) => boolean): T[] {
  const run: T[] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    if (!keep(items[i], run[0] ?? null)) break;
    run.unshift(items[i]);
  }
  return run;
}

function pixelsOf(point: HistoryPoint): { px: number; py: number } {
  return { px: point.runner.x * TILE_W_PX + point.runner.xOffset, py: point.runner.y * TILE_H_PX + point.runner.yOffset };
}

function pixelDistance(a: HistoryPoint, b: HistoryPoint): number {
  const [p, q] = [pixelsOf(a), pixelsOf(b)];
  return Math.abs(p.px - q.px) + Math.abs(p.py - q.py);
}

/** Closer to the target by PROGRESS_MIN_PX, or (no target known) moved at least a tile. */
function progressedToward(start: HistoryPoint, end: HistoryPoint, target: Cell | null): boolean {
  if (target === null) return pixelDistance(start, end) >= TILE_W_PX;
  const distance = (point: HistoryPoint) => {
    const { px, py } = pixelsOf(point);
    return Math.abs(px - target.x * TILE_W_PX) + Math.abs(py - target.y * TILE_H_PX);
  };
  return distance(end) <= distance(start) - PROGRESS_MIN_PX;
}

function reachedTarget(step: Step): boolean {
  return step.target !== null && step.entry.after.runner.x === step.target.x && step.entry.after.runner.y === step.target.y;
}

function distinctIds(steps: readonly Step[]): string[] {
  return [...new Set(steps.map((s) => s.id))];
}

/** The id seen most often in the evidence (ties: the newest), or null when none repeats. */
function mostRepeatedId(steps: readonly Step[]): string | null {
  const counts = new Map<string, number>();
  for (const step of steps) counts.set(step.id, (counts.get(step.id) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 1;
  for (const step of [...steps].reverse()) {
    const count = counts.get(step.id)!;
    if (count > bestCount) [best, bestCount] = [step.id, count];
  }
  return best;
}

const quoteList = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(', ');
const kindList = (kinds: readonly CandidateKind[]) => `prefer ${kinds.join(', ')}`;
