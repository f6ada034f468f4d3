// The stall report section (agent-planner §5, §6, slot `stall-report`): present only when the
// supervisor found a loop; says what loops, which candidates are blocked ("do not choose blocked
// candidates") and the recovery hint.
import type { StallReport } from '../schemas.js';
import { piece, type PromptPiece } from './slots.js';

/** The stall report piece, or null when severity is none (the section is then left out). */
export function stallReportPiece(report: StallReport): PromptPiece | null {
  if (report.severity === 'none') return null;
  const lines = [`You are stuck (${report.type.replaceAll('_', ' ')}): ${report.reason}.`];
  if (report.recoveryHint) lines.push(report.recoveryHint);
  if (report.blockedCandidateIds.length > 0) lines.push(`Blocked candidates: ${report.blockedCandidateIds.join(', ')}.`);
  if (report.blockedCandidateKinds.length > 0) lines.push(`Blocked kinds: ${report.blockedCandidateKinds.join(', ')}.`);
  if (report.blockedDirections.length > 0) lines.push(`Blocked directions: ${report.blockedDirections.join(', ')}.`);
  if (report.preferredCandidateKinds.length > 0) lines.push(`Preferred kinds: ${report.preferredCandidateKinds.join(', ')}.`);
  lines.push('Do not choose blocked candidates.');
  return piece('stall-report', lines);
}
