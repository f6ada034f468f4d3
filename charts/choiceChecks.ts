// The ChoiceChecks that validateChoice and chooseFallback ask (agent-planner §4/§7), answered from
// the step's facts and each candidate's simulated outcome: is its first action possible right now
// (movement / dig affordances), and is it guard-safe (no simulated death, a surviving continuation;
// god mode skips guard safety). Pure.
import { judgedByMovementFacts } from '../src/agent/candidates.js';
import { KEY_CODES, type Candidate, type Facts } from '../src/agent/schemas.js';
import type { ChoiceChecks } from '../src/agent/validateChoice.js';

export function isPhysicallyPossible(facts: Facts, candidate: Candidate): boolean {
  if (!judgedByMovementFacts(candidate.kind, facts.runner.falling, candidate.outcome?.simulated === true)) return true;
  switch (candidate.firstAction.keyCode) {
    case KEY_CODES.LEFT:
      return facts.movement.left.ok;
    case KEY_CODES.RIGHT:
      return facts.movement.right.ok;
    case KEY_CODES.UP:
      return facts.movement.up.ok;
    case KEY_CODES.DOWN:
      return facts.movement.down.ok;
    case KEY_CODES.DIG_LEFT:
      return facts.dig.left.ok;
    case KEY_CODES.DIG_RIGHT:
      return facts.dig.right.ok;
    case KEY_CODES.STOP:
      return true;
    default:
      return false;
  }
}

export function isGuardSafe(facts: Facts, candidate: Candidate): boolean {
  if (facts.godMode) return true;
  const outcome = candidate.outcome;
  if (!outcome) return true; // geometric mode: the geometric rules already ran when the candidate was built
  // A candidate re-admitted because no candidate's aftermath passed the survival search is the
  // best remaining move (src/agent/candidates.ts): safe enough as long as its own action survives.
  if (candidate.scoreParts.noEscapeFound !== undefined) return !outcome.died;
  return !outcome.died && outcome.survivesAfter !== false;
}

export function choiceChecks(facts: Facts): ChoiceChecks {
  return {
    isPhysicallyValid: (candidate) => isPhysicallyPossible(facts, candidate),
    isGuardSafe: (candidate) => isGuardSafe(facts, candidate),
  };
}
