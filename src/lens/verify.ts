// Verification: does the re-materialised step hand the model exactly what the run handed it? Compares,
// call by call, the stored model receipt's sha256 of the system text, of every prompt piece (with its
// slot), of the user message and of the whole request with the recomputed receipt's. Every difference
// is named (`piece 2 (state-summary)`, `attempt 1 request`, ...). Pure.
import type { StoredModelCall } from './storedStep.js';

export interface Mismatch {
  /** What differs, e.g. `system`, `piece 2 (state-summary)`, `attempt 1 request`. */
  name: string;
  stored: string | null;
  recomputed: string | null;
}

export interface Verification {
  verified: boolean;
  mismatches: Mismatch[];
  /** How many hashes were compared (0 when the step has no stored model receipt). */
  compared: number;
}

const short = (hash: string | null | undefined) => (hash ? hash.slice(0, 16) : null);

/** Compare the stored model calls' receipts with the recomputed ones, call by call. */
export function verifyReceipts(stored: readonly StoredModelCall[], recomputed: readonly StoredModelCall[]): Verification {
  const mismatches: Mismatch[] = [];
  let compared = 0;
  if (stored.length === 0) {
    return { verified: false, compared, mismatches: [{ name: 'model receipt (the step stored none)', stored: null, recomputed: null }] };
  }
  const calls = Math.max(stored.length, recomputed.length);
  for (let i = 0; i < calls; i++) {
    const prefix = i === 0 ? '' : `attempt ${i} `;
    const s = stored[i]?.receipt;
    const r = recomputed[i]?.receipt;
    if (!s || !r) {
      mismatches.push({ name: `${prefix}model call`.trim(), stored: s ? 'present' : null, recomputed: r ? 'present' : null });
      continue;
    }
    const pairs: [string, string | undefined, string | undefined][] = [
      ['system', s.systemSha256, r.systemSha256],
      ['user', s.userSha256, r.userSha256],
      ['request', s.requestSha256, r.requestSha256],
    ];
    for (const [name, a, b] of pairs) {
      if (a === undefined) continue; // an older receipt without this hash
      compared++;
      if (a !== b) mismatches.push({ name: `${prefix}${name}`, stored: short(a), recomputed: short(b) });
    }
    const pieces = Math.max(s.pieces.length, r.pieces.length);
    for (let p = 0; p < pieces; p++) {
      const sp = s.pieces[p];
      const rp = r.pieces[p];
      const slot = sp?.slot ?? rp?.slot ?? '?';
      compared++;
      if (!sp || !rp || sp.sha256 !== rp.sha256 || sp.slot !== rp.slot) {
        mismatches.push({
          name: `${prefix}piece ${p} (${slot})`,
          stored: sp ? `${sp.slot}:${short(sp.sha256)}` : null,
          recomputed: rp ? `${rp.slot}:${short(rp.sha256)}` : null,
        });
      }
    }
  }
  return { verified: mismatches.length === 0 && compared > 0, mismatches, compared };
}
