// Where an action takes the runner: plays the key for its ticks on a copy of the step's exact engine
// state and lists the cells the runner passes through, so the page can draw a candidate's route.
// Pure (engine copy only).
import type { Snapshot } from '../agent/schemas.js';
import { Game } from '../game/game.js';
import type { ActionPath, Cell } from './types.js';

export function actionPath(snapshot: Snapshot, action: { keyCode: number; ticks: number } | null | undefined): ActionPath | null {
  if (!action || !snapshot.engineState) return null;
  const game = Game.restore(snapshot.engineState);
  const cells: Cell[] = [{ x: game.state.runner.x, y: game.state.runner.y }];
  const ticks = Math.max(1, Math.min(20, Math.round(action.ticks)));
  let ran = 0;
  for (let i = 0; i < ticks && !game.over; i++) {
    if (!game.step(i === 0 ? action.keyCode : undefined)) break;
    ran++;
    const { x, y } = game.state.runner;
    const last = cells[cells.length - 1];
    if (last.x !== x || last.y !== y) cells.push({ x, y });
  }
  const end = cells[cells.length - 1];
  return { cells, end, ticks: ran, died: game.state.status === 'runner_dead' };
}
