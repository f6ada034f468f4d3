// The context budget in the chart: with config backend.promptBudget (or the profile's own), a prompt
// over it loses its stall-blocked candidates and then its lowest-ranked open ones, then its oldest
// history, then the history section, then candidates down to one (the best open one stays); messageAPI writes what it dropped (count, section, size) and the trace step
// keeps it; a prompt whose required pieces alone do not fit is not sent and ends with status budget.
// Under candidates=simulated-unranked (listed by id) the drop order is still the planner's rank.
import { describe, expect, it } from 'vitest';
import { STAGE_IDS } from '../../charts/conventions.js';
import { BLOCKED_MARK } from '../../src/agent/prompt/candidates.js';
import { planNextAction } from '../../charts/planNextAction.js';
import { config, level1Snapshot, localProvider, oscillatingHistory, planningRequest, recordingProvider } from './helpers.js';

const snapshot = level1Snapshot();
const sizeOf = (req: { system: string; user: string }) => req.system.length + req.user.length;
const shownIds = (user: string) => [...user.matchAll(/^- id=(\S+)/gm)].map((m) => m[1]!);
const blockedIds = (user: string) =>
  new Set(user.split('\n').flatMap((l) => (l.startsWith('- id=') && l.includes(BLOCKED_MARK) ? [l.slice(5).split(' ')[0]!] : [])));
/** A candidate's lines in the prompt, with the newline before them. */
const blockOf = (user: string, id: string) => {
  const start = user.indexOf(`\n- id=${id} `);
  const rest = user.slice(start + 1);
  const next = rest.search(/\n(- id=|\n)/);
  return user.slice(start, start + 1 + (next < 0 ? rest.length : next));
};
/** The order the budget drops candidates in: the blocked ones from the bottom, then the open ones from the bottom. */
const dropOrder = (user: string) => {
  const blocked = blockedIds(user);
  const ids = shownIds(user);
  return [...ids.filter((id) => blocked.has(id)).reverse(), ...ids.filter((id) => !blocked.has(id)).reverse()];
};

async function plan(
  budget: { chars: number } | { tokens: number } | null,
  history = oscillatingHistory(snapshot),
  slots?: Record<string, string>,
) {
  const provider = recordingProvider(localProvider());
  const cfg = config((c) => (c.backend.promptBudget = budget));
  const result = await planNextAction(planningRequest(snapshot, { config: cfg, history, slots }), { provider });
  return { result, requests: provider.requests };
}

describe('a prompt budget', () => {
  it('within budget (or none): every candidate and the history are sent, nothing is recorded', async () => {
    const free = await plan(null);
    const roomy = await plan({ chars: sizeOf(free.requests[0]!) });
    expect(roomy.requests[0]!.user).toBe(free.requests[0]!.user);
    expect(free.result.traceStep.promptBudget).toBeNull();
    expect(roomy.result.traceStep.promptBudget).toBeNull();
  });

  it('just over budget: the lowest-ranked stall-blocked candidate goes first, the prompt fits, and the drop is recorded', async () => {
    const free = await plan(null);
    const full = free.requests[0]!;
    const ids = shownIds(full.user);
    expect(ids.length).toBeGreaterThan(3);
    // the oscillating history has the stall report block some candidates, ranked above open ones
    const blocked = blockedIds(full.user);
    expect(blocked.size).toBeGreaterThan(0);
    expect(blocked.has(ids.at(-1)!), 'the lowest-ranked candidate is open').toBe(false);
    const first = dropOrder(full.user)[0]!;
    expect(blocked.has(first)).toBe(true);
    const { result, requests } = await plan({ chars: sizeOf(full) - 1 });
    const sent = requests[0]!;
    expect(shownIds(sent.user)).toEqual(ids.filter((id) => id !== first));
    expect(sizeOf(sent)).toBeLessThanOrEqual(sizeOf(full) - 1);
    expect(sent.user).toContain('Recent behaviour:');
    expect(sent.reply!.candidateIds).not.toContain(first);
    expect(result.traceStep.promptBudget).toMatchObject({
      budgetChars: sizeOf(full) - 1,
      charsBefore: sizeOf(full),
      chars: sizeOf(sent),
      fits: true,
      droppedCandidateIds: [first],
      dropped: [{ section: 'Candidates', count: 1, whole: false, chars: blockOf(full.user, first).length }],
    });
    const receipt = result.traceStep.receipts.find((r) => r.stageId === STAGE_IDS.messageApi)!;
    expect(receipt.writes.map((w) => w.key)).toContain('promptBudget');
    expect(receipt.emits.map((e) => e.name)).toContain('app.prompt.budget');
    expect(result.validation.statuses).toEqual(['ok']);
  });

  it('tighter: candidates down to three, then the history oldest first and then the whole section, then candidates down to the best open one', async () => {
    const free = await plan(null);
    const full = free.requests[0]!;
    const ids = shownIds(full.user);
    // The history section comes last (no retry yet), right after the candidates section.
    const historyStart = full.user.indexOf('\n\nRecent behaviour:');
    const historyChars = full.user.length - historyStart;
    const otherCandidatesChars = historyStart - full.user.indexOf(`\n- id=${ids[1]}`);
    // Without the history and all but the best candidate the prompt is this big:
    const floor = sizeOf(full) - historyChars - otherCandidatesChars;
    const { result, requests } = await plan({ chars: floor + 50 });
    const sent = requests[0]!;
    expect(sent.user).not.toContain('Recent behaviour:');
    const kept = shownIds(sent.user);
    expect(kept.length).toBeLessThan(3);
    // what is left is the best of the open candidates, never a blocked one
    const blocked = blockedIds(full.user);
    expect(kept).toEqual(ids.filter((id) => !blocked.has(id)).slice(0, kept.length));
    expect(sizeOf(sent)).toBeLessThanOrEqual(floor + 50);
    const record = result.traceStep.promptBudget!;
    expect(record.fits).toBe(true);
    expect(record.dropped.map((d) => [d.section, d.whole])).toEqual([
      ['Candidates', false],
      ['Recent behaviour', true],
    ]);
    expect(record.droppedCandidateIds).toEqual(dropOrder(full.user).slice(0, ids.length - kept.length));
  });

  it('candidates=simulated-unranked: the budget drops the lowest-ranked candidates, not the last listed', async () => {
    const unranked = { candidates: 'simulated-unranked' };
    const rankOrder = shownIds((await plan(null, [])).requests[0]!.user);
    const full = (await plan(null, [], unranked)).requests[0]!;
    const listed = shownIds(full.user);
    expect(listed).toEqual([...rankOrder].sort());
    // two drops: by rank the last two ranked, by listing they would be the last two listed
    const lowestRanked = rankOrder.slice(-2).reverse();
    expect(lowestRanked).not.toEqual(listed.slice(-2).reverse());
    const budget = sizeOf(full) - blockOf(full.user, lowestRanked[0]!).length - 1;
    const { result, requests } = await plan({ chars: budget }, [], unranked);
    const sent = requests[0]!;
    expect(result.traceStep.promptBudget).toMatchObject({ fits: true, droppedCandidateIds: lowestRanked });
    expect(shownIds(sent.user)).toEqual(listed.filter((id) => !lowestRanked.includes(id)));
    expect(sent.user).toContain('Listed by id, not ranked; ');
    expect(sent.user).not.toContain('score');
  });

  it('a token budget counts four characters a token', async () => {
    const free = await plan(null);
    const tokens = Math.floor((sizeOf(free.requests[0]!) - 1) / 4);
    const { result } = await plan({ tokens });
    expect(result.traceStep.promptBudget).toMatchObject({ budgetChars: tokens * 4, fits: true });
  });

  it('not even the required pieces fit: no model call, status budget, the fallback plays', async () => {
    const { result, requests } = await plan({ chars: 500 });
    expect(requests).toHaveLength(0);
    expect(result.validation).toMatchObject({ statuses: ['budget'], fallbackUsed: true });
    expect(result.traceStep.modelCall).toMatchObject({ status: 'budget', reason: 'budget' });
    expect(result.traceStep.promptBudget).toMatchObject({ budgetChars: 500, fits: false });
    expect(result.action.ticks).toBeGreaterThanOrEqual(1);
  });

  it('a profile’s own budget wins over the backend’s', async () => {
    const provider = recordingProvider(localProvider());
    const cfg = config((c) => {
      c.backend.promptBudget = { chars: 500 };
      c.profiles.local = { promptBudget: null };
    });
    const result = await planNextAction(planningRequest(snapshot, { config: cfg }), { provider });
    expect(provider.requests).toHaveLength(1);
    expect(result.traceStep.promptBudget).toBeNull();
  });
});
