/** What the poll trigger keeps between checks, in the workflow's static data. */
export interface PollState {
  /** Start of the next check's window (ISO); the previous window ended just before it. */
  lastTimeChecked?: string;
}

const HOUR = 3_600_000;
/** A manual test looks back far enough to find an example in any organization that has records. */
const MANUAL_LOOKBACK_MS = 365 * 24 * HOUR;

/** Start of the window to read: where the last check ended, or the first-run lookback. */
export function lookbackStart(state: PollState, nowMs: number, lookbackHours: number, manual: boolean): number {
  if (manual) return nowMs - MANUAL_LOOKBACK_MS;
  const saved = state.lastTimeChecked ? Date.parse(state.lastTimeChecked) : NaN;
  return Number.isFinite(saved) ? saved : nowMs - lookbackHours * HOUR;
}
