// Waiting for a hole to refill as one choice of the plan search: stand still until the oldest open
// hole is brick again. The search keys its states by where the runner is and which holes are open,
// not how old they are, so a plain wait of a few ticks leads to a state it has seen and is
// dropped; a runner who dug both sides of his own pillar, or needs a dug floor back to cross it,
// could never plan to wait for it. Reads the state; the caller runs the wait on an engine copy.
import { HOLE_OPEN_TICKS } from '../../game/constants.js';
import { runnerCanAct } from '../../game/rules/runner.js';
import type { GameState } from '../../game/state.js';
import { runnerSettled } from '../sim.js';

/** Whether waiting for a refill is a choice here: the runner stands still, free to act, with a hole open. */
export const holeWaitWorthTrying = (s: GameState) => s.holes.length > 0 && s.dig === null && runnerSettled(s.runner) && runnerCanAct(s);

/** The tick the oldest open hole is brick again (holes close in the order they opened). */
export const firstRefill = (s: GameState) => Math.min(...s.holes.map((h) => h.openedAt)) + HOLE_OPEN_TICKS;
