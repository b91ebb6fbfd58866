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

const FINAL = ['finished', 'failed', 'unknown'];
const at = (key: SumKey) => SUM_KEYS.indexOf(key);
export const sumOf = (sums: PartSums | undefined, key: SumKey): number => sums?.[at(key)] ?? 0;

/** The sums of released items (`written` marks beside them, same order). */
export function partSums(items: readonly ResearchItem[], written: string): PartSums {
  const s = summarize({ items } as unknown as ResearchJob);
  const failedWith = (code: string) => items.filter((i) => i.phase === 'failed' && i.errorCode === code).length;
  const unwritten = items.filter((item, k) => FINAL.includes(item.phase) && written[k] !== '1').length;
  const values: Record<SumKey, number> = {
    done: s.done,
    duplicate: s.duplicate,
    notFound: s.notFound,
    error: s.error,
    unknown: s.unknown,
    pending: s.pending,
    unsubmitted: s.unsubmitted,
    credits: failedWith('insufficientCredits'),
    license: failedWith('missingLicense'),
    refused: s.refused,
    unwritten,
    written: written.split('').filter((c) => c === '1').length,
  };
  return SUM_KEYS.map((k) => values[k]);
}

export function addSums(a: PartSums, b: PartSums): PartSums {
  return SUM_KEYS.map((_, k) => (a[k] ?? 0) + (b[k] ?? 0));
}

/** The job's summary: the items in memory counted as they are, the other parts by their sums. */
export function summaryOf(loaded: readonly ResearchItem[], total: number, elsewhere: PartSums): ResearchSummary & { written: number } {
  const own = partSums(loaded, '');
  const all = addSums(own, elsewhere);
  const s = summarize({ items: loaded } as unknown as ResearchJob);
  const v = (key: SumKey) => sumOf(all, key);
  const pending = v('pending');
  return {
    total,
    done: v('done'),
    duplicate: v('duplicate'),
    notFound: v('notFound'),
    error: v('error'),
    unknown: v('unknown'),
    pending,
    unsubmitted: v('unsubmitted'),
    // The ids of the rows in memory only (a slice's); `pending` counts them all.
    pendingRequestIds: s.pendingRequestIds,
    complete: pending === 0 && v('unsubmitted') === 0,
    notResearchedForCredits: v('credits') + v('license'),
    refused: v('refused'),
    note: noteOf(total, v('credits'), v('license'), v('refused'), v('unknown')),
    written: sumOf(elsewhere, 'written'),
  };
}
