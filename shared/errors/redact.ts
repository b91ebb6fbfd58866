import type { HttpRequest } from '../effects';

/** What an error keeps of the request: enough to debug, never a secret. */
export interface RedactedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const SECRET_HEADERS = new Set(['token', 'authorization', 'cookie', 'x-webhook-secret']);
const SECRET_FIELDS = ['client_secret', 'refresh_token', 'access_token', 'code', 'password', 'apiKey', 'api_key', 'token'];
const SECRET_QUERY = new Set(['code', 'access_token', 'refresh_token', 'client_secret', 'token', 'apikey', 'api_key', 'key']);

export const REDACTED = '[redacted]';

export function redactRequest(request: Pick<HttpRequest, 'method' | 'url' | 'headers' | 'body'>): RedactedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    headers[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  }
  return { method: request.method, url: redactUrl(request.url), headers, body: request.body === undefined ? undefined : redactBody(request.body) };
}

function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pairs = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      return SECRET_QUERY.has(decodeURIComponent(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${pairs.join('&')}`;
}

/** Works on JSON and form bodies alike: replaces the value of every secret-named field. */
export function redactBody(body: string): string {
  let out = body;
  for (const field of SECRET_FIELDS) {
    out = out
      .replace(new RegExp(`("${field}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'g'), `$1"${REDACTED}"`)
      .replace(new RegExp(`(^|&)(${field}=)[^&]*`, 'g'), `$1$2${REDACTED}`);
  }
  return out;
}
