// Forward simulation as a specification: what survives() and holdsOut() count as staying alive.
// Alive at the horizon inside a hole that will refill is a death postponed, so it does not count;
// survivalPath() says how the runner stays alive when he can.
import { describe, expect, it } from 'vitest';
import { holdsOut, inDugHole, survivalPath, survives } from '../../src/agent/sim.js';
import { KEY } from '../../src/game/keys.js';
import { sceneGame } from './helpers/scene.js';

describe('forward simulation', () => {
  it('does not count a runner sealed in a hole that refills after the horizon as surviving it', () => {
    // runner (6,13) digs the brick (7,14) of a one-brick gap in a solid row and drops in: solid
    // floor below, solid walls around, so he stays there until the hole refills (186 ticks)
    const game = sceneGame(['      &', '@@@@@@@#@@@@@@@@@@@@@@@@@@@@'], {
      keys: [
        [KEY.DIG_RIGHT, 20],
        [KEY.RIGHT, 12],
      ],
    });
    const s = game.state;
    expect(s.status).toBe('running');
    expect(inDugHole(s)).toBe(true);
    expect(survives(s, 100)).toBe(false);
    expect(holdsOut(s, 100)).toBe(false);
    expect(survivalPath(s, 100)).toBeNull();
  });

  it('finds the keys that keep a runner alive when there is a way, and they do', () => {
    // runner (1,13), guard (9,13) closing in on an open floor: running left and back is no use,
    // but there is room to stay alive (dig a trap, or keep away) for 60 ticks
    const game = sceneGame(['', ' &       0', '#'.repeat(28)]);
    const path = survivalPath(game.state, 60);
    expect(path).not.toBeNull();
    for (const key of path!) game.press(key, 6);
    expect(game.state.status).toBe('running');
    expect(game.state.tick).toBeGreaterThanOrEqual(60);
  });
});
