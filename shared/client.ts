import type { AuthConfig } from './auth/config';
import { credentialIdentity } from './auth/config';
import type { ClockState } from './flow/clock';
import type { PacingState } from './flow/pacing';
import { makeSettings, type Settings, type SettingsInput } from './settings';

/** The latest research-credit balance the service reported (X-PublicAPI-Credits on every answer). */
export interface CreditsState {
  balance: number | null;
  observedAtMs: number | null;
}

/**
 * Pacing shared by runs that share no memory but one store (Apps Script executions, flow/shared-pacing.ts).
 * `lockTimeoutMs`: how long to wait for the store's lock before pacing from the run's own copy of the window.
 */
export interface SharedPacing {
  lockTimeoutMs: number;
}

/**
 * Everything a flow needs besides effects: settings, the credential, and the in-memory state the
 * reducers keep current (pacing windows, credit balance, clock lead). One client per credential.
 */
export interface Client {
  readonly settings: Settings;
  readonly auth: AuthConfig;
  /** Pacing windows are keyed by this, so two credentials of one organization don't share guesses. */
  readonly identity: string;
  /** `clock`: how far our clock may run ahead of the service's (flow/clock.ts); absent in state saved before it. */
  state: { pacing: PacingState; credits: CreditsState; clock?: ClockState };
  /** Jitter source; tests pin it. */
  random: () => number;
  /** Set where runs share no memory but one store (Apps Script executions): their pacing is kept there, under a lock. */
  sharedPacing?: SharedPacing;
}

export interface ClientOptions {
  settings?: SettingsInput;
  auth: AuthConfig;
  random?: () => number;
  /** Restore pacing and credits saved by an earlier run (Apps Script executions are short). */
  state?: Client['state'];
}

export function createClient(options: ClientOptions): Client {
  return {
    settings: makeSettings(options.settings),
    auth: options.auth,
    identity: credentialIdentity(options.auth),
    state: options.state ?? { pacing: {}, credits: { balance: null, observedAtMs: null } },
    random: options.random ?? Math.random,
  };
}
