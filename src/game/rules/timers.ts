// The end-of-tick timers (game-mechanics §4–§5), in their fixed order: trapped guards'
// shake -> climb out, hole refill (kills whoever is inside, respawns dead guards), and
// respawn completion. Reads the clocks and `tick`; writes guards, layers, queues, status.
import * as C from '../constants.js';
import { nextRandom } from '../rng.js';
import { newTimed, type GameState } from '../state.js';
import { guardIndexAt, killRunner, loseGold, setAct } from './common.js';

// Module-local copies of the shared constants: V8 folds these into optimized code (see guards.ts).
const {
  ACT_CLIMB_OUT,
  ACT_FALL,
  ACT_REBORN,
  BLOCK,
  EMPTY,
  GOLD,
  GUARD,
  HOLE_OPEN_TICKS,
  REBORN_TICKS,
  RUNNER,
  SCORE_GUARD_DEAD,
  SHAKE_TICKS_AI3,
  SHAKE_TICKS_AI4,
  WIDTH,
  idx,
} = C;

export function runTimers(s: GameState): void {
  processShakes(s);
  processHoles(s);
  processReborns(s);
}

function processShakes(s: GameState): void {
  const limit = s.ai >= 4 ? SHAKE_TICKS_AI4 : SHAKE_TICKS_AI3;
  const shakes = s.shakes;
  const now = s.tick; // the clock does not move during the timers
  for (let i = 0; i < shakes.length;) {
    const e = shakes[i];
    if (now - e.since >= limit) {
      const g = s.guards[e.id];
      g.action = ACT_CLIMB_OUT;
      g.holeX = g.x;
      g.holeY = g.y;
      shakes.splice(i, 1);
    } else i++;
  }
}

function processHoles(s: GameState): void {
  const holes = s.holes;
  const now = s.tick;
  for (let i = 0; i < holes.length;) {
    const h = holes[i];
    if (now - h.openedAt >= HOLE_OPEN_TICKS) {
      holes.splice(i, 1);
      closeHole(s, h.x, h.y);
    } else i++;
  }
}

function closeHole(s: GameState, x: number, y: number): void {
  const i = idx(x, y);
  const who = s.act[i];
  if (who === RUNNER) killRunner(s, 'hole');
  else if (who === GUARD) {
    const id = guardIndexAt(s, x, y);
    if (id >= 0) {
      const shake = s.shakes.findIndex((e) => e.id === id);
      if (shake >= 0) s.shakes.splice(shake, 1);
      const g = s.guards[id];
      if (g.hasGold > 0) {
        loseGold(s);
        g.hasGold = 0;
      }
      setAct(s, x, y, BLOCK);
      respawnGuard(s, id);
      s.score += SCORE_GUARD_DEAD;
    }
  }
  setAct(s, x, y, BLOCK);
}

/** Column picker: a shuffled 0..27 handed out in order, rebuilt after 28 draws. */
function drawBornColumn(s: GameState): number {
  if (s.bornCursor >= s.bornColumns.length) {
    const list = Array.from({ length: WIDTH }, (_, k) => k);
    for (let k = 0; k < WIDTH; k++) {
      const j = Math.floor(nextRandom(s) * WIDTH);
      const t = list[k];
      list[k] = list[j];
      list[j] = t;
    }
    s.bornColumns = list;
    s.bornCursor = 0;
  }
  return s.bornColumns[s.bornCursor++];
}

function searchBornCell(s: GameState): [number, number] {
  let bornY = 1;
  let bornX = drawBornColumn(s);
  const first = bornX;
  for (;;) {
    const i = idx(bornX, bornY);
    const b = s.base[i];
    if (s.act[i] === EMPTY && b !== GOLD && b !== BLOCK) return [bornX, bornY];
    bornX = drawBornColumn(s);
    if (bornX === first) {
      bornY++;
      if (bornY > 15) return [first, 1];
    }
  }
}

function nextBornCell(s: GameState): [number, number] {
  const pb = s.playback;
  if (pb) {
    const src = pb.source.bornPos;
    if (src.length > 0) {
      if (src[0] === 1 && pb.bornIndex + 1 < src.length) return [src[1 + pb.bornIndex++], 1];
      if (src[0] === 2 && 1 + 2 * pb.bornIndex + 1 < src.length) {
        const k = 1 + 2 * pb.bornIndex++;
        return [src[k], src[k + 1]];
      }
    }
  }
  return searchBornCell(s);
}

export function respawnGuard(s: GameState, id: number): void {
  const g = s.guards[id];
  const [x, y] = nextBornCell(s);
  if (s.recording) s.recording.born.push(x, y);
  g.x = x;
  g.y = y;
  g.xOffset = 0;
  g.yOffset = 0;
  g.action = ACT_REBORN;
  setAct(s, x, y, GUARD);
  s.reborns.push(newTimed(id, s.tick));
}

function processReborns(s: GameState): void {
  const reborns = s.reborns;
  const now = s.tick;
  for (let i = 0; i < reborns.length;) {
    const e = reborns[i];
    if (now - e.since >= REBORN_TICKS) {
      reborns.splice(i, 1);
      const g = s.guards[e.id];
      g.action = ACT_FALL;
      setAct(s, g.x, g.y, GUARD);
      if (s.runner.x === g.x && s.runner.y === g.y) killRunner(s, 'guard');
    } else i++;
  }
}
