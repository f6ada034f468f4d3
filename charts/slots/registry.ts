// The slot registry: for each prompt slot, its subflow id, its mount (what it reads from the
// planning scope, which keys it writes back) and its named variants — each a standalone chart that
// writes the same keys. Resolves the variant per slot (request, else config, else default) and
// rejects unknown slots or variants with UnknownSlotVariantError (HTTP 400). Charts built once, cached.
import type { FlowChart } from 'footprintjs';
import type { SubflowMountOptions } from 'footprintjs/advanced';
import { SLOT_IDS, SUBFLOW_IDS, isSlotId, type SlotId } from '../conventions.js';
import { UnknownSlotVariantError } from '../errors.js';
import { buildCandidatesSlot, candidatesMount } from './candidatesSlot.js';
import type { CandidatesVariantSettings } from './candidatesState.js';
import { buildStallReportSlot, stallReportMount } from './stallReportSlot.js';
import { buildStateSummarySlot, stateSummaryMount, type StateSummaryVariant } from './stateSummarySlot.js';

export interface SlotVariant {
  name: string;
  description: string;
  build(): FlowChart;
  /** candidates variants only: how the list is built (Seed copies this into the options Analyze uses). */
  candidates?: CandidatesVariantSettings;
}

export interface SlotDefinition {
  slot: SlotId;
  subflowId: string;
  displayName: string;
  defaultVariant: string;
  variants: Readonly<Record<string, SlotVariant>>;
  mount: SubflowMountOptions;
}

const stateSummary = (name: StateSummaryVariant, description: string): SlotVariant => ({
  name,
  description,
  build: () => buildStateSummarySlot(name),
});
const candidates = (name: string, description: string, settings: CandidatesVariantSettings): SlotVariant => ({
  name,
  description,
  candidates: settings,
  build: () => buildCandidatesSlot(name, settings),
});

export const SLOT_REGISTRY: Readonly<Record<SlotId, SlotDefinition>> = {
  'state-summary': {
    slot: 'state-summary',
    subflowId: SUBFLOW_IDS['state-summary'],
    displayName: 'State summary',
    defaultVariant: 'with-board',
    mount: stateSummaryMount,
    variants: {
      compact: stateSummary('compact', 'the state summary as short labelled lines, no board'),
      json: stateSummary('json', 'the state summary as one JSON object'),
      'with-board': stateSummary('with-board', 'the compact lines plus the board, open holes marked (the default)'),
    },
  },
  candidates: {
    slot: 'candidates',
    subflowId: SUBFLOW_IDS.candidates,
    displayName: 'Candidates',
    defaultVariant: 'simulated',
    mount: candidatesMount,
    variants: {
      simulated: candidates('simulated', 'exact engine simulation plus the plan search (planned_route)', {
        simulate: true,
        planSearch: true,
      }),
      'simulated-no-search': candidates('simulated-no-search', 'exact simulation without the plan search (no planned_route)', {
        simulate: true,
        planSearch: false,
      }),
      'simulated-no-outcomes': candidates(
        'simulated-no-outcomes',
        'the default list, but the prompt leaves out each candidate’s simulated outcome (what the model can read changes, not the list)',
        { simulate: true, planSearch: true, showOutcomes: false },
      ),
      'simulated-unranked': candidates(
        'simulated-unranked',
        'the default list, but the prompt withholds the ranking: no scores, the candidates listed by id (what the model can read changes, not the list)',
        { simulate: true, planSearch: true, ranked: false },
      ),
      geometric: candidates('geometric', 'no engine simulation: geometric safety rules only', { simulate: false, planSearch: false }),
    },
  },
  'stall-report': {
    slot: 'stall-report',
    subflowId: SUBFLOW_IDS['stall-report'],
    displayName: 'Stall report',
    defaultVariant: 'default',
    mount: stallReportMount,
    variants: {
      default: {
        name: 'default',
        description: 'the stall report section, when a stall was diagnosed',
        build: () => buildStallReportSlot(true),
      },
      off: {
        name: 'off',
        description: 'no stall report section (the candidates stay stall-adjusted and Validate still enforces stall_blocked)',
        build: () => buildStallReportSlot(false),
      },
    },
  },
};

export type SlotVariants = Record<SlotId, string>;
export type VariantSource = 'request' | 'config' | 'default';

export interface ResolvedSlotVariants {
  variants: SlotVariants;
  sources: Record<SlotId, VariantSource>;
}

function checkSlots(slots: Readonly<Record<string, string>> | undefined, source: 'request' | 'config'): void {
  for (const [slot, variant] of Object.entries(slots ?? {})) {
    if (!isSlotId(slot)) throw new UnknownSlotVariantError({ slot, variant: null, source, known: SLOT_IDS });
    const known = Object.keys(SLOT_REGISTRY[slot].variants);
    if (!known.includes(variant)) throw new UnknownSlotVariantError({ slot, variant, source, known });
  }
}

/** The variant of every slot: the request's, else the config's, else the default. */
export function resolveSlotVariants(
  requestSlots?: Readonly<Record<string, string>>,
  configSlots?: Readonly<Record<string, string>>,
): ResolvedSlotVariants {
  checkSlots(requestSlots, 'request');
  checkSlots(configSlots, 'config');
  const variants = {} as SlotVariants;
  const sources = {} as Record<SlotId, VariantSource>;
  for (const slot of SLOT_IDS) {
    const fromRequest = requestSlots?.[slot];
    const fromConfig = configSlots?.[slot];
    variants[slot] = fromRequest ?? fromConfig ?? SLOT_REGISTRY[slot].defaultVariant;
    sources[slot] = fromRequest !== undefined ? 'request' : fromConfig !== undefined ? 'config' : 'default';
  }
  return { variants, sources };
}

export function slotVariant(slot: SlotId, variant: string): SlotVariant {
  const found = SLOT_REGISTRY[slot].variants[variant];
  if (!found) throw new UnknownSlotVariantError({ slot, variant, source: 'request', known: Object.keys(SLOT_REGISTRY[slot].variants) });
  return found;
}

const built = new Map<string, FlowChart>();

/** The built chart of one slot variant (built on first use, then cached). */
export function slotChart(slot: SlotId, variant: string): FlowChart {
  const key = `${slot}:${variant}`;
  let chart = built.get(key);
  if (!chart) {
    chart = slotVariant(slot, variant).build();
    built.set(key, chart);
  }
  return chart;
}

/** How the candidates variant builds its list. */
export function candidatesSettings(variant: string): CandidatesVariantSettings {
  return slotVariant('candidates', variant).candidates!;
}
