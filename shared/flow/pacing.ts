/**
 * Rate-limit pacing as a pure reducer. The service's headers are the truth shared by every process of the
 * organization; between answers we count our own requests down, so we wait before a 429 rather than after.
 *
 * Several runs share one client, so requests overlap: a reservation is taken per request and held until its
 * answer (`inFlight`), and an answer only lowers the known budget. Within one window the server's Remaining
 * only goes down, so the lowest Remaining seen is the newest truth whatever order the answers arrive in;
 * a later reset epoch starts a new window. Answers from an older window change nothing but their reservation.
 */

export interface RateWindow {
  limit: number;
  /**
   * Requests we may still send in this window: the newest server Remaining minus our requests in flight.
   * Those sent before that answer may already be counted in it, so this can be lower than the truth for a moment.
   */
  remaining: number;
  /** Epoch ms at which the window resets. */
  resetAtMs: number;
  /** Our requests reserved and not answered yet. */
  inFlight?: number;
  /** Of those, how many were sent before the answer that set `remaining` (the server may have counted them). */
  uncertain?: number;
  /** Set once we count in the window after `resetAtMs`, whose own reset no answer has told yet: when it opens. */
  opensAtMs?: number;
  /** When the newest reservation is due to be sent: in-flight counts older than `staleMs` are dropped. */
  sentAtMs?: number;
  /**
   * A 429 was met: another process (a queue-mode worker, another run) spends this budget too, and it cannot be seen
   * until an answer tells. From then on a window no answer has told yet gets one request (a probe) before any other.
   */
  shared?: boolean;
}

/** Windows by `<credential>|<endpoint>`. */
export type PacingState = Readonly<Record<string, RateWindow>>;

export interface RateHeaders {
  limit?: number;
  remaining?: number;
  resetAtMs?: number;
  /** The answer was a 429. */
  refused?: boolean;
}

function intHeader(headers: Record<string, string>, name: string): number | undefined {
  const raw = headers[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

export function readRateHeaders(headers: Record<string, string>): RateHeaders {
  const reset = intHeader(headers, 'x-ratelimit-reset');
  return {
    limit: intHeader(headers, 'x-ratelimit-limit'),
    remaining: intHeader(headers, 'x-ratelimit-remaining'),
    // A reset of 0 or below ("-5") is no time at all: read as none.
    resetAtMs: reset === undefined || reset <= 0 ? undefined : reset * 1000,
  };
}

/**
 * An answer (or a reservation given up without one) settles one request in flight and takes in what its
 * headers say. Headers of an older window, or none, only free the reservation. A 429, or a Remaining lower than
 * our own requests explain, marks the budget as shared with another process.
 */
export function observe(state: PacingState, key: string, h: RateHeaders): PacingState {
  const next = observeFigures(state, key, h);
  const w = next[key];
  return w && !w.shared && (h.refused || spentByOthers(state, key, h)) ? { ...next, [key]: { ...w, shared: true } } : next;
}

/** Headers that tell the whole window: its limit, what is left of it and when it resets. */
const tellsWindow = (h: RateHeaders): h is RateHeaders & Required<Omit<RateHeaders, 'refused'>> =>
  h.limit !== undefined && h.remaining !== undefined && h.resetAtMs !== undefined;

/** The answer's Remaining is lower than every request of ours that it may count can explain: someone else spends too. */
function spentByOthers(state: PacingState, key: string, h: RateHeaders): boolean {
  if (!tellsWindow(h)) return false;
  const w = state[key];
  // The first answer ever says nothing of others (the window may be spent by this process's earlier runs).
  if (!w) return false;
  // A new window's first answer may count every request of ours in flight, this one included, and no more.
  if (h.resetAtMs > w.resetAtMs) return h.remaining < h.limit - Math.max(1, w.inFlight ?? 0);
  if (h.resetAtMs < w.resetAtMs || w.opensAtMs !== undefined) return false;
  // Our figure already assumes every request of ours in flight is counted: lower than that is another's doing.
  return h.remaining < w.remaining;
}

function observeFigures(state: PacingState, key: string, h: RateHeaders): PacingState {
  const w = state[key];
  const complete = tellsWindow(h);
  if (!w) return firstAnswer(state, key, h, complete);
  const before = w.inFlight ?? 0;
  const inFlight = Math.max(0, before - 1);
  // Freeing a reservation keeps the server's figure (remaining + inFlight) unchanged.
  const released: RateWindow = before > 0 ? { ...w, inFlight, remaining: w.remaining + 1, uncertain: Math.min(w.uncertain ?? 0, inFlight) } : w;
  // The state with the endpoint's window as it is now (the same state when nothing changed).
  const withWindow = (window: RateWindow): PacingState => (window === w ? state : { ...state, [key]: window });
  if (!complete) return withWindow(released);
  if (h.resetAtMs > w.resetAtMs) {
    // A newer window: its Remaining may already count any of our requests still in flight.
    return withWindow({
      limit: h.limit,
      remaining: h.remaining - inFlight,
      resetAtMs: h.resetAtMs,
      inFlight,
      uncertain: inFlight,
      sentAtMs: w.sentAtMs,
      ...(w.shared ? { shared: true } : {}),
    });
  }
  if (h.resetAtMs < w.resetAtMs || w.opensAtMs !== undefined) return withWindow(released);
  const serverRemaining = released.remaining + inFlight;
  if (h.remaining < serverRemaining) return withWindow({ ...released, limit: h.limit, remaining: h.remaining - inFlight, uncertain: inFlight });
  // Not lower: the server counted this request before the one that set the figure, so it was one of the uncertain.
  const uncertain = before > 0 ? Math.max(0, (w.uncertain ?? 0) - 1) : 0;
  return withWindow({ ...released, uncertain: Math.min(uncertain, inFlight) });
}

/** Requests sent before any answer told the window are counted here, so the first answer can account for them. */
export function unknownWindowKey(key: string): string {
  return `${key} (window unknown)`;
}

function firstAnswer(state: PacingState, key: string, h: RateHeaders, complete: boolean): PacingState {
  const pendingKey = unknownWindowKey(key);
  const pending = state[pendingKey];
  const inFlight = Math.max(0, (pending?.inFlight ?? 0) - 1);
  const { [pendingKey]: _gone, ...rest } = state;
  if (!complete) {
    if (!pending) return state;
    return inFlight > 0 ? { ...rest, [pendingKey]: { ...pending, inFlight } } : rest;
  }
  const window: RateWindow = { limit: h.limit!, remaining: h.remaining! - inFlight, resetAtMs: h.resetAtMs! };
  return { ...rest, [key]: inFlight > 0 ? { ...window, inFlight, uncertain: inFlight, sentAtMs: pending?.sentAtMs } : window };
}

export interface PaceDecision {
  waitMs: number;
  state: PacingState;
  /** False: nothing was reserved; wait `waitMs`, then ask again. */
  reserved: boolean;
}

export interface PaceOptions {
  /** How soon to look again when the budget may come back with answers still in flight. */
  recheckMs?: number;
  /** Reservations unanswered for longer than this are forgotten (a run that died, state saved by an old run). */
  staleMs?: number;
}

/**
 * Before sending: reserve one request from the known window. When none is left, reserve one in the next
 * window and wait until it opens (reset plus a margin for clock skew); when the next window is full too, or
 * answers in flight may give budget back, wait without a reservation and ask again. No known window: no wait.
 */
export function reserve(state: PacingState, key: string, nowMs: number, marginMs: number, options: PaceOptions = {}): PaceDecision {
  const recheckMs = options.recheckMs ?? 100;
  // Its reservations have gone unanswered too long to count any more.
  const stale = (window: RateWindow) => options.staleMs !== undefined && nowMs - (window.sentAtMs ?? nowMs) > options.staleMs;
  const found = state[key];
  if (!found) {
    // Nothing known yet: send, and count it so the first answer's Remaining is read net of it.
    const pendingKey = unknownWindowKey(key);
    const pending = state[pendingKey];
    const live = pending && !stale(pending) ? (pending.inFlight ?? 0) : 0;
    // The credential met 429s on another endpoint: its budgets are shared, so ask once and hear the figures first.
    if (live > 0 && sharedCredential(state, key)) return { waitMs: recheckMs, reserved: false, state };
    return { waitMs: 0, reserved: true, state: { ...state, [pendingKey]: { limit: 0, remaining: 0, resetAtMs: 0, inFlight: live + 1, sentAtMs: nowMs } } };
  }
  let w = found;
  if ((w.inFlight ?? 0) > 0 && stale(w)) {
    w = { ...w, remaining: w.remaining + (w.inFlight ?? 0), inFlight: 0, uncertain: 0 };
  }
  const inFlight = w.inFlight ?? 0;
  const opensAt = w.resetAtMs + marginMs;
  if (w.opensAtMs === undefined && nowMs >= opensAt) {
    // The window has reset: a fresh budget, less what is still in flight (it may land in the new window).
    w = { ...w, remaining: w.limit - inFlight, uncertain: inFlight, opensAtMs: opensAt };
  }
  const take = (window: RateWindow, waitMs: number): PaceDecision => ({
    waitMs,
    reserved: true,
    state: { ...state, [key]: { ...window, remaining: window.remaining - 1, inFlight: (window.inFlight ?? 0) + 1, sentAtMs: nowMs + waitMs } },
  });
  const hold = (waitMs: number, window = w): PaceDecision => ({ waitMs, reserved: false, state: window === found ? state : { ...state, [key]: window } });
  // Shared budget, window not told yet: one probe in flight; its answer says what the other processes left.
  if (w.shared && w.opensAtMs !== undefined && inFlight > 0) return hold(Math.max(0, w.opensAtMs - nowMs) + recheckMs);
  if (w.remaining > 0) return take(w, Math.max(0, (w.opensAtMs ?? nowMs) - nowMs));
  if (w.opensAtMs !== undefined) {
    // Spent, and no answer in flight can tell the new reset (answers without headers): start counting afresh.
    if (inFlight === 0 && nowMs >= w.opensAtMs) return take({ ...w, remaining: w.limit, uncertain: 0, opensAtMs: nowMs }, 0);
    return hold(Math.max(0, w.opensAtMs - nowMs) + recheckMs);
  }
  if ((w.uncertain ?? 0) > 0) return hold(Math.min(recheckMs, Math.max(1, opensAt - nowMs)));
  // Exhausted for sure: count in the next window, whose budget is the limit less what is still in flight.
  const next: RateWindow = { ...w, remaining: w.limit - inFlight, uncertain: inFlight, opensAtMs: opensAt };
  if (w.shared && inFlight > 0) return hold(opensAt - nowMs + recheckMs, next);
  if (next.remaining > 0) return take(next, opensAt - nowMs);
  return hold(opensAt - nowMs + recheckMs, next);
}

/** Whether any endpoint of this key's credential (`<credential>|<endpoint>`) has met a 429. */
function sharedCredential(state: PacingState, key: string): boolean {
  const prefix = key.slice(0, key.lastIndexOf('|') + 1);
  return Object.entries(state).some(([k, w]) => w.shared && k.startsWith(prefix));
}

/** The first wait of a backoff after 429s without a usable reset, and the longest one (issue 30: a storm of 230 a call). */
const NO_RESET_BACKOFF_MS = 1000;
const NO_RESET_BACKOFF_MAX_MS = 60_000;

/**
 * Wait after a 429: until the reset epoch, plus margin and jitter so several workers don't stampede. Without a usable
 * reset (none, not a time, already past) the first 429 waits a second; `noResetStreak` such 429s in a row back off
 * exponentially (2 s, 4 s … 60 s, each ±25 %), so a call sends at most about a dozen requests in 5 minutes.
 */
export function waitAfter429(h: RateHeaders, nowMs: number, marginMs: number, jitterMs: number, random: number, noResetStreak = 0): number {
  const jitter = Math.floor(random * jitterMs);
  if (h.resetAtMs !== undefined && (h.resetAtMs > nowMs || noResetStreak <= 1)) return Math.max(0, h.resetAtMs - nowMs) + marginMs + jitter;
  if (noResetStreak <= 1) return marginMs + jitter + NO_RESET_BACKOFF_MS;
  const backoff = Math.min(NO_RESET_BACKOFF_MAX_MS, NO_RESET_BACKOFF_MS * 2 ** (noResetStreak - 1));
  return marginMs + Math.floor(backoff * (0.75 + 0.5 * random));
}
