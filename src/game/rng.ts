// The game's only source of randomness: a seeded mulberry32 whose whole state is one
// uint32, so it serializes and clones for free and the same seed replays the same game.
// Reads and writes only the `rng` field of the game state it is handed.

export interface RngHolder {
  rng: number;
}

/** Next float in [0, 1); advances the holder's state. */
export function nextRandom(holder: RngHolder): number {
  let t = (holder.rng = (holder.rng + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Normalises any number (or a string) to a uint32 seed. */
export function seedFrom(seed: number | string): number {
  if (typeof seed === 'number' && Number.isFinite(seed)) return seed >>> 0;
  const text = String(seed);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
