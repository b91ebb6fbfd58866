/** What a run over the selected rows reports, whatever it does per row (create tasks, log calls, run an operation). */
export interface RowCounts {
  done: number;
  errors: number;
  /** Rows whose outcome is unknown (the service may have acted: a lost answer): never repeated; check them first. */
  unknown: number;
  /** Rows skipped (their cell already holds a result or "unknown", or nothing to send). */
  skipped: number;
  /** Rows left for the next run (time budget, or the run stopped at an unknown outcome). */
  remaining: number;
  /** The first few row messages, "Row 5: ...". */
  messages: string[];
}

export function noRowsDone(skipped: number): RowCounts {
  return { done: 0, errors: 0, unknown: 0, skipped, remaining: 0, messages: [] };
}
