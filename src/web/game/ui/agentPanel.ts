// The AI-run side panel: run status (idle, running with its run id and profile, the outcome), and
// for the latest planning step its number and tick, the chosen candidate and its reason, fallback /
// retry / stall badges, the candidate list with scores (chosen highlighted, stall-blocked marked) and
// an "inspect this step" link to the lens (a new tab, so the run goes on). Reads StepViews from the run loop; writes only its panel.
import type { StepView } from '../agentRun.js';
import { keyLabel } from '../keys.js';
import { lensHref } from '../recordings.js';
import { byId, h, present } from './dom.js';

export class AgentPanel {
  private readonly status = byId('agent-status');
  private readonly step = byId('agent-step');

  idle(message = 'Press “AI run” to let the agent play this level.'): void {
    this.status.replaceChildren(h('p', { class: 'muted' }, message));
    this.step.replaceChildren();
  }

  started(runId: string, profile: string | null, note: string | null): void {
    this.status.replaceChildren(
      ...present(
        h('p', {}, h('span', { class: 'badge badge-live' }, 'running'), ' run ', h('code', { title: runId }, runId.slice(0, 8))),
        h('p', { class: 'muted' }, `model profile: ${profile ?? 'server default'}`),
        note ? h('p', { class: 'warn' }, note) : null,
      ),
    );
    this.step.replaceChildren(h('p', { class: 'muted' }, 'Waiting for the first planning step…'));
  }

  finished(text: string, ok: boolean, detail: string | null, runId: string): void {
    this.status.replaceChildren(
      ...present(
        h(
          'p',
          { 'data-testid': 'agent-outcome', 'data-result': ok ? 'success' : 'failure' },
          h('span', { class: `badge ${ok ? 'badge-ok' : 'badge-bad'}` }, ok ? 'success' : 'failure'),
          ' ',
          text,
        ),
        detail ? h('p', { class: 'muted' }, detail) : null,
        h(
          'p',
          {},
          h('a', { href: lensHref(runId), class: 'lens-link', target: '_blank', rel: 'noopener' }, 'Inspect this run in the lens'),
        ),
      ),
    );
  }

  showStep(v: StepView): void {
    const badges = [
      v.fallbackUsed ? h('span', { class: 'badge badge-warn', title: v.fallbackReason ?? '' }, 'fallback') : null,
      v.retried ? h('span', { class: 'badge badge-warn', title: v.statuses.join(', ') }, 'retry') : null,
      v.stallBlocked ? h('span', { class: 'badge badge-bad' }, 'stall-blocked') : null,
    ].filter((b): b is HTMLSpanElement => b !== null);
    const rows = v.candidates.map((c, i) => {
      const chosen = c.id === v.candidateId;
      return h(
        'tr',
        {
          class: [chosen ? 'chosen' : '', c.stallBlocked ? 'blocked' : ''].join(' ').trim() || null,
          'aria-current': chosen ? 'true' : null,
        },
        h('td', { class: 'num' }, i + 1),
        h(
          'td',
          { title: `${c.id} (${c.kind}${c.lane ? `, ${c.lane}` : ''})` },
          h('code', {}, c.id),
          chosen ? h('span', { class: 'sr-only' }, ' (chosen)') : null,
        ),
        h('td', { class: 'num' }, Number.isFinite(c.score) ? c.score.toFixed(1) : String(c.score)),
        h(
          'td',
          {},
          c.stallBlocked
            ? h('span', { class: 'badge badge-bad' }, 'blocked')
            : c.stallRecovery
              ? h('span', { class: 'badge' }, 'recovery')
              : '',
        ),
      );
    });
    this.step.replaceChildren(
      ...present(
        h(
          'p',
          { class: 'step-line' },
          h(
            'strong',
            { 'data-testid': 'agent-step-number', title: `planning step ${v.stepIndex} of the trace (the lens numbers it the same)` },
            `Step ${v.stepIndex}`,
          ),
          ` · tick ${v.tick} · ${keyLabel(v.keyCode)} × ${v.ticks} · `,
          h('span', { class: 'muted' }, v.model),
        ),
        h(
          'p',
          {},
          'Chose ',
          h('code', { class: 'chosen-id' }, v.candidateId),
          v.kind ? h('span', { class: 'muted' }, ` (${v.kind})`) : null,
        ),
        h('p', { class: 'reason' }, v.reason || '—'),
        badges.length ? h('p', { class: 'badges' }, ...badges) : null,
        h(
          'table',
          { class: 'candidates' },
          h('caption', { class: 'sr-only' }, 'Candidates of this step'),
          h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'candidate'), h('th', {}, 'score'), h('th', {}, ''))),
          h('tbody', {}, ...rows),
        ),
        h(
          'p',
          {},
          // A new tab: following the link in this one would end the page, and the run with it.
          h(
            'a',
            {
              href: lensHref(v.traceId, v.stepIndex),
              class: 'lens-link',
              'data-testid': 'inspect-step',
              target: '_blank',
              rel: 'noopener',
            },
            'Inspect this step',
          ),
        ),
      ),
    );
  }
}
