// The append-only journal a store keeps beside its main file (`agent-traces.json` ->
// `agent-traces.journal.jsonl`): one JSON line per change, so a write costs the size of the
// change, not of the store. This file owns the journal's format and its raw I/O: the meta lines
// that tie a journal to one exact main file, scanning a journal read back from disk (torn tail,
// corrupt middle), and a durable append. When to append and when to compact is JsonFileStore's
// business (jsonStoreFile.ts); what an op means is the store's (traceStore.ts).
//
// Format. The first line names the main file the journal applies to, by the SHA-256 of its bytes:
//   {"journal":1,"base":"<sha256 hex>"}
// then one line per op, in the order the changes were made. Before a compaction replaces the
// main file it appends
//   {"journal":1,"compacted":"<sha256 hex of the new main file>"}
// so a crash between replacing the main file and removing the journal is recognisable on open:
// the journal's ops are already in the main file and must not be applied twice.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

/** `<dir>/agent-traces.json` -> `<dir>/agent-traces.journal.jsonl`. */
export function journalPathFor(filePath: string): string {
  return `${filePath.replace(/\.json$/, '')}.journal.jsonl`;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function baseLine(mainHash: string): string {
  return `{"journal":1,"base":"${mainHash}"}\n`;
}

export function compactedLine(newMainHash: string): string {
  return `{"journal":1,"compacted":"${newMainHash}"}\n`;
}

/** What a journal read back from disk holds. */
export type JournalScan<TOp> =
  | {
      kind: 'ok';
      /** The main file's hash from the first line; null when no whole line survived (empty or only a torn fragment). */
      base: string | null;
      /** The ops after the base line, in order (compaction marks skipped). */
      ops: TOp[];
      /** Set when the last whole line is a compaction mark: the hash of the main file that compaction wrote. */
      endsCompactedTo: string | null;
      /** Bytes up to the end of the last whole, valid line: what to keep. */
      validBytes: number;
      /** Lines after that (a torn final append): ignored, and cut off before the next append. */
      tornLines: number;
    }
  | { kind: 'corrupt'; problem: string };

type JournalMeta = { journal: 1; base: string } | { journal: 1; compacted: string };

function metaOf(value: unknown): JournalMeta | null {
  if (typeof value !== 'object' || value === null || !('journal' in value)) return null;
  return value as JournalMeta;
}

/**
 * Split a journal into lines and decode them. A final append cut short by a crash leaves a last
 * line without its newline, or lines that are not JSON at the very end: those are the torn tail,
 * ignored (they were never acknowledged). A line that is not JSON with valid lines after it, a
 * line that is not a known op, or a missing base line means the file was damaged: 'corrupt'.
 * `decode` turns one line's JSON into an op or throws with a reason.
 */
export function scanJournal<TOp>(bytes: Buffer, decode: (value: unknown) => TOp): JournalScan<TOp> {
  const lines: { value: unknown; ok: boolean; end: number }[] = [];
  let offset = 0;
  for (;;) {
    const newline = bytes.indexOf(0x0a, offset);
    if (newline === -1) break; // anything after the last newline is a torn fragment
    const text = bytes.toString('utf8', offset, newline);
    offset = newline + 1;
    try {
      lines.push({ value: JSON.parse(text), ok: true, end: offset });
    } catch {
      lines.push({ value: undefined, ok: false, end: offset });
    }
  }
  let lastOk = lines.length - 1;
  while (lastOk >= 0 && !lines[lastOk].ok) lastOk--;
  const tornLines = lines.length - 1 - lastOk + (offset < bytes.length ? 1 : 0);
  if (lastOk < 0) return { kind: 'ok', base: null, ops: [], endsCompactedTo: null, validBytes: 0, tornLines };

  const whole = lines.slice(0, lastOk + 1);
  const firstBad = whole.findIndex((line) => !line.ok);
  if (firstBad !== -1) return { kind: 'corrupt', problem: `line ${firstBad + 1} is not JSON (valid lines follow it)` };
  const head = metaOf(whole[0].value);
  if (!head || !('base' in head) || typeof head.base !== 'string') return { kind: 'corrupt', problem: 'line 1 is not a journal base line' };

  const ops: TOp[] = [];
  let endsCompactedTo: string | null = null;
  for (let i = 1; i < whole.length; i++) {
    const meta = metaOf(whole[i].value);
    if (meta) {
      if (!('compacted' in meta) || typeof meta.compacted !== 'string')
        return { kind: 'corrupt', problem: `line ${i + 1}: unknown journal line` };
      endsCompactedTo = meta.compacted;
      continue;
    }
    endsCompactedTo = null;
    try {
      ops.push(decode(whole[i].value));
    } catch (error) {
      return { kind: 'corrupt', problem: `line ${i + 1}: ${(error as Error).message}` };
    }
  }
  return { kind: 'ok', base: head.base, ops, endsCompactedTo, validBytes: whole[whole.length - 1].end, tornLines };
}

/**
 * Append `text` to the journal and fsync it, so that when this resolves the lines are durable.
 * `truncateTo` first cuts the file to that length (a torn tail left by a crash or a failed append,
 * or a stale journal when 0). `newFile`: the file may have just been created, so fsync the folder
 * too (best effort) to make its name durable.
 */
export async function appendDurably(path: string, text: string, truncateTo: number | null, newFile: boolean): Promise<void> {
  const handle = await open(path, 'a');
  try {
    if (truncateTo !== null) await handle.truncate(truncateTo);
    await handle.appendFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (newFile) await syncFolder(dirname(path));
}

/** fsync a folder so a rename, create or unlink in it is durable. Some platforms cannot; that is not worth failing for. */
export async function syncFolder(dir: string): Promise<void> {
  try {
    const folder = await open(dir, 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch {
    /* best effort */
  }
}
