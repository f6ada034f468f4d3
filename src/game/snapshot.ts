// Builds the planner-facing snapshot of agent-planner §1 from a GameState: context, the
// three grids, runner, guards, gold, active dig and open holes. Pure, read-only.
import {
  ACTION_NAMES,
  BAR,
  BLOCK,
  DIG_FRAMES,
  EMPTY,
  GOLD,
  GUARD,
  HLADR,
  HOLE_OPEN_TICKS,
  LADDR,
  MAX_GAME_TIME,
  RUNNER,
  SOLID,
  TICKS_PER_SECOND_OF_GAME_TIME,
  TRAP,
  idx,
} from './constants.js';
import type { EngineState, Snapshot } from './schemas.js';
import type { GameState } from './state.js';

const TERRAIN_CHAR: Record<number, string> = {
  [EMPTY]: ' ',
  [BLOCK]: '#',
  [SOLID]: '@',
  [LADDR]: 'H',
  [BAR]: '-',
  [TRAP]: 'X',
  [HLADR]: 'S',
  [GOLD]: ' ',
  [GUARD]: '0',
  [RUNNER]: '&',
};

function rows(cell: (x: number, y: number) => string): string[] {
  const out: string[] = [];
  for (let y = 0; y < 16; y++) {
    let line = '';
    for (let x = 0; x < 28; x++) line += cell(x, y);
    out.push(line);
  }
  return out;
}

export function buildSnapshot(s: GameState, engineState?: EngineState): Snapshot {
  const { base, act } = s;
  const terrainGrid = rows((x, y) => TERRAIN_CHAR[base[idx(x, y)]]);
  const baseGrid = rows((x, y) => (base[idx(x, y)] === GOLD ? '$' : TERRAIN_CHAR[base[idx(x, y)]]));
  const grid = rows((x, y) => {
    const a = act[idx(x, y)];
    if ((a === EMPTY || a === GOLD) && base[idx(x, y)] === GOLD) return '$';
    if (a === HLADR || a === GOLD) return ' ';
    return TERRAIN_CHAR[a];
  });
  const visiblePositions: { x: number; y: number }[] = [];
  for (let y = 0; y < 16; y++) for (let x = 0; x < 28; x++) if (base[idx(x, y)] === GOLD) visiblePositions.push({ x, y });
  const r = s.runner;
  const snapshot: Snapshot = {
    playData: s.playData,
    level: s.level,
    gameStateName: s.status,
    tick: s.tick,
    time: Math.min(MAX_GAME_TIME, Math.floor(s.tick / TICKS_PER_SECOND_OF_GAME_TIME)),
    godMode: s.godMode,
    terrainGrid,
    grid,
    baseGrid,
    runner: {
      x: r.x,
      y: r.y,
      xOffset: r.xOffset,
      yOffset: r.yOffset,
      action: r.action,
      actionName: s.dig ? 'digging' : ACTION_NAMES[r.action],
    },
    guards: s.guards.map((g, id) => ({
      id,
      x: g.x,
      y: g.y,
      xOffset: g.xOffset,
      yOffset: g.yOffset,
      actionName: ACTION_NAMES[g.action],
      hasGold: g.hasGold,
    })),
    gold: {
      remainingCount: s.goldCount,
      complete: s.goldComplete,
      visiblePositions,
      carriedByGuards: s.guards.flatMap((g, id) => (g.hasGold > 0 ? [{ id, x: g.x, y: g.y }] : [])),
    },
    activeDig: s.dig
      ? { x: s.dig.x, y: s.dig.y, direction: s.dig.direction < 0 ? 'left' : 'right', frameIndex: s.dig.frame, frameCount: DIG_FRAMES }
      : null,
    openHoles: s.holes.map((h) => ({ x: h.x, y: h.y, ticksUntilRefill: Math.max(0, HOLE_OPEN_TICKS - (s.tick - h.openedAt)) })),
    score: s.score,
  };
  if (engineState) snapshot.engineState = engineState;
  return snapshot;
}
