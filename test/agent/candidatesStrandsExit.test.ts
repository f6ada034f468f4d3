// The candidates' exit check (candidates.ts strandsExit): a step that leaves the runner where the
// lasting terrain, with the exit's hidden ladders shown, has no way to the top row is marked down
// (`strandsExit` -80), though every gold stays in reach. The fixture is a real decision of the
// agent's own play (Classic 16, seed 1, tick 628): on the ladder above a trap door into a pit
// holding the last six gold, whose own ladder ends under a brick. Unmarked, the local policy took
// the step down when the stall report blocked the planned route, and the level ended in the pit.
// The second fixture (Classic 104, engine seed 2, tick 896) is a step that ends inside an open
// hole: the runner on the ledge (21,5) beside the hole (22,6) a stall recovery dug above the last
// gold, which lies in a one-wide pocket (22,7) walled in by bricks. A step right drops him through
// the hole into the pocket, and the hole refills above him; judged only where he stands (a brick
// of the lasting terrain), it went unmarked, the local policy took it and the level ended there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planStep } from '../../src/agent/planStep.js';
import { snapshotSchema } from '../../src/agent/schemas.js';

const classic16 = snapshotSchema.parse(JSON.parse(readFileSync(new URL('../fixtures/classic-16-tick-628.json', import.meta.url), 'utf8')));
const inPit = (c: { x: number; y: number }) => c.y >= 14 && c.x >= 16 && c.x <= 25;
const classic104 = snapshotSchema.parse(
  JSON.parse(readFileSync(new URL('../fixtures/classic-104-seed-2-tick-896.json', import.meta.url), 'utf8')),
);

describe('candidates: a step that leaves the exit behind for good', () => {
  const step = planStep(classic16, [], { candidateLimit: 12 });
  const simulated = step.candidates.filter((c) => c.outcome?.simulated);

  it('marks every step that ends in the pit strandsExit -80', () => {
    const down = simulated.filter((c) => inPit(c.outcome!.runner));
    expect(down.length).toBeGreaterThan(0);
    for (const c of down) expect(c.scoreParts.strandsExit).toBe(-80);
  });

  it('marks none that keeps the runner out, and the gold alone does not mark the pit', () => {
    const out = simulated.filter((c) => !inPit(c.outcome!.runner));
    expect(out.length).toBeGreaterThan(0);
    for (const c of out) expect(c.scoreParts.strandsExit).toBeUndefined();
    for (const c of simulated) expect(c.scoreParts.strandsGold).toBeUndefined();
  });
});

describe('candidates: a step into an open hole whose only way on is a sealed pocket', () => {
  const step = planStep(classic104, [], { candidateLimit: 12 });
  const simulated = step.candidates.filter((c) => c.outcome?.simulated);

  it('marks the step that ends in the hole strandsExit -80, judged from where the hole leads', () => {
    const intoHole = simulated.filter((c) => c.outcome!.runner.x === 22 && c.outcome!.runner.y === 6);
    expect(intoHole.length).toBeGreaterThan(0);
    for (const c of intoHole) expect(c.scoreParts.strandsExit).toBe(-80);
  });

  it('marks none that keeps the runner on the ledge', () => {
    const onLedge = simulated.filter((c) => c.outcome!.runner.y === 5);
    expect(onLedge.length).toBeGreaterThan(0);
    for (const c of onLedge) expect(c.scoreParts.strandsExit).toBeUndefined();
  });
});
