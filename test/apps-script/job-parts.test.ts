/**
 * A job's parts (apps-script/src/research/job-parts.ts): a row's ids go with its target, written once, not with its
 * state, which every checkpoint rewrites (issue 29: Google charges each character written to the job sheet); parts
 * saved before that, with the ids in the state, still read back whole.
 */
import { decodeRecords, encodeRecords } from '../../apps-script/src/research/columnar';
import { joinJob, splitJob } from '../../apps-script/src/research/job-parts';
import type { EnrichmentJob } from '../../apps-script/src/research/job-types';
import { newResearchJob, type ResearchTarget } from '../../shared';

function jobOf(n: number): EnrichmentJob {
  const targets: ResearchTarget[] = Array.from({ length: n }, (_, i) => ({ searchResultId: `ps_${i}` }));
  return {
    id: 'job-1',
    owner: 'owner',
    sheetName: 'Leads',
    rows: targets.map((_, i) => i + 2),
    rowIds: targets.map((_, i) => `r${i}`),
    copyIds: targets.map((_, i) => (i % 3 === 0 ? [`c${i}`] : [])),
    copies: targets.map((_, i) => (i % 3 === 0 ? [i + 1000] : [])),
    outColumn: 10,
    createdAt: 1,
    lastPollAt: null,
    written: '0'.repeat(n),
    research: newResearchJob(
      'contacts',
      targets,
      {},
      targets.map((_, i) => `row ${i + 2}`),
    ),
  };
}

test('a job split into parts and joined again is the same job; the ids are stored with the targets', () => {
  const job = jobOf(700);
  const { head, parts } = splitJob(job);
  expect([...parts.keys()]).toEqual(['t0', 's0', 't1', 's1']);
  expect(parts.get('s0')).not.toContain('"r1"');
  expect(parts.get('t0')).toContain('"r1"');
  expect(joinJob(head, parts)).toEqual(job);
});

test('the state written at a checkpoint does not grow with the row ids', () => {
  const short = jobOf(500);
  const long = jobOf(500);
  long.rowIds = long.rowIds!.map((id) => `${id}-a-much-longer-row-id-than-before`);
  expect(splitJob(long).parts.get('s0')).toBe(splitJob(short).parts.get('s0'));
});

test('parts saved with the ids in the state (before they went with the targets) read back whole', () => {
  const job = jobOf(20);
  const { head, parts } = splitJob(job);
  // The earlier layout: targets and refs only; ids, copies and marks in the state.
  const targets = decodeRecords(parts.get('t0')!, 20);
  const states = decodeRecords(parts.get('s0')!, 20);
  const earlier = new Map([
    ['t0', encodeRecords(targets.map(({ t, f }) => ({ t, f })))],
    ['s0', encodeRecords(states.map((s, i) => ({ ...s, d: targets[i].d, e: targets[i].e })))],
  ]);
  expect(joinJob(head, earlier)).toEqual(job);
});
