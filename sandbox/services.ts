/** The pieces one sandbox instance is made of, handed to every route handler. */
import type { SandboxConfig } from './config';
import type { Clock } from './clock';
import type { Faults } from './faults';
import type { RateLimiter } from './ratelimit';
import type { State } from './state/store';
import type { Stats } from './stats';
import type { Timers } from './timers';
import type { Webhooks } from './webhooks';

export interface Services {
  state: State;
  config: SandboxConfig;
  clock: Clock;
  rateLimiter: RateLimiter;
  stats: Stats;
  faults: Faults;
  timers: Timers;
  webhooks: Webhooks;
  log: (message: string) => void;
}
