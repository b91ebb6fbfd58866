import type { HttpResponse } from '../effects';
import { AuthError, ConflictError, CreditsError, NotFoundError, ProspectingError, RateLimitError, ServerError, ValidationError } from './classes';
import type { RedactedRequest } from './redact';
import { capText } from './cap-text';
import { parseExactJson } from '../flow/exact-json';
import { isObjectOrList } from '../flow/is-object';

interface ServiceBody {
  message?: unknown;
  msg?: unknown;
  code?: unknown;
  error?: unknown;
  data?: { productCategory?: unknown; additionalCreditsNeeded?: unknown };
}

function parseBody(text: string): ServiceBody {
  try {
    const value: unknown = parseExactJson(text);
    return isObjectOrList(value) ? (value as ServiceBody) : {};
  } catch {
    return {};
  }
}

/** The service's own message: spec says `message`, 401s have been seen with `msg` (public reference). */
export function serviceMessageOf(body: ServiceBody, fallback: string): string {
  for (const said of [body.message, body.msg]) if (typeof said === 'string' && said) return capText(said);
  return fallback;
}

/** One factory from an HTTP error answer to the error class a caller can act on. */
export function errorFromResponse(response: HttpResponse, request: RedactedRequest, operationTitle: string): ProspectingError {
  const body = parseBody(response.body);
  const status = response.status;
  const code = typeof body.code === 'string' ? body.code : typeof body.error === 'string' ? body.error : undefined;
  // A 422 without `msg` (published: every field optional) is told by its code rather than by its raw body.
  const fallback = code !== undefined ? `refused (${code})` : response.body.slice(0, 300) || `HTTP ${status}`;
  const serviceMessage = serviceMessageOf(body, fallback);
  const details = { status, code, serviceMessage, request };
  const say = (text: string) => `${operationTitle}: ${text}`;

  if (code === 'insufficientCredits' || code === 'missingLicense') {
    // The published 422 body may leave `data` out, and a shortfall may come as text: read what is there.
    const data = isObjectOrList(body.data) ? body.data : {};
    const given = data.additionalCreditsNeeded;
    const needed = typeof given === 'string' && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
    const additionalCreditsNeeded = typeof needed === 'number' && Number.isFinite(needed) ? needed : undefined;
    const extra = { productCategory: typeof data.productCategory === 'string' ? data.productCategory : undefined, additionalCreditsNeeded };
    const hint =
      code === 'missingLicense'
        ? 'The organization has no active Public API license; ask an admin to enable it.'
        : additionalCreditsNeeded !== undefined
          ? `Add at least ${additionalCreditsNeeded} research credits, or research fewer records.`
          : 'Add research credits, or research fewer records.';
    return new CreditsError(say(`${serviceMessage}. ${hint}`), extra, { ...details, hint });
  }
  if (status === 401 || status === 403) {
    const hint = status === 401 ? 'Check the API key, or reconnect the OAuth account.' : 'The credential lacks the permission (scope) this needs.';
    return new AuthError(say(`${serviceMessage}. ${hint}`), { ...details, hint });
  }
  if (status === 429) {
    return new RateLimitError(say(`${serviceMessage}. The organization's rate limit for this endpoint is used up.`), undefined, {
      ...details,
      hint: 'Wait for the window to reset, or spread the work over more time.',
    });
  }
  if (status === 404)
    return new NotFoundError(say(serviceMessage), { ...details, hint: 'Check the id; lists and saved searches are visible only to their owner.' });
  if (status === 409) return new ConflictError(say(serviceMessage), details);
  if (status === 400 || status === 422) return new ValidationError(say(serviceMessage), [{ field: '', rule: serviceMessage }], details);
  if (status >= 500) return new ServerError(say(`the service failed (${status}): ${serviceMessage}`), details);
  return new ProspectingError(say(`HTTP ${status}: ${serviceMessage}`), details);
}
