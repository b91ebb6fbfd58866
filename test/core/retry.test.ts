import type { HttpResponse } from '../../shared/effects';
import { backoffMs, decideRetry, type RetrySafety } from '../../shared/flow/retry';

const ok: HttpResponse = { status: 200, headers: {}, body: '{}' };
const status = (s: number): HttpResponse => ({ status: s, headers: {}, body: '{}' });
const refused: HttpResponse = { status: 0, headers: {}, body: '', failure: { code: 'ECONNREFUSED', message: 'refused', maybeSent: false } };
const timedOut: HttpResponse = { status: 0, headers: {}, body: '', failure: { code: 'ETIMEDOUT', message: 'timeout', maybeSent: true } };

describe('retry decision (DESIGN: only where a repeat cannot do harm)', () => {
  it.each<[string, HttpResponse, RetrySafety, number, string]>([
    ['2xx is accepted', ok, 'unsafe', 1, 'accept'],
    ['429 retried even for an email send: the service did not act', status(429), 'unsafe', 1, 'retry:rateLimited'],
    ['429 gives up after the bounded tries', status(429), 'safe', 5, 'fail:rateLimited'],
    ['connection refused before sending: retried for any request', refused, 'unsafe', 1, 'retry:notSent'],
    ['connection refused: bounded', refused, 'unsafe', 3, 'fail:notSent'],
    ['timeout on a GET: retried', timedOut, 'safe', 1, 'retry:lostAnswer'],
    ['timeout on an email send: surfaced, never repeated', timedOut, 'unsafe', 1, 'fail:lostAnswer'],
    ['500 on a GET: retried', status(500), 'safe', 1, 'retry:serverError'],
    ['503 on a GET: bounded', status(503), 'safe', 3, 'fail:serverError'],
    ['500 on a campaign create: surfaced', status(500), 'unsafe', 1, 'fail:serverError'],
    ['422 is not retried', status(422), 'safe', 1, 'fail:status'],
    ['401 is not retried here (OAuth refresh is handled by the sender)', status(401), 'safe', 1, 'fail:status'],
  ])('%s', (_what, response, safety, attempt, expected) => {
    const d = decideRetry({ response, safety, attempt, maxRateLimitTries: 5, maxRetryTries: 3 });
    expect(d.action === 'accept' ? 'accept' : `${d.action}:${d.reason}`).toBe(expected);
  });

  describe("429: waited out while the reset falls within the run's time limit, however many came before", () => {
    const limit = 300_000;
    it.each<[string, number, { waitMs: number; waitedMs: number } | undefined, number | undefined, string]>([
      ['first 429, reset in 5 s', 1, { waitMs: 5000, waitedMs: 0 }, undefined, 'retry:rateLimited'],
      ['sixth 429 in a row (other processes took each window), reset in 5 s', 6, { waitMs: 5000, waitedMs: 25_000 }, undefined, 'retry:rateLimited'],
      ['fortieth 429, still within the limit', 40, { waitMs: 6000, waitedMs: 200_000 }, undefined, 'retry:rateLimited'],
      ['reset exactly at the limit', 3, { waitMs: 10_000, waitedMs: limit - 10_000 }, undefined, 'retry:rateLimited'],
      ['reset 1 ms past the limit, counted from the first 429', 3, { waitMs: 10_001, waitedMs: limit - 10_000 }, undefined, 'fail:rateLimitTooLong'],
      ['one reset further away than the limit (a daily cap)', 1, { waitMs: limit + 1, waitedMs: 0 }, undefined, 'fail:rateLimitTooLong'],
      ['no reset known: retried (the sender waits a default second)', 7, undefined, undefined, 'retry:rateLimited'],
      ['an explicit cap on 429s (a Sheets cell) still applies', 2, { waitMs: 5000, waitedMs: 5000 }, 2, 'fail:rateLimited'],
      ['under the explicit cap', 1, { waitMs: 5000, waitedMs: 0 }, 2, 'retry:rateLimited'],
    ])('%s', (_what, attempt, wait, maxRateLimitTries, expected) => {
      for (const safety of ['safe', 'unsafe'] as const) {
        const rateLimitWait = wait && { ...wait, maxWaitMs: limit };
        const d = decideRetry({ response: status(429), safety, attempt, maxRateLimitTries, rateLimitWait, maxRetryTries: 3 });
        // A 429 means the service did not act: the answer is the same for a send as for a read.
        expect(d.action === 'accept' ? 'accept' : `${d.action}:${d.reason}`).toBe(expected);
      }
    });
  });

  it('backs off exponentially', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
});
