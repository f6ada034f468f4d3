// The `local` policy reads only the prompt, and chooses exactly as the structured reader did: episodes
// on several levels of two packs are played through the planning chart with the text-reading policy,
// and at every step the candidate it asked for (from the prompt the chart sent) is the one the
// structured rule (`localChoice`) picks from the same step's candidates. Also with scores hidden.
import { describe, expect, it } from 'vitest';
import { planNextAction } from '../../charts/planNextAction.js';
import { historyEntry } from '../../src/agent/history.js';
import { planStep } from '../../src/agent/planStep.js';
import type { HistoryEntry } from '../../src/agent/schemas.js';
import { Game } from '../../src/game/index.js';
import { localChoice } from '../../src/llm/localPolicy.js';
import { config, localProvider, recordingProvider } from '../charts/helpers.js';

/** [playData, level, seed, showCandidateScores]: Classic and Championship levels, one with scores hidden. */
const EPISODES: [number, number, number, boolean][] = [
  [1, 1, 1, true],
  [1, 2, 1, true],
  [1, 3, 2, true],
  [1, 5, 1, false],
  [1, 10, 1, true],
  [2, 1, 1, true],
  [2, 2, 1, false],
  [2, 4, 1, true],
];
const STEPS_PER_EPISODE = 40;

describe('what the policy can read decides what it plays', () => {
  it('with the candidates variant that leaves out the simulated lines, it reads every candidate as safe', async () => {
    const game = Game.fromLevel(1, 10, { seed: 1 });
    for (let step = 0; step < 30 && !game.over; step++) {
      const snapshot = game.snapshot({ withEngineState: true });
      const { candidates } = planStep(snapshot, [], { candidateLimit: 7, maxActionTicks: 20 });
      const provider = recordingProvider(localProvider());
      const request = { playData: 1, level: 10, snapshot, history: [], traceId: 'no-outcomes', stepIndex: step, config: config() };
      const result = await planNextAction({ ...request, slots: { candidates: 'simulated-no-outcomes' } }, { provider });
      expect(provider.requests[0]!.user).not.toContain('  simulated: ');
      const blind = candidates.map((c) => ({ ...c, outcome: null }));
      expect(result.traceStep.attempts[0]!.requestedCandidateId).toBe(localChoice(blind).candidate!.id);
      game.press(result.action.keyCode, result.action.ticks);
    }
  });
});

describe('the text-reading local policy against the structured choice', () => {
  it('asks for the same candidate on every step of episodes on several levels of two packs', async () => {
    let compared = 0;
    let plannedRoutes = 0;
    for (const [playData, level, seed, showCandidateScores] of EPISODES) {
      const game = Game.fromLevel(playData, level, { seed });
      const history: HistoryEntry[] = [];
      const cfg = config((c) => (c.prompt.showCandidateScores = showCandidateScores));
      for (let step = 0; step < STEPS_PER_EPISODE && !game.over; step++) {
        const before = game.snapshot({ withEngineState: true });
        const recent = history.slice(-24);
        const provider = recordingProvider(localProvider());
        const result = await planNextAction(
          { playData, level, snapshot: before, history: recent, traceId: `parity-${playData}-${level}`, stepIndex: step, config: cfg },
          { provider },
        );
        const { candidates } = planStep(before, recent, { candidateLimit: 7, maxActionTicks: 20 });
        const where = `pack ${playData} level ${level} seed ${seed} step ${step}`;
        expect(
          result.candidates.map((c) => c.id),
          where,
        ).toEqual(candidates.map((c) => c.id));
        const structured = localChoice(candidates).candidate!;
        expect(result.traceStep.attempts[0]!.requestedCandidateId, where).toBe(structured.id);
        // The policy had nothing but the messages and the reply contract.
        expect(Object.keys(provider.requests[0]!).sort(), where).toEqual([
          'deadlineMs',
          'meta',
          'reply',
          'signal',
          'system',
          'temperature',
          'user',
        ]);
        compared++;
        if (structured.kind === 'planned_route') plannedRoutes++;
        game.press(result.action.keyCode, result.action.ticks);
        history.push(historyEntry(result.candidate.id, result.action, before, game.snapshot()));
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(plannedRoutes).toBeGreaterThan(0);
    expect(plannedRoutes).toBeLessThan(compared);
  }, 120_000);
});
