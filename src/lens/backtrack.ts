// The backtrack chain of one step, hop by hop from what the runner did back to what it rested on:
// action <- chosen candidate (score parts, simulated outcome) <- model choice <- the prompt line that
// showed it <- the slot and stage that wrote that line <- the facts the candidate was built from.
// Each hop names the stage receipts it points at and the board cells to highlight. Pure.
import type { Facts } from '../agent/schemas.js';
import type { StageReceipt } from '../../recorders/stageReceipts.js';
import { SLOT_STAGE_IDS, STAGE_IDS, SUBFLOW_IDS } from '../../charts/conventions.js';
import type { BoardMark, Cell, Hop, LensCandidate, LensPrompt } from './types.js';

const KEY_NAMES: Record<number, string> = { 37: 'left', 38: 'up', 39: 'right', 40: 'down', 32: 'stop', 90: 'dig left', 88: 'dig right' };

export function keyName(keyCode: number | null | undefined): string {
  return keyCode == null ? '?' : (KEY_NAMES[keyCode] ?? `key ${keyCode}`);
}

export interface BacktrackInput {
  runner: Cell;
  action: { keyCode: number; ticks: number; reason: string } | null;
  /** The chosen candidate; for a step that found no valid candidate, the one the model asked for. */
  chosen: LensCandidate | null;
  /** True when `chosen` is only the model's request (the step failed). */
  refused?: boolean;
  requestedId: string | null;
  modelText: string | null;
  statuses: string[];
  fallbackUsed: boolean;
  fallbackReason: string | null;
  prompt: LensPrompt | null;
  stages: readonly StageReceipt[];
  facts: Facts | null;
  variants: Record<string, string>;
}

/** Runtime ids of the executions of a stage (by full stage id), in order. */
function runsOf(stages: readonly StageReceipt[], stageId: string): string[] {
  return stages.filter((s) => s.stageId === stageId).map((s) => s.runtimeStageId);
}

function lastRun(stages: readonly StageReceipt[], stageId: string): string[] {
  const runs = runsOf(stages, stageId);
  return runs.length ? [runs[runs.length - 1]] : [];
}

const fmt = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Where the prompt showed candidate `id`: the candidates piece and its three lines (head, goal, reason). */
export function promptLineOf(prompt: LensPrompt | null, id: string | null): Hop['prompt'] | undefined {
  if (!prompt || !id) return undefined;
  for (const piece of prompt.pieces) {
    const lines = piece.text.split('\n');
    const at = lines.findIndex((line) => line === `- id=${id}` || line.startsWith(`- id=${id} `));
    if (at >= 0) {
      let to = at;
      while (to + 1 < lines.length && lines[to + 1].startsWith('  ')) to++;
      return { pieceIndex: piece.index, fromLine: at, toLine: to };
    }
  }
  return undefined;
}

function candidateMarks(c: LensCandidate | null): BoardMark[] {
  if (!c) return [];
  const marks: BoardMark[] = [];
  for (const cell of c.path?.cells ?? []) marks.push({ ...cell, role: 'route' });
  if (c.outcome) marks.push({ ...c.outcome.runner, role: 'outcome' });
  if (c.target) marks.push({ ...c.target, role: 'target' });
  return marks;
}

export function buildBacktrack(input: BacktrackInput): Hop[] {
  const { chosen, action, facts, stages, prompt } = input;
  const runner: BoardMark = { ...input.runner, role: 'runner' };
  const hops: Hop[] = [];

  // 1. the action
  hops.push({
    id: 'action',
    title: 'Action',
    summary: action ? `${keyName(action.keyCode)} for ${action.ticks} ticks` : 'no action (the step failed)',
    details: action
      ? [
          ['keyCode', `${action.keyCode} (${keyName(action.keyCode)})`],
          ['ticks', String(action.ticks)],
          ['reason', action.reason],
        ]
      : [],
    stages: lastRun(stages, STAGE_IDS.action),
    marks: [runner, ...(chosen?.path?.cells ?? []).map((c): BoardMark => ({ ...c, role: 'route' }))],
  });

  // 2. the chosen candidate
  const outcome = chosen?.outcome;
  hops.push({
    id: 'candidate',
    title: input.refused ? 'Requested candidate (refused)' : 'Chosen candidate',
    summary: chosen ? `${chosen.id} (${chosen.kind}, ${chosen.lane} lane, score ${chosen.score})` : 'none',
    details: chosen
      ? [
          ['label', chosen.label],
          ['goal', chosen.goal],
          [
            'score parts',
            Object.entries(chosen.scoreParts)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ') || '(none)',
          ],
          ['risk', chosen.risk],
          [
            'simulated outcome',
            outcome
              ? `runner at (${outcome.runner.x},${outcome.runner.y}) after ${outcome.ticks} ticks, gold +${outcome.goldTaken}, ${outcome.died ? `DIES (${outcome.deathCause})` : 'alive'}, closest guard ${outcome.closestGuardDistance ?? '-'}, survives after: ${outcome.survivesAfter ?? '-'}`
              : 'not simulated (no engine state / geometric variant)',
          ],
          ['target', chosen.target ? `(${chosen.target.x},${chosen.target.y})` : 'none'],
          ['how it was picked', input.fallbackUsed ? `fallback: ${input.fallbackReason ?? ''}` : 'the model’s pick, accepted'],
        ]
      : [],
    stages: [...lastRun(stages, STAGE_IDS.fallback), ...lastRun(stages, `${SUBFLOW_IDS.candidates}/${SLOT_STAGE_IDS.proposeCandidates}`)],
    marks: [runner, ...candidateMarks(chosen)],
  });

  // 3. the model's choice
  const requestedDiffers = input.requestedId !== null && chosen !== null && input.requestedId !== chosen.id;
  hops.push({
    id: 'choice',
    title: 'Model choice',
    summary: input.requestedId
      ? `the model answered ${input.requestedId}${requestedDiffers ? ` — replaced by the fallback ${chosen?.id}` : ''}`
      : 'the model gave no usable id',
    details: [
      ['answer', input.modelText ?? '(none)'],
      ['validation', input.statuses.join(' → ') || '(none)'],
      ...(input.fallbackUsed ? ([['fallback', input.fallbackReason ?? 'yes']] as [string, string][]) : []),
    ],
    stages: [...runsOf(stages, STAGE_IDS.callLlm), ...runsOf(stages, STAGE_IDS.validate)],
    marks: [runner, ...(chosen?.target ? [{ ...chosen.target, role: 'target' as const }] : [])],
  });

  // 4. the prompt line that showed it
  const line = promptLineOf(prompt, chosen?.id ?? input.requestedId);
  const piece = line ? prompt?.pieces[line.pieceIndex] : undefined;
  hops.push({
    id: 'prompt',
    title: 'Prompt line',
    summary: piece
      ? `line ${line!.fromLine + 1} of the “${piece.section}” section (slot ${piece.slot})`
      : 'the chosen candidate is not in the prompt (an emergency hold or a fallback outside the list)',
    details: piece
      ? [
          [
            'shown as',
            piece.text
              .split('\n')
              .slice(line!.fromLine, line!.toLine + 1)
              .join('\n'),
          ],
        ]
      : [],
    stages: runsOf(stages, STAGE_IDS.messageApi),
    marks: [runner, ...(chosen?.target ? [{ ...chosen.target, role: 'target' as const }] : [])],
    ...(line ? { prompt: line } : {}),
  });

  // 5. the slot and the stage that wrote the line
  const slot = piece?.slot ?? 'candidates';
  const mount = SUBFLOW_IDS[slot as keyof typeof SUBFLOW_IDS] ?? SUBFLOW_IDS.candidates;
  const writers = stages.filter((s) => s.stageId.startsWith(`${mount}/`) || s.stageId === mount).map((s) => s.runtimeStageId);
  const context = stages.find((s) => s.stageId === STAGE_IDS.context);
  const rule = context?.selection?.selected.find((r) => r.branch === mount);
  hops.push({
    id: 'slot',
    title: 'Slot and stage',
    summary: `slot ${slot} (variant ${input.variants[slot] ?? 'default'}), written by ${writers.filter((w) => w.includes('/')).join(', ') || mount}`,
    details: [
      ['slot', `${slot} — variant ${input.variants[slot] ?? 'default'}`],
      ['stages', writers.join(', ') || '(none)'],
      [
        'selected by',
        rule
          ? `${rule.rule ?? rule.branch}${rule.evidence.length ? ` (${rule.evidence.join('; ')})` : ''}`
          : 'the chart itself (task, rules, history)',
      ],
    ],
    stages: [...writers, ...(context ? [context.runtimeStageId] : [])],
    marks: [runner, ...(chosen?.target ? [{ ...chosen.target, role: 'target' as const }] : [])],
  });

  // 6. the facts the candidate was built from
  const propose = stages.find((s) => s.stageId === `${SUBFLOW_IDS.candidates}/${SLOT_STAGE_IDS.proposeCandidates}`);
  const factMarks: BoardMark[] = [runner];
  const details: [string, string][] = [['read by the candidates stage', propose ? propose.reads.map((r) => r.key).join(', ') : '(none)']];
  if (facts) {
    const m = facts.movement;
    details.push(
      [
        'runner',
        `(${facts.runner.x},${facts.runner.y}) ${facts.runner.actionName}${facts.runner.falling ? ', falling' : ''}${facts.runner.onLadder ? ', on a ladder' : ''}${facts.runner.onRope ? ', on a rope' : ''}`,
      ],
      ['can move', (['left', 'right', 'up', 'down'] as const).map((d) => `${d} ${m[d].ok ? 'yes' : `no (${m[d].reason})`}`).join('; ')],
      ['can dig', `left ${facts.dig.left.ok ? 'yes' : 'no'}, right ${facts.dig.right.ok ? 'yes' : 'no'}`],
      [
        'risk',
        `${facts.risk.level}${facts.risk.pressureGuardId !== null ? `, pressure guard ${facts.risk.pressureGuardId}` : ''}${facts.risk.ticksToContact !== null ? `, contact in ${facts.risk.ticksToContact} ticks` : ''}`,
      ],
      ['progress target', facts.primaryProgressTarget ? fmt(facts.primaryProgressTarget) : 'none'],
      ['gold', `${facts.gold.remaining} left${facts.goldComplete ? ' (all taken: exit)' : ''}`],
    );
    for (const g of facts.guards) factMarks.push({ x: g.x, y: g.y, role: 'guard' });
    const target = chosen?.target;
    const gold = target ? facts.nearestGold.find((g) => g.x === target.x && g.y === target.y) : undefined;
    if (gold) details.push(['the target gold', fmt(gold)]);
    if (target) factMarks.push({ ...target, role: gold ? 'gold' : 'target' });
  }
  hops.push({
    id: 'facts',
    title: 'Facts',
    summary: facts
      ? `runner (${facts.runner.x},${facts.runner.y}), risk ${facts.risk.level}, ${facts.gold.remaining} gold left`
      : 'no facts captured',
    details,
    stages: [...lastRun(stages, STAGE_IDS.analyze), ...(propose ? [propose.runtimeStageId] : [])],
    marks: factMarks,
  });
  return hops;
}
