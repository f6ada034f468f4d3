// The prompt never contradicts itself or the state, as a property over recorded runs: episodes of
// Classic and Championship levels (several seeds, step caps) are played through the planning chart
// with the `local` profile — one run in three by a model that sometimes answers a blocked id, so
// retries happen — and every prompt is checked against the exact engine state it was built from.
// The expected forecasts are computed here, by stepping the engine directly.
import { beforeAll, describe, expect, it } from 'vitest';
import { STALL_WORDS } from '../../../src/agent/prompt/stallReport.js';
import { ACT_CLIMB_OUT, ACT_IN_HOLE, ACT_REBORN, TILE_H, TILE_W } from '../../../src/game/constants.js';
import { KEY } from '../../../src/game/keys.js';
import { cloneState, restoreState } from '../../../src/game/serialize.js';
import type { GameState } from '../../../src/game/state.js';
import { advance } from '../../../src/game/tick.js';
import { readCandidates, type ReadCandidate } from '../../../src/llm/localPolicy.js';
import type { ModelReply, ModelRequest } from '../../../src/llm/provider.js';
import { recordEpisodePrompts, type RecordedPrompt } from '../../../src/runner/recordPrompts.js';

const CLASSIC = 1;
const CHAMPIONSHIP = 2;
const RUNS = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((level) => ({ playData: CLASSIC, level })),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((level) => ({ playData: CHAMPIONSHIP, level })),
].flatMap((run, i) => [{ ...run, seed: 1 + (i % 3), stubborn: i % 3 === 2 }]);
const STEP_CAP = 110;
/** A smaller plan search budget than the default 40,000 ticks keeps the recording quick; the prompts are built the same way. */
const SEARCH_BUDGET_TICKS = 6000;

/** A model that answers the first blocked id listed, when there is one, on its first attempt. */
function stubborn(req: ModelRequest, local: ModelReply): ModelReply {
  const blocked = readCandidates(req.user).find((c) => c.blocked);
  if (!blocked || req.meta.retry) return local;
  return { ...local, text: JSON.stringify({ candidateId: blocked.id, reason: 'stubborn' }) };
}

const prompts: (RecordedPrompt & { run: string })[] = [];

beforeAll(async () => {
  for (const run of RUNS) {
    const recorded = await recordEpisodePrompts({
      ...run,
      maxSteps: STEP_CAP,
      planSearch: { budgetTicks: SEARCH_BUDGET_TICKS },
      answer: run.stubborn ? stubborn : undefined,
    });
    prompts.push(...recorded.prompts.map((p) => ({ ...p, run: `${run.playData}/${run.level} seed ${run.seed}` })));
  }
}, 300_000);

// ---------------------------------------------------------------- reading the prompt

const section = (user: string, title: string): string | null => {
  const start = user.indexOf(`\n${title}:\n`);
  if (start < 0 && !user.startsWith(`${title}:\n`)) return null;
  const rest = user.slice(start < 0 ? 0 : start + 1);
  const end = rest.indexOf('\n\n');
  return end < 0 ? rest : rest.slice(0, end);
};
const lineStarting = (text: string, head: string) => text.split('\n').find((l) => l.startsWith(head)) ?? null;
const idsAfter = (line: string | null, head: string) =>
  line === null
    ? []
    : line
        .slice(line.indexOf(head) + head.length)
        .replace(/\.$/, '')
        .split(', ');

// ---------------------------------------------------------------- the engine, stepped here

const stateOf = (p: RecordedPrompt): GameState => restoreState(p.snapshot.engineState!);
const stepped = (s: GameState, t: number) => advance(s, t === 1 ? KEY.STOP : undefined);

/** Standing still: the tick the runner dies and the guard nearest him then (null: none within 60 ticks). */
function expectedContact(state: GameState): { ticks: number; guardId: number | null } | null {
  const s = cloneState(state, false);
  for (let t = 1; t <= 60; t++) {
    if (!stepped(s, t) || s.status === 'finish') return null;
    if (s.status === 'runner_dead') {
      if (s.deathCause === 'hole') return { ticks: t, guardId: null };
      const d = (i: number) =>
        Math.hypot(
          s.guards[i].x * TILE_W + s.guards[i].xOffset - (s.runner.x * TILE_W + s.runner.xOffset),
          s.guards[i].y * TILE_H + s.guards[i].yOffset - (s.runner.y * TILE_H + s.runner.yOffset),
        );
      const live = s.guards.map((_, i) => i).filter((i) => s.guards[i].action !== ACT_REBORN);
      return { ticks: t, guardId: live.sort((a, b) => d(a) - d(b))[0] ?? null };
    }
  }
  return null;
}

/** Standing still in god mode: the tick guard `id` is out of its hole, and the tick each hole is solid again. */
function expectedRelease(state: GameState, id: number): number | null {
  const s = cloneState(state, false);
  s.godMode = true;
  for (let t = 1; t <= 200; t++) {
    if (!stepped(s, t) || s.status !== 'running') return null;
    if (![ACT_IN_HOLE, ACT_CLIMB_OUT, ACT_REBORN].includes(s.guards[id].action)) return t;
  }
  return null;
}
function expectedRefill(state: GameState, x: number, y: number): number | null {
  const s = cloneState(state, false);
  s.godMode = true;
  for (let t = 1; t <= 200; t++) {
    if (!stepped(s, t) || s.status !== 'running') return null;
    if (!s.holes.some((h) => h.x === x && h.y === y)) return t;
  }
  return null;
}

// ---------------------------------------------------------------- the properties

describe('every prompt of many recorded runs', () => {
  it('covers at least 2,000 steps of 20 levels in two packs, with stalls, retries, trapped guards and open holes among them', () => {
    const steps = new Set(prompts.map((p) => `${p.run}#${p.stepIndex}`));
    expect(steps.size).toBeGreaterThanOrEqual(2000);
    expect(new Set(prompts.map((p) => p.run.split(' ')[0])).size).toBeGreaterThanOrEqual(20);
    expect(new Set(prompts.map((p) => p.run.split('/')[0]))).toEqual(new Set(['1', '2']));
    expect(prompts.filter((p) => p.user.includes('\nStall report:\n')).length).toBeGreaterThan(20);
    expect(prompts.filter((p) => p.retry).length).toBeGreaterThan(5);
    expect(prompts.filter((p) => /trapped, (climbs out|dies)/.test(p.user)).length).toBeGreaterThan(20);
    expect(prompts.filter((p) => p.user.includes('Open holes:')).length).toBeGreaterThan(100);
  });

  it('shows the board: every row of the act grid, fenced, open holes marked', () => {
    for (const p of prompts) {
      expect(p.user, p.run).toContain('Board (');
      const holes = new Set(p.snapshot.openHoles.map((h) => `${h.x},${h.y}`));
      p.snapshot.grid.forEach((row, y) => {
        const drawn = [...row].map((ch, x) => (ch === ' ' && holes.has(`${x},${y}`) ? 'o' : ch)).join('');
        expect(p.user).toContain(`${String(y).padStart(2, ' ')}|${drawn}|`);
      });
    }
  });

  it("gives each trapped guard's release tick and each open hole's refill tick, equal to the engine's", () => {
    for (const p of prompts) {
      const state = stateOf(p);
      const summary = section(p.user, 'State summary')!;
      for (const g of p.snapshot.guards.slice(0, 6)) {
        if (g.actionName !== 'in_hole' && g.actionName !== 'reborn') continue;
        const expected = expectedRelease(state, g.id);
        const item = new RegExp(`guard ${g.id} at \\(${g.x},${g.y}\\)[^;]*`).exec(summary)?.[0] ?? '';
        if (expected === null) expect(item, p.run).toContain('still in its hole');
        else
          expect(item, `${p.run} step ${p.stepIndex}`).toMatch(
            new RegExp(`(climbs out|is back) in ${expected} ticks \\(tick ${p.snapshot.tick + expected}\\)`),
          );
      }
      for (const h of p.snapshot.openHoles) {
        const expected = expectedRefill(state, h.x, h.y) ?? h.ticksUntilRefill;
        expect(lineStarting(summary, 'Open holes:'), p.run).toContain(`(${h.x},${h.y}) refills in ${expected} ticks`);
      }
    }
  });

  it('never calls gold unreachable beside a route to it, and says why it is unreachable', () => {
    for (const p of prompts) {
      const summary = section(p.user, 'State summary')!;
      const gold = lineStarting(summary, 'Nearest gold:') ?? '';
      const target = lineStarting(summary, 'Target:') ?? '';
      for (const item of gold.replace(/^Nearest gold: /, '').split('; ')) {
        if (!item.includes('unreachable')) continue;
        expect(item, p.run).toMatch(/unreachable \((carried by guard \d+|sealed: )/);
        expect(item).not.toMatch(/\d+ ticks|needs digging/);
        const cell = item.split(' ')[0];
        expect(target).not.toContain(`gold at ${cell}`);
      }
      if (target.startsWith('Target: none')) expect(summary).not.toContain('reachable without digging');
    }
  });

  it('says "already dug" only for a brick that is an open hole', () => {
    for (const p of prompts) {
      const dig = /Can dig: left (.*?); right (.*?)\.$/m.exec(section(p.user, 'State summary')!)!;
      const { x, y } = p.snapshot.runner;
      for (const [side, dx] of [
        [dig[1], -1],
        [dig[2], 1],
      ] as const) {
        if (!side.includes('already dug')) continue;
        expect(
          p.snapshot.openHoles.some((h) => h.x === x + dx && h.y === y + 1),
          `${p.run} step ${p.stepIndex}`,
        ).toBe(true);
      }
    }
  });

  it('has one verdict per id: the candidate lines, the stall report, the reply contract and the retry agree on what is blocked', () => {
    for (const p of prompts) {
      const candidates = readCandidates(p.user);
      const open = new Set(candidates.filter((c) => !c.blocked).map((c) => c.id));
      const blocked = new Set(candidates.filter((c) => c.blocked).map((c) => c.id));
      expect(new Set(p.replyIds), p.run).toEqual(open);
      const stall = section(p.user, 'Stall report');
      if (stall) {
        expect(new Set(idsAfter(lineStarting(stall, STALL_WORDS.blocked), STALL_WORDS.blocked))).toEqual(blocked);
      }
      const retry = section(p.user, 'Retry instruction');
      if (retry) {
        const asked = /(?:Choose a different id from|copied character for character|you may answer with are): ([^.]*)\./.exec(retry);
        for (const id of asked ? asked[1].split(', ') : []) expect(open.has(id), `${p.run}: retry asks for ${id}`).toBe(true);
        for (const id of blocked) if (!retry.includes(`"${id}"`)) expect(retry).not.toContain(id);
      }
    }
  });

  it('has a stall report that leaves a candidate open and advises only open candidates', () => {
    for (const p of prompts) {
      const stall = section(p.user, 'Stall report');
      if (!stall) continue;
      const candidates: ReadCandidate[] = readCandidates(p.user);
      const open = new Set(candidates.filter((c) => !c.blocked).map((c) => c.id));
      expect(open.size, `${p.run} step ${p.stepIndex}`).toBeGreaterThan(0);
      const advice = lineStarting(stall, STALL_WORDS.breakers) ?? lineStarting(stall, STALL_WORDS.openOnly);
      const advised = idsAfter(advice, advice?.startsWith(STALL_WORDS.breakers) ? STALL_WORDS.breakers : STALL_WORDS.openOnly);
      expect(advised.length).toBeGreaterThan(0);
      for (const id of advised) expect(open.has(id), `${p.run}: advises ${id}`).toBe(true);
      expect(stall).not.toMatch(/do not (stop|choose)/i);
    }
  });

  it('names, in the danger line, the guard that reaches a runner standing still first in the engine', () => {
    for (const p of prompts) {
      if (p.snapshot.guards.length === 0) continue;
      const danger = lineStarting(section(p.user, 'State summary')!, 'Danger:')!;
      const contact = expectedContact(stateOf(p));
      if (contact === null) expect(danger, p.run).toContain('standing still, no guard reaches you within 60 ticks');
      else if (contact.guardId === null) expect(danger).toContain(`refills on you in ${contact.ticks} ticks`);
      else
        expect(danger, `${p.run} step ${p.stepIndex}`).toContain(
          `standing still, guard ${contact.guardId} reaches you first, in ${contact.ticks} ticks`,
        );
    }
  });

  it('shows no risk=none beside a failed survival search', () => {
    for (const p of prompts) {
      if (!p.user.includes('no candidate passed the survival search')) continue;
      for (const line of p.user.split('\n').filter((l) => l.startsWith('- id='))) expect(line, p.run).not.toContain('risk=none');
    }
  });
});
