// The planning chart as footprint-explainable-ui draws it: turns the chart's build-time structure
// (GET /api/agent/chart, or the step's own variants) into a TraceGraph — one node per stage, ids as the
// stage receipts name them (`sf-candidates/propose-candidates`), slot subflows as groups — and the
// step's executed stages into a RuntimeOverlay. Pure, so it is tested in Node.
import type { RuntimeOverlay, TraceGraph } from 'footprint-explainable-ui/flowchart';
import type { ChartStage } from '../../lens/types.js';

interface SpecNode {
  id: string;
  name?: string;
  type?: string;
  description?: string;
  children?: SpecNode[];
  next?: SpecNode;
  isSubflowRoot?: boolean;
  subflowId?: string;
  subflowStructure?: SpecNode;
  isLoopReference?: boolean;
  loopTarget?: string;
  hasDecider?: boolean;
  hasSelector?: boolean;
}

type Node = TraceGraph['nodes'][number];
type Edge = TraceGraph['edges'][number];

const qualify = (path: string | undefined, id: string) => (path ? `${path}/${id}` : id);

/** The chart structure as a TraceGraph, plus the subflow ids (to draw them as groups). */
export function chartGraph(structure: unknown): { graph: TraceGraph; subflows: string[] } {
  const nodes = new Map<string, Node>();
  const edges: Edge[] = [];
  const subflows: string[] = [];
  const edge = (source: string, target: string, kind: 'next' | 'decision-branch' | 'fork-branch' | 'loop', label?: string) => {
    edges.push({
      id: `${source}->${target}:${kind}${label ? `:${label}` : ''}`,
      source,
      target,
      data: { kind, ...(label ? { label } : {}) },
    });
  };
  const walk = (node: SpecNode | undefined, path: string | undefined) => {
    if (!node || node.isLoopReference) return;
    const id = qualify(path, node.id);
    if (nodes.has(id)) return;
    if (node.isSubflowRoot && node.subflowId && node.subflowStructure) {
      const inner = qualify(path, node.subflowId);
      subflows.push(inner);
      walk(node.subflowStructure, inner);
    }
    const type = node.type ?? 'stage';
    nodes.set(id, {
      id,
      type: 'stage',
      position: { x: 0, y: 0 },
      data: {
        label: node.name ?? node.id,
        isDecider: type === 'decider' || type === 'selector' || node.hasDecider === true || node.hasSelector === true,
        isFork: type === 'fork',
        isStreaming: false,
        isSubflow: node.isSubflowRoot === true,
        ...(node.description ? { description: node.description } : {}),
        ...(node.subflowId ? { subflowId: node.subflowId } : {}),
        ...(path ? { subflowOf: path } : {}),
        prevIds: [],
        nextIds: [],
      } as Node['data'],
    });
    for (const child of node.children ?? []) {
      const target = qualify(path, child.id);
      if (child.isLoopReference) continue;
      edge(id, target, type === 'fork' ? 'fork-branch' : 'decision-branch', child.id);
      walk(child, path);
    }
    if (node.next) {
      if (node.next.isLoopReference && node.loopTarget) edge(id, qualify(path, node.loopTarget), 'loop');
      else {
        edge(id, qualify(path, node.next.id), 'next');
        walk(node.next, path);
      }
    }
  };
  walk(structure as SpecNode, undefined);
  for (const e of edges) {
    if (e.data?.kind === 'loop') continue;
    const from = nodes.get(e.source);
    const to = nodes.get(e.target);
    if (from && to) {
      (from.data.nextIds as string[]).push(e.target);
      (to.data.prevIds as string[]).push(e.source);
    }
  }
  return { graph: { nodes: [...nodes.values()], edges: edges.filter((e) => nodes.has(e.source) && nodes.has(e.target)) }, subflows };
}

/** Not a stage: the last entry of the overlay, so scrubbing to it shows every real stage as done. */
export const END_OF_STEP = '(end of step)';

/**
 * The step's executed stages, in order, as the overlay TracedFlow lights. TracedFlow marks the entry
 * at the scrub index as active and the ones before it as done, so a sentinel closes the list: scrub
 * index `executed.length` is "every stage done".
 */
export function stepOverlay(executed: readonly ChartStage[]): RuntimeOverlay {
  const order = executed.map((stage, i) => ({
    runtimeStageId: stage.runtimeStageId,
    stageId: stage.stageId,
    stageName: stage.stageId,
    timestampMs: i,
  }));
  order.push({ runtimeStageId: `${END_OF_STEP}#0`, stageId: END_OF_STEP, stageName: END_OF_STEP, timestampMs: order.length });
  return {
    executionOrder: order,
    errors: new Map(executed.filter((s) => s.status === 'error').map((s) => [s.stageId, 'stage failed'])),
    running: false,
  };
}
