/**
 * The clock lead (shared/flow/clock.ts): how far past a rate window's reset, by our clock, a paced request waits.
 * The reducer's rules, then whole requests against a scripted service whose clock differs from ours.
 */
import { createClient } from '../../shared/client';
import { leadBound, marginAfterReset, observeDate, observeRefusal, UNKNOWN_LEAD_MS } from '../../shared/flow/clock';
import { sendOne } from '../../shared/flow/call';
import { operation } from '../../shared/catalogue';
import { runSync } from '../../shared/drivers/sync';
import type { HttpResponse } from '../../shared/effects';
import { json, rateHeaders, scriptedHost } from '../support/scripted-host';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('clock lead from Date headers', () => {
  it('keeps the smallest bound (receipt time minus the whole-second Date) and ignores what it cannot read', () => {
    let clock = observeDate(undefined, httpDate(T0), T0 + 350);
    expect(leadBound(clock, T0 + 350)).toBe(350);
    clock = observeDate(clock, httpDate(T0 + 1000), T0 + 1020);
    expect(leadBound(clock, T0 + 1020)).toBe(20);
    expect(observeDate(clock, httpDate(T0 + 2000), T0 + 2600)).toBe(clock);
    expect(observeDate(clock, 'not a date', T0 + 3000)).toBe(clock);
    expect(observeDate(clock, undefined, T0 + 3000)).toBe(clock);
    // A Date two minutes off is a cached or proxied answer, not the service's clock.
    expect(observeDate(clock, httpDate(T0 - 120_000), T0 + 3000)).toBe(clock);
  });

  it('loosens a kept bound by 500 ppm as it ages, so a drifting clock is not trusted on an old measure', () => {
    const clock = observeDate(undefined, httpDate(T0), T0 + 20);
    expect(leadBound(clock, T0 + 20 + 100_000)).toBeCloseTo(70, 6);
    // A fresh answer showing a smaller lead than the aged bound replaces it.
    expect(leadBound(observeDate(clock, httpDate(T0 + 100_000), T0 + 100_030), T0 + 100_030)).toBe(30);
  });

  it('margin: the setting, plus the lead (never below zero), plus the extra from 429s; 1 s of lead while none is measured', () => {
    expect(marginAfterReset(undefined, 100, T0)).toBe(100 + UNKNOWN_LEAD_MS);
    expect(marginAfterReset({ leadBoundMs: -3000, boundAtMs: T0 }, 100, T0)).toBe(100);
    expect(marginAfterReset({ leadBoundMs: 2500.2, boundAtMs: T0 }, 100, T0)).toBe(100 + 2501);
    expect(marginAfterReset({ leadBoundMs: 5, boundAtMs: T0, extraMs: 400 }, 100, T0)).toBe(100 + 5 + 400);
  });

  it('a 429 for a request sent after its reset (our clock) raises the extra; one sent before it says nothing of clocks', () => {
    const reset = T0 + 30_000;
    expect(observeRefusal(undefined, reset - 1, reset, 100)).toBeUndefined();
    expect(observeRefusal(undefined, reset + 1100, undefined, 100)).toBeUndefined();
    const once = observeRefusal(undefined, reset + 1100, reset, 100);
    expect(once?.extraMs).toBe(1100 + 100);
    expect(observeRefusal(once, reset + 100, reset, 100)?.extraMs).toBe(2400);
    expect(observeRefusal({ extraMs: 50_000, extraAtMs: reset }, reset + 100, reset, 100)?.extraMs).toBe(60_000);
  });

  it('drops an extra allowance no 429 has renewed for an hour (a corrected clock, state saved long ago)', () => {
    const raised = observeRefusal(undefined, T0 + 1100, T0, 100);
    const bound = { ...raised, leadBoundMs: 10, boundAtMs: T0 + 1100 };
    expect(marginAfterReset(bound, 100, T0 + 1100 + 60_000)).toBe(100 + 10 + 30 + 1200);
    const later = T0 + 1100 + 3_600_001;
    expect(marginAfterReset(bound, 100, later)).toBe(100 + Math.ceil(10 + 3_600_001 * 0.0005));
    // A 429 after that starts again from what it shows, not from twice the dropped extra.
    expect(observeRefusal(bound, later + 500, later, 100)?.extraMs).toBe(600);
  });
});

/**
 * A service whose clock reads ours minus `leadMs`: 60 s windows aligned on its clock, `limit` requests each, a 429
 * past that. `withDate`: its answers carry the Date header, as HTTP servers' answers do.
 */
function serviceBehindUs(leadMs: number, limit: number, withDate: boolean) {
  const counts = new Map<number, number>();
  const refusedAt: number[] = [];
  const respond = (_req: unknown, now: number): HttpResponse => {
    const serviceNow = now - leadMs;
    const start = serviceNow - (serviceNow % 60_000);
    const used = counts.get(start) ?? 0;
    const date: Record<string, string> = withDate ? { date: httpDate(serviceNow) } : {};
    const resetSec = (start + 60_000) / 1000;
    if (used >= limit) {
      refusedAt.push(serviceNow);
      return json(429, { message: 'Too many', code: 'rateLimitExceeded' }, { ...rateHeaders(limit, 0, resetSec), ...date });
    }
    counts.set(start, used + 1);
    return json(200, { success: true, data: [] }, { ...rateHeaders(limit, limit - used - 1, resetSec), ...date });
  };
  return { respond, refusedAt, windowsUsed: () => counts.size };
}

describe('pacing with a clock that runs ahead of the service', () => {
  /** A client 10 s into a minute, against `serviceBehindUs` (limit 2); each answer takes 40 ms. `send()` lists once. */
  const setUp = (leadMs: number, withDate: boolean) => {
    const service = serviceBehindUs(leadMs, 2, withDate);
    const host = scriptedHost(service.respond, { startMs: T0 + 10_000, requestMs: 40 });
    const client = createClient({ auth: { type: 'apiKey', apiKey: 'k' }, random: () => 0 });
    return { service, host, client, send: () => runSync(sendOne(client, operation('lists.getAll'), {}), host.sync) };
  };

  it('3 s ahead, Date headers: no 429, each window entered within the margin of its reset by the service clock', () => {
    const { service, host, client, send } = setUp(3000, true);
    for (let i = 0; i < 8; i++) send();
    expect(service.refusedAt).toEqual([]);
    expect(service.windowsUsed()).toBe(4);
    expect(host.sleeps.filter((ms) => ms > 0)).toHaveLength(3);
    // The bound is never below the true lead; above it by at most the answer time (40 ms), the Date's whole-second
    // rounding and the drift allowed since.
    const lead = leadBound(client.state.clock, host.now())!;
    expect(lead).toBeGreaterThanOrEqual(3000);
    expect(lead).toBeLessThanOrEqual(3000 + 40 + 1000 + (host.now() - T0) * 0.0005);
  });

  it('equal clocks, Date headers: the margin shrinks to the setting plus the answer time, not 1 s', () => {
    const { service, host, client, send } = setUp(0, true);
    for (let i = 0; i < 6; i++) send();
    expect(service.refusedAt).toEqual([]);
    // The first answer was stamped on a whole second: the bound is its 40 ms, loosened by the drift allowance since.
    const drift = Math.ceil((host.now() - (T0 + 10_040)) * 0.0005);
    expect(marginAfterReset(client.state.clock, client.settings.resetMarginMs, host.now())).toBe(100 + 40 + drift);
  });

  it('3 s ahead, no Date header: the 429s teach the extra (at most two, in the first windows waited for), none after', () => {
    const { service, send } = setUp(3000, false);
    for (let i = 0; i < 6; i++) send();
    const learning = service.refusedAt.length;
    expect(learning).toBeGreaterThan(0);
    expect(learning).toBeLessThanOrEqual(2);
    for (let i = 0; i < 8; i++) send();
    expect(service.refusedAt).toHaveLength(learning);
    expect(service.windowsUsed()).toBe(7);
  });
});
