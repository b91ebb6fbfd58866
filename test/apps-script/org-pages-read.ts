import type { Harness } from '../apps-script-harness';

/**
 * The organization pages a look-up build asked for, from the harness's request log: each as its window slice and page
 * (`startDate|endDate|page`), so a test can see that none was read twice. Also returns the calls, for their statuses.
 */
export function orgPagesRead(log: Harness['http']['log']): { calls: Harness['http']['log']; asked: string[] } {
  const calls = log.filter((c) => c.url.includes('/v1/contacts'));
  const asked = calls.map((c) => {
    const q = new URL(c.url).searchParams;
    return `${q.get('startDate')}|${q.get('endDate')}|${q.get('page')}`;
  });
  return { calls, asked };
}
