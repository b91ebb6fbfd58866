import { noteOf, summarize, type ResearchItem, type ResearchJob, type ResearchSummary } from '../../../shared/flow/research-job';

/**
 * What a part's rows add to the job's progress, kept in the job's head for every part, so an execution that holds only
 * the parts of its slice (issue 29: memory bounded by a slice, not the job) still reports the whole job and knows
 * which parts hold work (rows to send, ids to poll, results to write).
 */
export const SUM_KEYS = [
  'done',
  'duplicate',
  'notFound',
  'error',
  'unknown',
  'pending',
  'unsubmitted',
  'credits',
  'license',
  'refused',
  'unwritten',
  'written',
] as const;
export type SumKey = (typeof SUM_KEYS)[number];
export type PartSums = number[];

/** The phases whose result is final (written beside its row once). */
export const FINAL = ['finished', 'failed', 'unknown'];
const at = (key: SumKey) => SUM_KEYS.indexOf(key);
export const sumOf = (sums: PartSums | undefined, key: SumKey): number => sums?.[at(key)] ?? 0;

/** How many results a `written` text marks as in the sheet ('1'). */
export const writtenCount = (written: string) => written.replace(/[^1]/g, '').length;

/** The sums of released items (`written` marks beside them, same order). */
export function partSums(items: readonly ResearchItem[], written: string): PartSums {
  const s = summarize({ items } as unknown as ResearchJob);
  const failedWith = (code: string) => items.filter((i) => i.phase === 'failed' && i.errorCode === code).length;
  const unwritten = items.filter((item, k) => FINAL.includes(item.phase) && written[k] !== '1').length;
  // The summary's own counts (done … refused), and the rest.
  const values: Record<SumKey, number> = {
    ...s,
    credits: failedWith('insufficientCredits'),
    license: failedWith('missingLicense'),
    unwritten,
    written: writtenCount(written),
  };
  return SUM_KEYS.map((k) => values[k]);
}

export function addSums(a: PartSums, b: PartSums): PartSums {
  return SUM_KEYS.map((_, k) => (a[k] ?? 0) + (b[k] ?? 0));
}

/** The job's summary: the items in memory counted as they are, the other parts by their sums. */
export function summaryOf(loaded: readonly ResearchItem[], total: number, elsewhere: PartSums): ResearchSummary & { written: number } {
  const all = addSums(partSums(loaded, ''), elsewhere);
  const { credits, license, unwritten: _u, written: _w, ...counts } = Object.fromEntries(SUM_KEYS.map((k, i) => [k, all[i]])) as Record<SumKey, number>;
  return {
    total,
    ...counts,
    // The ids of the rows in memory only (a slice's); `pending` counts them all.
    pendingRequestIds: summarize({ items: loaded } as unknown as ResearchJob).pendingRequestIds,
    complete: counts.pending === 0 && counts.unsubmitted === 0,
    notResearchedForCredits: credits + license,
    note: noteOf(total, credits, license, counts.refused, counts.unknown),
    written: sumOf(elsewhere, 'written'),
  };
}
