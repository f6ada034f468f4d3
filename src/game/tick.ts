// One tick of game logic in the fixed order of game-mechanics §2: finish check, clock,
// input (demo pair or key), runner (or the dig), guards, timers. The single entry point
// that mutates a running game; returns whether a tick actually ran.
import { isDigKey, isMoveKey, keyToAction } from './keys.js';
import { continueDig } from './rules/dig.js';
import { moveGuards } from './rules/guards.js';
import { moveRunner } from './rules/runner.js';
import { runTimers } from './rules/timers.js';
import type { GameState } from './state.js';

export function isOver(s: GameState): boolean {
  return s.status === 'finish' || s.status === 'runner_dead';
}

export function advance(s: GameState, keyCode?: number): boolean {
  if (s.status !== 'running') {
    if (s.status !== 'start') return false;
    if (keyCode === undefined || !isMoveKey(keyCode)) return false;
    s.status = 'running';
  }
  const r = s.runner;
  if (s.goldComplete && r.y === 0 && r.yOffset === 0) {
    s.status = 'finish';
    return false;
  }
  const t = s.tick++;

  const pb = s.playback;
  if (pb) {
    const actions = pb.source.action;
    if (pb.actionIndex < actions.length && actions[pb.actionIndex] === t) {
      s.keyAction = keyToAction(actions[pb.actionIndex + 1]);
      pb.actionIndex += 2;
    }
  } else if (keyCode !== undefined) {
    s.keyAction = keyToAction(keyCode);
    const rec = s.recording;
    if (rec && (keyCode !== rec.lastKey || isDigKey(keyCode))) {
      rec.action.push(t, keyCode);
      rec.lastKey = keyCode;
    }
  }

  if (s.dig === null || !continueDig(s)) moveRunner(s);
  // A runner who died in his own step stops the guards this tick ('running' is the only other status here).
  if (s.status === 'running') moveGuards(s);
  runTimers(s);
  return true;
}
