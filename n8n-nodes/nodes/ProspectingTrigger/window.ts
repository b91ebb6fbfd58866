/** What the poll trigger keeps between checks, in the workflow's static data. */
export interface PollState {
  /** Start of the next check's window (ISO); the previous window ended just before it. */
  lastTimeChecked?: string;
}

const HOUR = 3_600_000;
/** A manual test looks back far enough to find an example in any organization that has records. */
const MANUAL_LOOKBACK_MS = 365 * 24 * HOUR;

/** The window to open: after the last check's (none for a manual test), else the first-run lookback. */
export function windowStart(state: PollState, lookbackHours: number, manual: boolean): { after: string | null; lookbackMs: number } {
  if (manual) return { after: null, lookbackMs: MANUAL_LOOKBACK_MS };
  return { after: state.lastTimeChecked ?? null, lookbackMs: lookbackHours * HOUR };
}
