import type { z } from 'zod';
import type { Decodable } from '../catalogue/types';
import type { HttpRequest, HttpResponse } from '../effects';
import { redactRequest, UnexpectedResponseError } from '../errors';
import { fieldPath } from '../validation/format';

export interface Reply<R> {
  data: R;
  body: unknown;
  status: number;
  headers: Record<string, string>;
  /** Where a 2xx body broke the documented shape but the operation had already acted (see `decode`). */
  warnings: string[];
}

/** Parses a 2xx body and checks it against the operation's output schema. */
export function decode<O extends z.ZodType, R>(op: Decodable<O, R>, response: HttpResponse, strict: boolean, request: HttpRequest): Reply<R> {
  let body: unknown = null;
  if (response.body.trim()) {
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new UnexpectedResponseError(`${op.title}: the service answered ${response.status} with a body that is not JSON.`, {
        status: response.status,
        request: redactRequest(request),
      });
    }
  }
  const checked = op.output.safeParse(body);
  const warnings: string[] = [];
  if (!checked.success) {
    const where = checked.error.issues
      .slice(0, 5)
      .map((i) => `${fieldPath(i.path)}: ${i.message}`)
      .join('; ');
    const text = `${op.title}: the answer breaks the service's documented shape (${where}).`;
    // A send, a create or a research has already acted: failing now would invite the user to repeat it.
    const acted = op.retry === 'unsafe' || op.credits === 'perItem';
    if (strict && !acted) throw new UnexpectedResponseError(text, { status: response.status, request: redactRequest(request) });
    warnings.push(acted ? `${text} The service answered ${response.status}: it was carried out; do not repeat it.` : text);
  }
  const shaped = (checked.success ? checked.data : body) as z.output<O>;
  return { data: op.result(shaped), body: shaped, status: response.status, headers: response.headers, warnings };
}
