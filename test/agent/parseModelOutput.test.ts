// The model-output parser (agent-planner §7) as a specification: fenced, plain and `json`-prefixed
// JSON objects with a non-empty string candidateId are accepted; anything else is a parse_error
// whose message tells the model exactly what to send instead.
import { describe, expect, it } from 'vitest';
import { MAX_REASON_CHARS, REPLY_CONTRACT, parseModelOutput } from '../../src/agent/parseModelOutput.js';

const ID = 'collect_gold_17_14_right';
const reply = JSON.stringify({ candidateId: ID, reason: 'closest gold on my row' });

describe('parseModelOutput accepts', () => {
  it('a plain JSON object', () => {
    expect(parseModelOutput(reply)).toEqual({ ok: true, candidateId: ID, reason: 'closest gold on my row' });
  });

  it('a ```json fenced object', () => {
    expect(parseModelOutput('```json\n' + reply + '\n```')).toMatchObject({ ok: true, candidateId: ID });
  });

  it('a bare ``` fenced object, also on one line', () => {
    expect(parseModelOutput('```\n' + reply + '\n```')).toMatchObject({ ok: true, candidateId: ID });
    expect(parseModelOutput('```' + reply + '```')).toMatchObject({ ok: true, candidateId: ID });
  });

  it('an object after a leading `json` line', () => {
    expect(parseModelOutput('json\n' + reply)).toMatchObject({ ok: true, candidateId: ID });
  });

  it('leading and trailing whitespace around any of these', () => {
    expect(parseModelOutput(`\n\n  ${reply}  \n`)).toMatchObject({ ok: true, candidateId: ID });
    expect(parseModelOutput('  ```json\n' + reply + '\n```\n')).toMatchObject({ ok: true, candidateId: ID });
  });

  it('an object without a reason (reason becomes empty) and cuts a long reason at 500 characters', () => {
    expect(parseModelOutput(`{"candidateId": "${ID}"}`)).toEqual({ ok: true, candidateId: ID, reason: '' });
    const long = parseModelOutput(JSON.stringify({ candidateId: ID, reason: 'x'.repeat(900) }));
    expect(long.ok && long.reason.length).toBe(MAX_REASON_CHARS);
  });
});

describe('parseModelOutput rejects with parse_error and a message for the model', () => {
  const rejects = (text: string) => {
    const result = parseModelOutput(text);
    expect(result.ok).toBe(false);
    if (result.ok) throw new Error('accepted');
    expect(result.status).toBe('parse_error');
    expect(result.error).toContain(`Reply with exactly ${REPLY_CONTRACT}`);
    return result.error;
  };

  it('prose', () => {
    expect(rejects('I think moving right is best.')).toMatch(/^Your reply was not a JSON object \(it began "I think moving right/);
  });

  it('prose around an otherwise valid object (the contract is JSON only)', () => {
    expect(rejects(`Sure! Here is my choice: ${reply}`)).toMatch(/^Your reply had text around the JSON object/);
    expect(rejects(`${reply}\nI picked it because it is close.`)).toMatch(/^Your reply had text around the JSON object/);
  });

  it('an array', () => {
    expect(rejects(`[${reply}]`)).toMatch(/^Your reply was a JSON array/);
  });

  it('a number or a bare string', () => {
    expect(rejects('3')).toMatch(/^Your reply was not a JSON object \(it was the JSON number/);
    expect(rejects(`"${ID}"`)).toMatch(/it was the JSON string/);
  });

  it('{} and objects without candidateId', () => {
    expect(rejects('{}')).toMatch(/^Your JSON object had no "candidateId" field/);
    expect(rejects('{"id": "x"}')).toMatch(/no "candidateId" field/);
  });

  it('an empty or non-string candidateId', () => {
    expect(rejects('{"candidateId": ""}')).toMatch(/^The "candidateId" field was empty/);
    expect(rejects('{"candidateId": "   "}')).toMatch(/was empty/);
    expect(rejects('{"candidateId": 3}')).toMatch(/must be a string id .* not a number/);
  });

  it('broken JSON and an empty reply', () => {
    expect(rejects("{candidateId: 'x'}")).toMatch(/^Your reply looked like a JSON object but is not valid JSON/);
    expect(rejects('   ')).toMatch(/^Your reply was empty/);
    expect(rejects('```json\n```')).toMatch(/^Your reply was empty/);
  });
});
