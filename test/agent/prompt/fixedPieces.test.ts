// The fixed prompt pieces (agent-planner §6, §7): system text, task with the output contract,
// game rules and the retry instruction; checked by property (slot, heading, key phrases, size),
// not by exact text, so wording can be tuned without rewriting tests.
import { describe, expect, it } from 'vitest';
import { REPLY_CONTRACT } from '../../../src/agent/parseModelOutput.js';
import { retryPiece, rulesPiece, systemPrompt, taskPiece } from '../../../src/agent/prompt/index.js';

describe('systemPrompt', () => {
  it('gives the role: choose one candidate id, JSON only', () => {
    const text = systemPrompt();
    expect(text).toMatch(/one candidate id/);
    expect(text).toMatch(/JSON only/);
    expect(text).toContain(REPLY_CONTRACT);
    expect(text.length).toBeLessThan(500);
    expect(systemPrompt()).toBe(text);
  });
});

describe('taskPiece', () => {
  it('is the task slot, headed Task:, with the output contract', () => {
    const p = taskPiece();
    expect(p).toMatchObject({ slot: 'task', section: 'Task' });
    expect(p.text.startsWith('Task:\n')).toBe(true);
    expect(p.text).toContain('"candidateId"');
    expect(p.text).toContain('"reason"');
    expect(p.text).toContain(REPLY_CONTRACT);
  });
});

describe('rulesPiece', () => {
  it('is the rules slot and names the rules a move choice depends on, briefly', () => {
    const p = rulesPiece();
    expect(p).toMatchObject({ slot: 'rules', section: 'Game rules' });
    for (const word of ['gold', 'guard', 'dig', 'ladder', 'rope', 'hole', 'top row']) expect(p.text.toLowerCase()).toContain(word);
    expect(p.text.length).toBeLessThan(900);
  });
});

describe('retryPiece', () => {
  it('carries the validation’s retry instruction under Retry instruction:', () => {
    const instruction = '"collect_gold_1_2_left" is not one of the candidates shown. Choose exactly one of these ids: a, b.';
    const p = retryPiece({ retryInstruction: instruction });
    expect(p).not.toBeNull();
    expect(p!.slot).toBe('retry');
    expect(p!.text.startsWith('Retry instruction:')).toBe(true);
    expect(p!.text).toContain(instruction);
  });

  it('is absent when there is nothing to retry', () => {
    expect(retryPiece({ retryInstruction: null })).toBeNull();
    expect(retryPiece({ retryInstruction: '  ' })).toBeNull();
  });
});
