// The five shipped level packs, addressed as (playData, level) like the original game.
// Static JSON imports so the same module serves Node and the browser bundle; no I/O.
import championship from './levels/championship.json' with { type: 'json' };
import classic from './levels/classic.json' with { type: 'json' };
import fanBook from './levels/fanBook.json' with { type: 'json' };
import professional from './levels/professional.json' with { type: 'json' };
import revenge from './levels/revenge.json' with { type: 'json' };
import worldRecords from './levels/world-records.json' with { type: 'json' };

export const PACK_NAMES = ['classic', 'championship', 'professional', 'revenge', 'fanBook'] as const;
export type PackName = (typeof PACK_NAMES)[number];

export interface PackInfo {
  playData: number;
  name: PackName;
  levelCount: number;
}

const PACK_LEVELS: Record<PackName, readonly string[]> = {
  classic: classic.levels,
  championship: championship.levels,
  professional: professional.levels,
  revenge: revenge.levels,
  fanBook: fanBook.levels,
};

export class UnknownLevelError extends Error {}

export function packName(playData: number): PackName {
  const name = PACK_NAMES[playData - 1];
  if (!name) throw new UnknownLevelError(`playData must be 1..${PACK_NAMES.length} (${PACK_NAMES.join(', ')}); got ${playData}`);
  return name;
}

export function playDataOf(name: string): number {
  const i = PACK_NAMES.indexOf(name as PackName);
  if (i < 0) throw new UnknownLevelError(`unknown pack "${name}"; use one of ${PACK_NAMES.join(', ')}`);
  return i + 1;
}

export function listPacks(): PackInfo[] {
  return PACK_NAMES.map((name, i) => ({ playData: i + 1, name, levelCount: PACK_LEVELS[name].length }));
}

export function levelCount(playData: number): number {
  return PACK_LEVELS[packName(playData)].length;
}

/** The 448-character level string of a 1-based level in a pack. */
export function levelText(playData: number, level: number): string {
  const levels = PACK_LEVELS[packName(playData)];
  if (!Number.isInteger(level) || level < 1 || level > levels.length) {
    throw new UnknownLevelError(`${packName(playData)} has levels 1..${levels.length}; got ${level}`);
  }
  return levels[level - 1];
}

/** Ticks of the world-record run of a level, or null when none is known. */
export function worldRecordTicks(playData: number, level: number): number | null {
  const list = (worldRecords.packs as Record<string, { level: number; ticks: number }[]>)[packName(playData)];
  return list?.find((r) => r.level === level)?.ticks ?? null;
}
