// Planner scenes, the candidate list's contract (agent-planner §4): never empty (emergency_hold
// when every proposal is rejected), sorted by (-score, id), at most candidateLimit long, and
// every proposal's fate kept as a disposition for the trace.
import { describe, expect, it } from 'vitest';
import { proposeAll } from '../../../src/agent/candidates.js';
import { plannerOptionsSchema } from '../../../src/agent/schemas.js';
import { KEY } from '../../../src/game/keys.js';
import { candidateListProblems, planScene } from '../helpers/scene.js';

describe('scene: cornered against the wall by a guard', () => {
  // runner (0,14) at the left edge, guard (1,14) next to him, gold (5,14) beyond; solid floor
  const rows = ['&0   $'];

  it.each([
    ['geometric rules', false],
    ['exact simulation', true],
  ])('falls back to emergency_hold when everything is rejected (%s)', (_mode, simulate) => {
    const { plan } = planScene(rows, {}, { simulate });
    expect(plan.candidates).toHaveLength(1);
    expect(plan.candidates[0]).toMatchObject({ kind: 'emergency_hold', firstAction: { keyCode: KEY.STOP, ticks: 2 } });
    const rejected = plan.dispositions.filter((d) => d.disposition === 'safety_rejection').map((d) => d.id);
    expect(rejected).toEqual(expect.arrayContaining(['collect_gold_5_14_right', 'wait_or_stop_here_stop']));
    expect(plan.dispositions.some((d) => d.id === plan.candidates[0].id && d.disposition === 'exposed')).toBe(true);
  });
});

describe('scene: many applicable proposals', () => {
  // runner (2,13) on bricks, guard (6,13) at medium risk, gold (15,13): routes, retreat, defensive dig, wait
  const rows = ['  &   0        $', '#'.repeat(28)];

  it('keeps the default list sorted, within 7, each shown candidate exposed once', () => {
    const { plan } = planScene(rows);
    expect(plan.candidates.length).toBeGreaterThan(2);
    expect(candidateListProblems(plan, 7)).toEqual([]);
  });

  it('truncates to candidateLimit and records the rest as limit_truncated', () => {
    const { plan } = planScene(rows, {}, { candidateLimit: 2 });
    expect(candidateListProblems(plan, 2)).toEqual([]);
    expect(plan.candidates).toHaveLength(2);
    const truncated = plan.dispositions.filter((d) => d.disposition === 'limit_truncated');
    expect(truncated.length).toBeGreaterThan(0);
    const shown = new Set(plan.candidates.map((c) => c.id));
    for (const d of truncated) expect(shown.has(d.id)).toBe(false);
    // the truncated ones are the lower-ranked ones: the full list's top two are the ones shown
    const full = planScene(rows).plan;
    expect(plan.candidates.map((c) => c.id)).toEqual(full.candidates.slice(0, 2).map((c) => c.id));
  });

  it('keeps one disposition per proposal (rejected, deduplicated, truncated or exposed)', () => {
    const options = plannerOptionsSchema.parse({ candidateLimit: 2 });
    const { plan } = planScene(rows, {}, { candidateLimit: 2, planSearch: false });
    const proposals = proposeAll({ analysis: plan.analysis, facts: plan.facts, options });
    expect(plan.dispositions).toHaveLength(proposals.length);
    const kinds = new Set(plan.dispositions.map((d) => d.disposition));
    expect(kinds).toEqual(new Set(['exposed', 'limit_truncated', 'safety_rejection']));
    expect(plan.dispositions.find((d) => d.disposition === 'safety_rejection')!.why).not.toBe('');
  });
});
