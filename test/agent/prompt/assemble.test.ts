// Prompt assembly (agent-planner §6): the system text plus a user message whose sections follow
// the fixed order (task, rules, state summary, stall report, candidates, history, retry)
// whatever order the pieces arrive in; absent pieces leave no trace; same input, same prompt.
import { describe, expect, it } from 'vitest';
import {
  PROMPT_SLOT_IDS,
  assemblePrompt,
  candidatesPiece,
  historyPiece,
  retryPiece,
  rulesPiece,
  stallReportPiece,
  stateSummaryPiece,
  systemPrompt,
  taskPiece,
} from '../../../src/agent/prompt/index.js';
import { stallReport } from '../../../src/agent/stallReport.js';
import { STOP, repeatSteps, track } from '../helpers/history.js';
import { planScene } from '../helpers/scene.js';

const { plan, snapshot } = planScene(['  &   0        $', '#'.repeat(28)]);
const stalled = stallReport(track({ x: 4, y: 9 }, repeatSteps(4, ['wait_or_stop_here_stop', STOP, 4, 9])), { goldComplete: false });

function allPieces() {
  return [
    taskPiece(),
    rulesPiece(),
    stateSummaryPiece(plan.facts, 'compact'),
    stallReportPiece(stalled),
    candidatesPiece(plan.candidates),
    historyPiece([]),
    retryPiece({ retryInstruction: 'Choose one of the listed ids.' }),
  ];
}

describe('assemblePrompt', () => {
  it('orders the sections as §6 says, whatever order the pieces come in', () => {
    const shuffled = [...allPieces()].reverse();
    const prompt = assemblePrompt(shuffled);
    expect(prompt.pieces.map((p) => p.slot)).toEqual([...PROMPT_SLOT_IDS]);
    const offsets = prompt.pieces.map((p) => prompt.user.indexOf(`${p.section}:\n`));
    expect(offsets.every((at) => at >= 0)).toBe(true);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(prompt.system).toBe(systemPrompt());
  });

  it('joins exactly the pieces’ texts', () => {
    const prompt = assemblePrompt(allPieces());
    expect(prompt.user).toBe(prompt.pieces.map((p) => p.text).join('\n\n'));
  });

  it('leaves out the stall report when severity is none, and the retry when there is none', () => {
    const quiet = stallReport([], { goldComplete: false });
    const prompt = assemblePrompt([
      taskPiece(),
      rulesPiece(),
      stateSummaryPiece(plan.facts),
      stallReportPiece(quiet),
      candidatesPiece(plan.candidates),
      historyPiece([]),
      retryPiece({ retryInstruction: null }),
    ]);
    expect(prompt.pieces.map((p) => p.slot)).toEqual(['task', 'rules', 'state-summary', 'candidates', 'history']);
    expect(prompt.user).not.toContain('Stall report:');
    expect(prompt.user).not.toContain('Retry instruction:');
    expect(prompt.user).not.toMatch(/do not choose blocked/i);
  });

  it('shows the board only with the with-board state summary', () => {
    const board = assemblePrompt([taskPiece(), stateSummaryPiece(plan.facts, 'with-board', snapshot.grid)]);
    const compact = assemblePrompt([taskPiece(), stateSummaryPiece(plan.facts, 'compact')]);
    expect(board.user).toContain(`13|${snapshot.grid[13]}|`);
    expect(compact.user).not.toContain(`|${snapshot.grid[13]}|`);
  });

  it('places a piece tagged with a foreign slot name by its section title', () => {
    const retagged = { ...historyPiece([]), slot: 'message-api' };
    const prompt = assemblePrompt([retagged, { ...taskPiece(), slot: 'message-api' }, candidatesPiece(plan.candidates)]);
    expect(prompt.pieces.map((p) => p.section)).toEqual(['Task', 'Candidates', 'Recent behaviour']);
  });

  it('is deterministic', () => {
    expect(assemblePrompt(allPieces())).toEqual(assemblePrompt(allPieces()));
  });
});
