// The state summary section (agent-planner §2, §6, slot `state-summary`) in three variants:
// `with-board` (the default: the compact lines plus the ASCII board, open holes marked), `compact`
// (the lines alone) and `json` (the facts as JSON). Trapped guards' release, holes' refill and the
// danger line come from the facts' stand-still forecast (src/agent/forecast.ts), the exact engine.
import type { Facts } from '../schemas.js';
import { BOARD_LEGEND, renderBoard } from './board.js';
import { piece, type PromptPiece } from './slots.js';

export const STATE_SUMMARY_VARIANTS = ['compact', 'json', 'with-board'] as const;
export type StateSummaryVariant = (typeof STATE_SUMMARY_VARIANTS)[number];

/**
 * The state summary piece. `grid` (the snapshot's act grid, 16 rows of 28) is needed only by
 * the `with-board` variant, which throws without it.
 */
export function stateSummaryPiece(facts: Facts, variant: StateSummaryVariant = 'compact', grid?: readonly string[]): PromptPiece {
  switch (variant) {
    case 'compact':
      return piece('state-summary', compactSummary(facts));
    case 'json':
      return piece('state-summary', JSON.stringify(facts));
    case 'with-board':
      if (!grid) throw new Error('stateSummaryPiece: the with-board variant needs the snapshot grid');
      return piece('state-summary', [
        ...compactSummary(facts),
        `Board (row numbers on the left, column numbers on top; ${BOARD_LEGEND}):`,
        renderBoard(grid, facts.openHoles),
      ]);
  }
}

const at = (c: { x: number; y: number }) => `(${c.x},${c.y})`;
const flag = (f: { ok: boolean; reason: string }) => (f.ok ? 'yes' : `no [${f.reason}]`);

/** The compact summary: one fact group per line. */
export function compactSummary(facts: Facts): string[] {
  const lines = [gameLine(facts), runnerLine(facts), movesLine(facts), targetLine(facts), goldLine(facts), guardsLine(facts)];
  if (facts.guards.length > 0 && !facts.godMode) lines.push(dangerLine(facts));
  if (facts.routeAccess.goldBelowNeedsDig) {
    const side = facts.routeAccess.digSide ? `; dig ${facts.routeAccess.digSide} now` : '';
    lines.push(`Route access: ${facts.routeAccess.reason}${side}.`);
  }
  if (facts.activeDig)
    lines.push(`Digging at ${at(facts.activeDig)} (frame ${facts.activeDig.frameIndex}); you cannot move until it ends.`);
  if (facts.openHoles.length > 0) {
    const holes = facts.openHoles.map((h) => `${at(h)} refills in ${h.ticksUntilRefill} ticks (tick ${facts.tick + h.ticksUntilRefill})`);
    lines.push(`Open holes: ${holes.join('; ')}.`);
  }
  if (facts.rowLadders.length > 0) lines.push(`Ladders on your row at x=${facts.rowLadders.join(', ')}.`);
  return lines;
}

function gameLine(facts: Facts): string {
  const gold = facts.goldComplete ? 'all gold taken: the exit is open, reach the top row' : `${facts.gold.remaining} gold left`;
  return `Game: ${facts.gameState}, tick ${facts.tick}, ${gold}${facts.godMode ? ', god mode (guards cannot kill you)' : ''}.`;
}

function runnerLine(facts: Facts): string {
  const r = facts.runner;
  const pose = facts.activeDig
    ? 'digging'
    : r.falling
      ? 'falling'
      : r.inHole
        ? 'in a hole'
        : r.onLadder
          ? 'on a ladder'
          : r.onRope
            ? 'hanging on a rope'
            : facts.ladder.atTop
              ? 'standing on a ladder top'
              : 'standing';
  return `Runner at ${at(r)}, ${pose}.`;
}

function movesLine(facts: Facts): string {
  const { movement: m, dig } = facts;
  return `Can move: left ${flag(m.left)}; right ${flag(m.right)}; up ${flag(m.up)}; down ${flag(m.down)}. Can dig: left ${flag(dig.left)}; right ${flag(dig.right)}.`;
}

function targetLine(facts: Facts): string {
  const t = facts.primaryProgressTarget;
  if (!t) return 'Target: none reachable from here.';
  const what = t.kind === 'exit' ? 'exit' : 'gold';
  return `Target: ${what} at ${at(t)}, ${t.routeCost} ticks away, first move ${t.firstMove.replace('_', ' ')}${t.needsDig ? ', needs digging' : ''}.`;
}

function goldLine(facts: Facts): string {
  if (facts.nearestGold.length === 0) return 'Nearest gold: none left.';
  const items = facts.nearestGold.map((g) => {
    const notes = [
      g.carried && g.routeCost !== null ? 'carried by a guard' : '',
      g.sameRow ? 'your row' : '',
      g.routeCost === null ? `unreachable (${g.unreachableReason ?? 'no route from here'})` : `${g.routeCost} ticks`,
      g.needsDig ? 'needs digging' : '',
    ].filter(Boolean);
    return `${at(g)} ${notes.join(', ')}`;
  });
  return `Nearest gold: ${items.join('; ')}.`;
}

function guardsLine(facts: Facts): string {
  if (facts.guards.length === 0) return 'Guards: none.';
  const items = facts.guards.map((g) => {
    const notes = [
      `${g.distance} tiles`,
      `${g.risk} risk`,
      g.trapped ? trappedNote(g, facts.tick) : '',
      g.closing ? 'closing in' : '',
      g.hasGold ? 'has gold' : '',
    ];
    return `guard ${g.id} at ${at(g)} ${notes.filter(Boolean).join(', ')}`;
  });
  return `Guards: ${items.join('; ')}.`;
}

/** A trapped guard with its release by the stand-still forecast, when there is one. */
function trappedNote(g: Facts['guards'][number], tick: number): string {
  const r = g.release;
  if (!r) return 'trapped';
  if (r.ticks === null) return 'trapped, still in its hole after 200 ticks';
  const when = `in ${r.ticks} ticks (tick ${tick + r.ticks})`;
  return r.how === 'respawns' ? `trapped, dies when its hole refills and is back ${when}` : `trapped, climbs out ${when}`;
}

/** The words that name the first guard to reach a runner who stands still (the property test reads them). */
export const FIRST_CONTACT_WORDS = 'standing still, guard';

function dangerLine(facts: Facts): string {
  const { level, pressureGuardId, ticksToContact, firstContact, contactHorizon } = facts.risk;
  if (firstContact !== undefined) {
    if (firstContact === null) return `Danger: ${level}; standing still, no guard reaches you within ${contactHorizon ?? 60} ticks.`;
    if (firstContact.cause === 'hole')
      return `Danger: ${level}; standing still, the hole you are in refills on you in ${firstContact.ticks} ticks.`;
    return `Danger: ${level}; ${FIRST_CONTACT_WORDS} ${firstContact.guardId} reaches you first, in ${firstContact.ticks} ticks.`;
  }
  const who = pressureGuardId === null ? '' : ` (guard ${pressureGuardId})`;
  const contact = ticksToContact === null ? '' : `; standing still, it reaches you in ${ticksToContact} ticks`;
  return `Danger: ${level}${who}${contact}.`;
}
