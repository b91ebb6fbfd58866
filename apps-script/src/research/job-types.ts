import type { ResearchJob, ResearchTarget } from '../../../shared';

/** The shape of a stored enrichment job: job-store.ts saves it, job-parts.ts cuts it into parts. */
export interface EnrichmentJob {
  id: string;
  /** Session.getTemporaryActiveUserKey() of the user whose credential runs it. */
  owner: string;
  /** Who started it, as another user's Start names them (their address, when Google gives it). */
  ownerName?: string;
  sheetName: string;
  /** Sheet row of each research item, same order: where it was when last located (0 = deleted; see relocate.ts). */
  rows: number[];
  /** The id of each item's row (row-identity.ts): how its result finds the row after the sheet changed. */
  rowIds?: string[];
  /** Per item: the ids of the rows in `copies`. */
  copyIds?: string[][];
  /** Results of rows deleted during the run, kept in the recovery sheet. */
  recovered?: number;
  /** First column of the results block beside the rows (its status column). */
  outColumn: number;
  /** Each column of the fixed results block where it was last located (columns.ts resultColumns). */
  outColumns?: number[];
  createdAt: number;
  lastPollAt: number | null;
  /** Where the poll sweep under way goes on (advance.ts cuts large sweeps into slices); absent between sweeps. */
  pollFrom?: number;
  /** '1' where the item's final result is already in the sheet. */
  written: string;
  research: ResearchJob;
  /**
   * Field-picked enrichments (the sidebar's field picker): where each column goes. Absent on the fixed
   * results-block enrichment of selected rows.
   */
  layout?: JobLayout;
  /** Per item: other rows of the sheet with the same target, written with its result (paid once). */
  copies?: number[][];
  /** Targets not yet handed to the research job: one batch is released per step, so a run can be cancelled in between. */
  held?: { rows: number[]; targets: ResearchTarget[]; refs: string[]; copies: number[][]; rowIds?: string[]; copyIds?: string[][] };
  /** Rows taken out by a cancel before they were sent (they may be sent by a later enrichment). */
  cancelled?: number;
  /**
   * In memory only (never stored as such): the parts this execution holds (job-parts.ts), absent when it holds the whole
   * job. Rows of the other parts are holes in the per-row lists; their progress is in `sums`.
   */
  partsIn?: number[];
  /** In memory only: each part's sums (part-sums.ts) as last saved; the head stores them. */
  sums?: number[][];
}

export interface JobLayout {
  /** Columns of PDS status, PDS message and PDS requestId (always written: they are the add-on's). */
  status: [number, number, number];
  /** Each picked field and its column (an existing column of that header, or one appended). */
  fields: { path: string; column: number }[];
  /** Replace cells that already hold a value (otherwise only empty cells are filled). */
  overwrite: boolean;
}
