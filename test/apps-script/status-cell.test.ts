import type { ItemPhase, ResearchItem } from '../../shared';
import { readStatusCell, resultRow, rowState } from '../../apps-script/src/research/columns';

/**
 * The status cell is read back through the same table it is written from (no pattern matching on its text):
 * a row the add-on wrote is never researched again while done or under way, and is free again after a failure.
 */
const item = (phase: ItemPhase, outcome: ResearchItem['outcome'], serviceStatus: string | null = null, status = 'x'): ResearchItem => ({
  target: { searchResultId: 's' },
  phase,
  requestId: phase === 'submitted' || phase === 'finished' ? 'r1' : null,
  serviceStatus,
  status,
  outcome,
  message: null,
  record: null,
});

describe('status cell: written and read by one table', () => {
  it.each([
    [item('unsubmitted', 'unsubmitted'), 'under way'],
    [item('submitting', 'unsubmitted'), 'under way'],
    [item('submitted', 'pending'), 'under way'],
    [item('submitted', 'pending', 'researching'), 'under way'],
    [item('unknown', 'unknown'), 'under way'],
    [item('finished', 'done', 'done'), 'done'],
    [item('finished', 'duplicate', 'contact-already-researched'), 'done'],
    [item('finished', 'not-found', 'not found'), 'free'],
    [item('finished', 'error', 'quarantined'), 'free'],
    [item('finished', 'error', null, 'missing'), 'free'],
    [item('failed', 'error', null, 'submit-failed'), 'free'],
  ] as const)('%o reads back as %s', (written, state) => {
    const cell = resultRow(written)[0];
    const read = readStatusCell(cell);
    expect(read ? rowState(read) : 'free').toBe(state);
    // The row's own item in an open job says the same.
    expect(rowState(written)).toBe(state);
  });

  it('reads the cells the previous version wrote, and the service statuses of items under way', () => {
    const stateOf = (text: unknown) => {
      const read = readStatusCell(text);
      return read ? rowState(read) : 'free';
    };
    const underWay = ['queued', 'Researching', ' submitting ', 'waiting', 'unknown: check before retrying', 'In progress'];
    expect(underWay.map(stateOf)).toEqual(Array(6).fill('under way'));
    expect(['done', 'duplicate (already researched, free)'].map(stateOf)).toEqual(['done', 'done']);
    expect(['not found', 'error: submit-failed', 'error: missing', '', null, 42, 'call back later'].map(stateOf)).toEqual(Array(7).fill('free'));
  });
});
