// The prompt's building block (agent-planner §6): a piece is one section of the user message,
// tagged with the slot that produced it so receipts can hash each piece per slot; plus the fixed
// section order and titles that every piece and assemblePrompt follow.

/** Ids of the slots that produce prompt pieces, in the order their sections appear (§6). */
export const PROMPT_SLOT_IDS = ['task', 'rules', 'state-summary', 'stall-report', 'candidates', 'history', 'retry'] as const;
export type SlotId = (typeof PROMPT_SLOT_IDS)[number];

/** Each slot's section title: the heading line of its text. */
export const SECTION_TITLES: Readonly<Record<SlotId, string>> = {
  task: 'Task',
  rules: 'Game rules',
  'state-summary': 'State summary',
  'stall-report': 'Stall report',
  candidates: 'Candidates',
  history: 'Recent behaviour',
  retry: 'Retry instruction',
};

export interface PromptPiece {
  /** The slot that produced the piece. */
  slot: SlotId;
  /** The section's title (also its heading in the text). */
  section: string;
  /** The section as sent: `Title:` on the first line, then the body. */
  text: string;
}

/** The slot's piece: its title as a `Title:` heading line, then the body lines. */
export function piece(slot: SlotId, body: string | readonly string[]): PromptPiece {
  const section = SECTION_TITLES[slot];
  return { slot, section, text: `${section}:\n${typeof body === 'string' ? body : body.join('\n')}` };
}

/** A number as the prompt shows it: integers as is, others with one decimal (no float noise). */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
