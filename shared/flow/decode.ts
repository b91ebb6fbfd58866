import type * as z from '../validation/zod';
import type { Decodable } from '../catalogue/types';
import type { HttpRequest, HttpResponse } from '../effects';
import { ConflictError, redactRequest, UnexpectedResponseError } from '../errors';
import { capText } from '../errors/cap-text';
import { serviceMessageOf } from '../errors/from-response';
import { fieldPath } from '../validation/format';
import { parseExactJson } from './exact-json';
import { isObjectOrList } from './is-object';

export interface Reply<R> {
  data: R;
  body: unknown;
  status: number;
  headers: Record<string, string>;
  /** Where a 2xx body broke the documented shape but the operation had already acted (see `decode`). */
  warnings: string[];
}

/** A short description of an answer that is not the documented object, for the error (never the whole body). */
function kindOf(body: unknown): string {
  if (body === null) return 'an empty body or JSON null';
  if (Array.isArray(body)) return `a list (${body.length} items)`;
  return typeof body === 'object' ? 'an object' : `the ${typeof body} ${capText(JSON.stringify(body), 40)}`;
}

/** Parses a 2xx body and checks it against the operation's output schema. */
export function decode<O extends z.ZodMiniType, R>(op: Decodable<O, R>, response: HttpResponse, strict: boolean, request: HttpRequest): Reply<R> {
  const { status } = response;
  const unexpected = (text: string) => new UnexpectedResponseError(text, { status, request: redactRequest(request) });
  const unreadable = (what: string) => unexpected(`${op.title}: the service answered ${status} with ${what}.`);
  let body: unknown = null;
  if (response.body.trim()) {
    try {
      body = parseExactJson(response.body);
    } catch {
      throw unreadable('a body that is not JSON');
    }
  }
  // `success: false` at 2xx: the service says it did not do it, in its own words; never "carried out".
  if (isObjectOrList(body) && (body as { success?: unknown }).success === false) {
    const said = capText(serviceMessageOf(body as Record<string, unknown>, 'no message'));
    const code = (body as { code?: unknown }).code;
    throw new ConflictError(`${op.title}: the service answered ${status} with success: false, so it was not done: ${said}`, {
      status,
      code: typeof code === 'string' ? code : 'notDone',
      serviceMessage: said,
      request: redactRequest(request),
    });
  }
  const checked = op.output.safeParse(body);
  const warnings: string[] = [];
  const reply = (data: R, read: unknown): Reply<R> => ({ data, body: read, status, headers: response.headers, warnings });
  if (checked.success) return reply(op.result(checked.data), checked.data);
  const where = checked.error.issues
    .slice(0, 5)
    .map((i) => `${fieldPath(i.path)}: ${i.message}`)
    .join('; ');
  const text = `${op.title}: the answer breaks the service's documented shape (${where}).`;
  // A research submit reads an answer without request ids itself, item by item (flow/research-submit.ts).
  const readsOwnGaps = op.credits === 'perItem';
  // A send, a create or a research has already acted: failing now would invite the user to repeat it.
  const acted = op.retry === 'unsafe' || readsOwnGaps;
  // Not the documented kind of answer at all (null, empty, a list, a number): nothing says what happened.
  if (!readsOwnGaps && checked.error.issues.some((i) => i.path.length === 0)) throw unreadable(`${kindOf(body)}, not the documented answer`);
  if (strict && !acted) throw unexpected(text);
  let data: R;
  try {
    data = op.result(body as z.output<O>);
  } catch {
    // e.g. `body.data` of a body that is no object: an error saying so, never a TypeError.
    throw unreadable(`an answer whose result cannot be read (${where})`);
  }
  // An acted operation whose answer holds no result cannot be told carried out: its outcome is unknown.
  if (acted && !readsOwnGaps && (data === undefined || data === null)) throw unreadable(`no result in the answer (${where})`);
  warnings.push(acted ? `${text} The service answered ${status}: it was carried out; do not repeat it.` : text);
  return reply(data, body);
}
