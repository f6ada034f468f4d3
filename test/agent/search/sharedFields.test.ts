// The fields shared by the searches of one process are keyed by all they are computed from: the
// same terrain and targets give the field already built (the time saved), while a terrain that
// differs in one open hole, or in one gold, or other targets, gets a field of its own. A cache
// keyed by less would hand a search another search's field and make its plan depend on what ran
// before it (the lens re-runs a step in a process that has run others).
import { describe, expect, it } from 'vitest';
import { idx } from '../../../src/game/constants.js';
import { buildNavGraph, costToGo, UNREACHABLE } from '../../../src/agent/nav.js';
import { maskKey, sharedField } from '../../../src/agent/search/sharedFields.js';
import { terrainFromState } from '../../../src/agent/terrain.js';
import { sceneGame } from '../helpers/scene.js';

// The sortie spec's pocket: gold (6,14) behind a brick (7,14) beside a ladder at x=8.
const ladder = Array.from({ length: 13 }, () => '        H');
const scene = [...ladder, '     @@ H', '     @$#H   &'];

const onLadder = (): Uint8Array => {
  const mask = new Uint8Array(448);
  for (let y = 0; y < 16; y++) mask[idx(8, y)] = 1;
  return mask;
};

describe('fields shared by the searches', () => {
  it('gives the field already built for the same terrain and targets, equal to a fresh one', () => {
    const s = sceneGame(scene).state;
    const targets = onLadder();
    const first = sharedField(terrainFromState(s), targets, maskKey(targets));
    const again = sharedField(terrainFromState(s), targets, maskKey(targets));
    expect(again).toBe(first);
    const fresh = costToGo(
      buildNavGraph(terrainFromState(s)),
      [...targets.keys()].filter((i) => targets[i]),
    );
    expect([...first.toGo]).toEqual([...fresh]);
  });

  it('builds its own field for a terrain with one more hole open: the pocket opens', () => {
    const game = sceneGame(scene);
    const targets = onLadder();
    const closed = sharedField(terrainFromState(game.state), targets, maskKey(targets));
    expect(closed.toGo[idx(6, 14)]).toBe(UNREACHABLE);
    const open = structuredClone(game.state);
    open.act[idx(7, 14)] = 0; // the brick dug open (the terrain reads base brick, act empty)
    const opened = sharedField(terrainFromState(open), targets, maskKey(targets));
    expect(opened).not.toBe(closed);
    expect(opened.toGo[idx(6, 14)]).toBeLessThan(UNREACHABLE);
  });

  it('builds its own field for other gold or other targets', () => {
    const s = sceneGame(scene).state;
    const targets = onLadder();
    const withGold = sharedField(terrainFromState(s), targets, maskKey(targets));
    const taken = structuredClone(s);
    taken.base[idx(6, 14)] = 0;
    expect(sharedField(terrainFromState(taken), targets, maskKey(targets))).not.toBe(withGold);
    const fewer = onLadder();
    fewer[idx(8, 0)] = 0;
    expect(sharedField(terrainFromState(s), fewer, maskKey(fewer))).not.toBe(withGold);
  });
});
