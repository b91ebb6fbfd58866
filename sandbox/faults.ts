/**
 * Fault injection (admin API): 500s, added latency, dropped connections and forced 429s, chosen either
 * for the next N matching requests or for a share of them drawn from a seeded RNG (deterministic).
 */
import type { FaultRule } from './config';
import { Rng } from './rng';

export interface ActiveFault extends FaultRule {
  faultId: string;
  hits: number;
}

export class Faults {
  private rules: ActiveFault[] = [];
  private rng: Rng;
  private nextId = 1;

  constructor(seed: number, initial: FaultRule[]) {
    this.rng = new Rng(seed);
    for (const rule of initial) this.add(rule);
  }

  add(rule: FaultRule): ActiveFault {
    const active: ActiveFault = { ...rule, faultId: `fault_${this.nextId++}`, hits: 0 };
    this.rules.push(active);
    return active;
  }

  list(): ActiveFault[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(seed?: number): void {
    this.rules = [];
    if (seed !== undefined) this.rng = new Rng(seed);
  }

  remove(faultId: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.faultId !== faultId);
    return this.rules.length !== before;
  }

  /** The faults that hit this request (at most one of each kind); count-based rules are used up. */
  pick(endpoint: string): ActiveFault[] {
    if (this.rules.length === 0) return [];
    const hit: ActiveFault[] = [];
    for (const rule of this.rules) {
      if (rule.endpoint !== '*' && rule.endpoint !== endpoint) continue;
      if (hit.some((h) => h.kind === rule.kind)) continue;
      if (rule.count !== undefined) {
        if (rule.hits >= rule.count) continue;
      } else if (!this.rng.chance(rule.share ?? 1)) continue;
      rule.hits++;
      hit.push(rule);
    }
    // Used-up count rules disappear so `list()` shows what is still armed.
    this.rules = this.rules.filter((r) => r.count === undefined || r.hits < r.count);
    return hit;
  }
}
