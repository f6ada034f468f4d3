// The stall report section (agent-planner §5, §6, slot `stall-report`): present only when the
// supervisor found a loop; says what loops and, read off the shown candidates' one verdict
// (`stallBlocked`, `stallRecovery`), which ids are blocked and which open ones to choose. Built
// from the candidates, it cannot block them all (candidates.ts keeps one open) nor advise a move
// no candidate makes. Without candidates (the slot's own render) it says what loops only.
import type { Candidate, StallReport } from '../schemas.js';
import { piece, type PromptPiece } from './slots.js';

/** The line heads the property test and the text reader key on. */
export const STALL_WORDS = {
  blocked: 'Blocked (choosing one repeats the loop): ',
  breakers: 'Choose one of these, they break the loop: ',
  openOnly: 'No listed candidate is of a kind that breaks this loop; choose one that is not blocked: ',
} as const;

/** The stall report piece, or null when severity is none (the section is then left out). */
export function stallReportPiece(report: StallReport, shown: readonly Candidate[] | null = null): PromptPiece | null {
  if (report.severity === 'none') return null;
  const lines = [`You are stuck (${report.type.replaceAll('_', ' ')}): ${report.reason}.`];
  if (shown) {
    const blocked = shown.filter((c) => c.stallBlocked);
    const open = shown.filter((c) => !c.stallBlocked);
    const breakers = open.filter((c) => c.stallRecovery);
    if (blocked.length > 0) lines.push(`${STALL_WORDS.blocked}${ids(blocked)}.`);
    if (breakers.length > 0) lines.push(`${STALL_WORDS.breakers}${ids(breakers)}.`);
    else if (open.length > 0) lines.push(`${STALL_WORDS.openOnly}${ids(open)}.`);
  }
  return piece('stall-report', lines);
}

const ids = (candidates: readonly Candidate[]) => candidates.map((c) => c.id).join(', ');
