import { fail } from '../errors';

/**
 * The per-run credit cap, read as the user means it: a whole number of at least 1 caps the run; an empty field
 * (null or '') is "no cap", chosen; a field not sent at all leaves the saved cap as it is. 0 is refused: a run that
 * may spend nothing would research nothing, and earlier versions read 0 as "no cap".
 */
export type Cap = number | null;

export function readCap(raw: unknown): Cap | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const n = typeof raw === 'string' ? Number(raw.trim()) : raw;
  // 0 is refused like any other non-cap: it would research nothing.
  if (Number.isSafeInteger(n) && (n as number) >= 1) return n as number;
  fail(`maxCredits: must be a whole number of at least 1 (0 researches nothing), or empty for no cap (got ${JSON.stringify(raw)}). Nothing was sent.`);
}

/** The cap in force, in words for confirmations and the run log. */
export function capText(cap: Cap): string {
  return cap === null ? 'no credit cap (left empty)' : `credit cap: at most ${cap} per run`;
}
