// Assembles the model request (agent-planner §6, the messageAPI stage): the system text plus
// one user message joining the pieces in the fixed section order, whatever order they arrive
// in; absent pieces (null: no stall, no retry) are left out. A piece re-tagged by its caller
// (e.g. with the chart's own slot name) is placed by its section title instead.
import { PROMPT_SLOT_IDS, SECTION_TITLES, type PromptPiece } from './slots.js';
import { systemPrompt } from './system.js';

/** Any piece-shaped section: our PromptPiece, or one a caller tagged with its own slot name. */
export type PieceLike = Omit<PromptPiece, 'slot'> & { slot: string };

export interface AssembledPrompt<P extends PieceLike = PromptPiece> {
  system: string;
  user: string;
  /** The pieces that went into `user`, in the order they appear. */
  pieces: P[];
}

const TITLE_ORDER: readonly string[] = PROMPT_SLOT_IDS.map((slot) => SECTION_TITLES[slot]);

/** Position of a piece in the §6 order: by slot id, else by section title, else after the known ones. */
function rankOf(p: PieceLike): number {
  const bySlot = (PROMPT_SLOT_IDS as readonly string[]).indexOf(p.slot);
  if (bySlot >= 0) return bySlot;
  const byTitle = TITLE_ORDER.indexOf(p.section);
  return byTitle >= 0 ? byTitle : PROMPT_SLOT_IDS.length;
}

export function assemblePrompt<P extends PieceLike = PromptPiece>(
  pieces: readonly (P | null | undefined)[],
  options: { system?: string } = {},
): AssembledPrompt<P> {
  const ordered = pieces
    .filter((p): p is P => p !== null && p !== undefined)
    .map((p, i) => ({ p, i, rank: rankOf(p) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ p }) => p);
  return { system: options.system ?? systemPrompt(), user: ordered.map((p) => p.text).join('\n\n'), pieces: ordered };
}
