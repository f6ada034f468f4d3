// The point of no return of a failed run: re-materialises every step's exact engine state from the
// trace and the recording, asks survivalSearch whether the runner could still live from it until 60
// ticks past the real death, walking back from the death to the last step that could still be
// survived (survival is monotone: a step's state is reachable from every earlier one). Names that
// decisive step, what the agent chose there (with what its stored receipts said), and a surviving
// key sequence shaped for the what-if route; and, separately, the last step from which the level could
// still be cleared (clearable.ts), for every failed run. Pure over the run and the recording; the
// route caches it.
import { restoreState } from '../game/serialize.js';
import type { GameState } from '../game/state.js';
import type { Recording, TraceRun } from '../stores/index.js';
import { keyName } from './backtrack.js';
import { lensConflict } from './errors.js';
import { findStillClearable, type ClearCheck, type StillClearable } from './clearable.js';
import { evalTickBudget } from '../runner/budget.js';
import { materializeSteps, type MaterializedRun } from './materialize.js';
import { parseSteps, type StoredStep } from './storedStep.js';
import { SEGMENT_TICKS, survivalSearch, type ForcedKey, type Verdict } from './survivalSearch.js';

/** How far past the real death a step's state must live to count as survivable. */
export const MARGIN_TICKS = 60;
/** Engine ticks one step's survival search may simulate. */
export const BUDGET_TICKS = 1_000_000;
/** The whole computation's time limit; steps left unchecked then make the answer `unknown`. */
export const TIME_LIMIT_MS = 60_000;
/** Bumped when the search changes, so a cached answer of an older search is recomputed. */
export const CAUSE_VERSION = 2;

export interface CheckedStep {
  stepIndex: number;
  tick: number;
  verdict: Verdict;
  simulatedTicks: number;
}

export interface ChosenMove {
  candidateId: string | null;
  kind: string | null;
  action: { keyCode: number; ticks: number; reason: string } | null;
  /** One line a person reads: "dig right for 4 ticks (dig_right_12_9)". */
  summary: string;
}

export interface CauseAnswer {
  traceId: string;
  version: number;
  outcome: { result: string; reason: string | null; deathTick: number | null } | null;
  pointOfNoReturn: { stepIndex: number; tick: number } | null;
  decisive: {
    stepIndex: number;
    chosen: ChosenMove;
    /** Post as it is to POST .../steps/:stepIndex/counterfactual. */
    alternative: { forceKeys: ForcedKey[]; horizonTicks: number };
    why: { reason: string | null; disposition: string | null; statuses: string[]; fallbackReason: string | null };
  } | null;
  /** Why there is no point of no return, or what limits the answer. */
  note: string;
  /** For a failed run: the last step from which a clear was found (a witness), else null (unknown). */
  stillClearable: StillClearable | null;
  clearChecked: ClearCheck[];
  clearNote: string | null;
  checked: CheckedStep[];
  survivalTick: number | null;
  budgetTicks: number;
  segmentTicks: number;
  timeLimitMs: number;
  elapsedMs: number;
  computedAt: string;
}

function died(run: TraceRun, finalStatus: string | null): boolean {
  const outcome = run.outcome;
  if (!outcome || outcome.result === 'success') return false;
  if (finalStatus === 'runner_dead') return true;
  const final = outcome.finalState ?? {};
  return final.gameStateName === 'runner_dead' || /killed|dead|died/i.test(outcome.reason ?? '');
}

export function chosenMove(step: StoredStep): ChosenMove {
  const action = step.action ?? null;
  const kind = step.selectedCandidateKind ?? step.candidates.find((c) => c.id === step.selectedCandidateId)?.kind ?? null;
  const summary = action
    ? `${keyName(action.keyCode)} for ${action.ticks} ticks (${step.selectedCandidateId ?? 'no candidate'})`
    : 'no move (the step failed)';
  return { candidateId: step.selectedCandidateId ?? null, kind, action, summary };
}

function whyOf(step: StoredStep): NonNullable<CauseAnswer['decisive']>['why'] {
  const disposition = step.planner?.dispositions?.find((d) => d.id === step.selectedCandidateId);
  return {
    reason: step.action?.reason ?? null,
    disposition: disposition ? `${disposition.disposition}${disposition.why ? `: ${disposition.why}` : ''}` : null,
    statuses: step.validation?.statuses ?? [],
    fallbackReason: step.validation?.fallbackReason ?? null,
  };
}

export interface CauseOptions {
  budgetTicks?: number;
  timeLimitMs?: number;
  marginTicks?: number;
  now?: () => Date;
  /** The clear search's time limit (0: no clear search). */
  clearTimeLimitMs?: number;
  /** Called after each checked step (progress for a caller that streams it). */
  onChecked?: (checked: CheckedStep) => void;
}

/** The point of no return of a stored run (pointOfNoReturn null for a run that did not die). */
export function findCause(run: TraceRun, recording: Recording | null, options: CauseOptions = {}): CauseAnswer {
  const started = performance.now();
  const budgetTicks = options.budgetTicks ?? BUDGET_TICKS;
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS;
  const margin = options.marginTicks ?? MARGIN_TICKS;
  const { steps } = parseSteps(run.steps);
  const base = {
    traceId: run.id,
    version: CAUSE_VERSION,
    checked: [] as CheckedStep[],
    budgetTicks,
    segmentTicks: SEGMENT_TICKS,
    timeLimitMs,
    computedAt: (options.now?.() ?? new Date()).toISOString(),
  };
  // the clear search runs for every failed run, from the point of no return (or the last step) back
  let materialized: MaterializedRun | null = null;
  const materializeAll = () => (materialized ??= materializeSteps(run.playData, recording!.demo, steps, steps.length - 1));
  const statesOf = () => materializeAll().before.map((b, i) => ({ engineState: b.snapshot.engineState, tick: steps[i]!.state.tick }));
  const clearSearch = (fromStep: number): Pick<CauseAnswer, 'stillClearable' | 'clearChecked' | 'clearNote'> => {
    if (!run.outcome || run.outcome.result === 'success' || steps.length === 0 || !recording || options.clearTimeLimitMs === 0)
      return { stillClearable: null, clearChecked: [], clearNote: null };
    const answer = findStillClearable(statesOf(), fromStep, {
      maxTicks: evalTickBudget(run.playData, run.level),
      ...(options.clearTimeLimitMs ? { timeLimitMs: options.clearTimeLimitMs } : {}),
    });
    return { stillClearable: answer.stillClearable, clearChecked: answer.checked, clearNote: answer.note };
  };
  const finish = (rest: Pick<CauseAnswer, 'pointOfNoReturn' | 'decisive' | 'note' | 'survivalTick' | 'outcome'>): CauseAnswer => ({
    ...base,
    ...rest,
    ...clearSearch(rest.pointOfNoReturn?.stepIndex ?? steps.length - 1),
    elapsedMs: Math.round(performance.now() - started),
  });
  const outcomeOf = (deathTick: number | null) =>
    run.outcome ? { result: run.outcome.result, reason: run.outcome.reason, deathTick } : null;

  if (!run.outcome) {
    return finish({ outcome: null, pointOfNoReturn: null, decisive: null, survivalTick: null, note: 'the run has not ended yet' });
  }
  if (!recording) {
    throw lensConflict('this run has no saved recording, so its steps cannot be re-played to find where it was lost', { traceId: run.id });
  }
  const deathTick = recording.demo.time;
  if (!died(run, recording.demo.state === 1 ? 'finish' : null)) {
    return finish({
      outcome: outcomeOf(null),
      pointOfNoReturn: null,
      decisive: null,
      survivalTick: null,
      note:
        run.outcome.result === 'success'
          ? 'the run cleared the level: nothing was lost'
          : `the runner did not die (${run.outcome.reason ?? 'failure'}): the point of no return is searched for runs that ended in a death`,
    });
  }
  if (steps.length === 0) {
    return finish({
      outcome: outcomeOf(deathTick),
      pointOfNoReturn: null,
      decisive: null,
      survivalTick: null,
      note: 'the run has no steps',
    });
  }
  const survivalTick = deathTick + margin;
  const states: GameState[] = materializeAll().before.map((b) => restoreState(b.snapshot.engineState));
  const deadline = started + timeLimitMs;
  const verdicts = new Map<number, { verdict: Verdict; keys: ForcedKey[] | null }>();
  const check = (k: number): Verdict => {
    const known = verdicts.get(k);
    if (known) return known.verdict;
    const answer =
      performance.now() > deadline
        ? { verdict: 'unknown' as const, simulatedTicks: 0, keys: null }
        : survivalSearch(states[k], survivalTick, { ticks: budgetTicks, deadline });
    verdicts.set(k, { verdict: answer.verdict, keys: answer.keys });
    const checked = { stepIndex: k, tick: steps[k].state.tick, verdict: answer.verdict, simulatedTicks: answer.simulatedTicks };
    base.checked.push(checked);
    options.onChecked?.(checked);
    return answer.verdict;
  };

  // Survival is monotone (each step's state is reachable from every earlier one by the recorded
  // keys, so a survival found from step j is one from every step before it, too), but the search is
  // not complete: a step it leaves undecided may still be survivable. So instead of bisecting over a
  // predicate that can fail in the middle, the steps are walked back from the death, where searches
  // are short and "lost" is proven quickly, to the last step from which a survival is found.
  let lo = -1;
  for (let k = steps.length - 1; k >= 0 && performance.now() <= deadline; k--) {
    if (check(k) === 'survivable') {
      lo = k;
      break;
    }
  }
  const hi = lo + 1;
  base.checked.sort((x, y) => x.stepIndex - y.stepIndex);
  if (lo < 0) {
    const timedOut = performance.now() > deadline;
    return finish({
      outcome: outcomeOf(deathTick),
      pointOfNoReturn: null,
      decisive: null,
      survivalTick,
      note: timedOut
        ? `no survival past tick ${survivalTick} was found from steps ${base.checked.at(-1)?.stepIndex ?? steps.length - 1}..${steps.length - 1} within the time limit (${Math.round(timeLimitMs / 1000)} s): the point of no return is earlier (unknown)`
        : `no survival past tick ${survivalTick} was found from any step: lost from the start, or beyond the search's budget`,
    });
  }
  const step = steps[lo];
  const keys = verdicts.get(lo)?.keys ?? [];
  return finish({
    outcome: outcomeOf(deathTick),
    pointOfNoReturn: { stepIndex: lo, tick: step.state.tick },
    decisive: {
      stepIndex: lo,
      chosen: chosenMove(step),
      alternative: { forceKeys: keys, horizonTicks: survivalTick - step.state.tick },
      why: whyOf(step),
    },
    survivalTick,
    note:
      hi === steps.length
        ? `the last step's move lost the level: from step ${lo} the runner could still live past tick ${survivalTick}`
        : `from step ${lo} the runner could still live past tick ${survivalTick} (${margin} ticks after the death); from step ${hi} the search ${
            verdicts.get(hi)?.verdict === 'lost'
              ? 'proves that no key sequence does'
              : `found none within ${budgetTicks.toLocaleString('en-US')} simulated ticks`
          }`,
  });
}
