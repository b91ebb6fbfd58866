/**
 * What the core does with a 3xx (every host hands redirects to the core unfollowed: Node fetch `redirect: 'manual'`,
 * UrlFetchApp `followRedirects: false`, n8n `disableFollowRedirect`). The rule (docs/DECISIONS.md):
 * - the credential never goes to another origin: a redirect there is never followed;
 * - a request that acts (unsafe) is never sent again on a redirect: its outcome is unknown;
 * - a safe read may follow a redirect on its own origin, a few hops at most, signed afresh.
 * Plain string work, no `URL`: Apps Script has none.
 */
import type { HttpRequest, HttpResponse } from '../effects';
import { redactRequest, UnexpectedResponseError } from '../errors';
import type { RetrySafety } from './retry';

export const MAX_REDIRECTS = 3;
const FOLLOWED = [301, 302, 303, 307, 308];

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/** Scheme and authority, lower-case (`https://api.example.com:8443`); '' for a URL without one. */
export function originOf(url: string): string {
  return (/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '').toLowerCase();
}

/** A URL's scheme (`https:`). */
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** A Location resolved against the URL it answered (absolute, scheme-relative, absolute path, relative path). */
export function resolveLocation(base: string, location: string): string {
  if (SCHEME.test(location)) return location;
  if (location.startsWith('//')) return `${SCHEME.exec(base)?.[0] ?? 'https:'}${location}`;
  if (location.startsWith('/')) return `${originOf(base)}${location}`;
  const path = base.replace(/[?#].*$/, '');
  return `${path.slice(0, path.lastIndexOf('/') + 1)}${location}`;
}

/** Where a redirect pointed, as an error may show it: no query (it may carry a code or a token). */
const shown = (url: string) => url.replace(/[?#].*$/, '');

/**
 * The URL to send the request to next, or the error that ends it. `hops`: redirects already followed for it.
 */
export function followRedirect(
  op: { title: string; retry: RetrySafety },
  request: HttpRequest,
  response: HttpResponse,
  hops: number,
): { url: string } | UnexpectedResponseError {
  const { status } = response;
  const location = response.headers.location?.trim();
  const target = location ? resolveLocation(request.url, location) : '';
  const fail = (why: string) =>
    new UnexpectedResponseError(`${op.title}: the service answered ${status} ${why}.`, {
      status,
      request: redactRequest(request),
    });
  if (!target) return fail('(a redirect) without a Location to go to');
  const to = originOf(target);
  const from = originOf(request.url);
  const where = shown(target);
  if (to !== from) return fail(`redirecting to another origin (${to || where}); it was not followed, so the credential did not leave ${from}`);
  if (op.retry !== 'safe') return fail(`redirecting to ${where}; a request that acts is never sent again on a redirect`);
  const keepsMethod = status === 307 || status === 308 || request.method === 'GET';
  if (!FOLLOWED.includes(status) || !keepsMethod) return fail(`redirecting to ${where}, which the connector does not follow`);
  if (hops >= MAX_REDIRECTS) return fail(`redirecting again after ${hops} redirects (to ${where}); stopped there`);
  return { url: target };
}
