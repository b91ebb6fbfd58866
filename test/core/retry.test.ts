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

  it('backs off exponentially', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
});
