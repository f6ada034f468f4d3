// The recordings panel of the current level: newest first, each with source, result, time, ticks,
// god mode and a linked-trace badge (to the lens), and Replay / Delete buttons (delete asks for a
// second click instead of a dialog). Reads RecordingRows; writes only its list; the page passes in
// what replay and delete do.
import type { RecordingRow } from '../recordings.js';
import { byId, h } from './dom.js';

export interface RecordingActions {
  replay(row: RecordingRow): void;
  remove(row: RecordingRow): Promise<void>;
}

export class RecordingsPanel {
  private readonly list = byId<HTMLOListElement>('recordings-list');
  private readonly note = byId('recordings-note');

  constructor(private readonly actions: RecordingActions) {}

  loading(): void {
    this.note.textContent = 'Loading…';
  }

  failed(message: string): void {
    this.note.textContent = message;
    this.list.replaceChildren();
  }

  show(rows: RecordingRow[]): void {
    this.note.textContent =
      rows.length === 0 ? 'No recordings for this level yet.' : `${rows.length} recording${rows.length === 1 ? '' : 's'}, newest first`;
    this.list.replaceChildren(...rows.map((row) => this.item(row)));
  }

  private item(row: RecordingRow): HTMLLIElement {
    const remove = h('button', { type: 'button', class: 'small danger', 'data-action': 'delete' }, 'Delete');
    let armed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    remove.addEventListener('click', async () => {
      if (!armed) {
        armed = true;
        remove.textContent = 'Confirm delete';
        timer = setTimeout(() => {
          armed = false;
          remove.textContent = 'Delete';
        }, 4000);
        return;
      }
      clearTimeout(timer);
      remove.disabled = true;
      remove.textContent = 'Deleting…';
      await this.actions.remove(row);
    });
    const title = row.solver ?? 'keyboard';
    return h(
      'li',
      { class: 'recording', 'data-record-id': row.id, 'data-source': row.source, 'data-result': row.result },
      h(
        'div',
        { class: 'rec-head' },
        h('span', { class: `badge ${row.source === 'agent' ? 'badge-agent' : 'badge-user'}` }, row.source),
        h('span', { class: `badge ${row.result === 'success' ? 'badge-ok' : 'badge-bad'}`, 'data-testid': 'rec-result' }, row.result),
        row.godMode ? h('span', { class: 'badge badge-god' }, 'god mode') : null,
        row.trace
          ? h(
              'a',
              { class: 'badge badge-trace', href: row.trace.href, 'data-testid': 'rec-trace', title: `run ${row.trace.traceId}` },
              `trace · ${row.trace.stepCount} steps`,
            )
          : row.source === 'agent'
            ? h('span', { class: 'badge', title: 'the run is no longer in the trace store' }, 'no trace')
            : null,
      ),
      h(
        'div',
        { class: 'rec-meta' },
        h('time', { datetime: row.savedAt }, row.when),
        ` · ${row.ticks} ticks · `,
        h('span', { class: 'muted' }, title),
      ),
      row.failureReason ? h('div', { class: 'rec-reason muted' }, row.failureReason) : null,
      h(
        'div',
        { class: 'rec-actions' },
        h('button', { type: 'button', class: 'small', 'data-action': 'replay', onclick: () => this.actions.replay(row) }, 'Replay'),
        remove,
      ),
    );
  }
}
