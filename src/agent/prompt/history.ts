// The recent behaviour section (agent-planner §6, slot `history`): the last few history entries,
// oldest first, one line each (choice, key, where the runner went, gold), so the model sees
// what it just did without the whole history.
import type { HistoryEntry } from '../schemas.js';
import { piece, type PromptPiece } from './slots.js';

/** How many of the newest history entries the prompt shows. */
export const HISTORY_IN_PROMPT = 4;

/** One history entry as one line. */
export function renderHistoryEntry(entry: HistoryEntry): string {
  const { before, after } = entry;
  const taken = before.goldCount - after.goldCount;
  const notes = [
    `gold left ${after.goldCount}`,
    taken > 0 ? `took ${taken} gold` : '',
    after.state !== 'running' ? `game ${after.state}` : '',
  ].filter(Boolean);
  return (
    `- tick ${before.tick}: ${entry.candidateId} (keyCode ${entry.keyCode}, ${entry.ticks} ticks) ` +
    `(${before.runner.x},${before.runner.y}) -> (${after.runner.x},${after.runner.y}), ${notes.join(', ')}`
  );
}

/** The history piece: the newest `limit` entries (default 4), oldest first. */
export function historyPiece(history: readonly HistoryEntry[], limit = HISTORY_IN_PROMPT): PromptPiece {
  const recent = limit > 0 ? history.slice(-limit) : [];
  const body = recent.length > 0 ? recent.map(renderHistoryEntry) : ['- none yet (this is the first step)'];
  return piece('history', [`Your last ${recent.length} moves, oldest first:`, ...body]);
}
