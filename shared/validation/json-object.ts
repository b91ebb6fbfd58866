import { isObject } from '../flow/is-object';
import * as z from './zod';

/**
 * A plain object as zod's record checks one: not null, not a list, and made by an object literal, JSON or
 * Object.create(null) (its prototype has its own isPrototypeOf, so an object from another realm, such as an n8n
 * expression's, counts too), not a Date, a Map or a class's instance.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

/**
 * A JSON object of any fields: what `z.record(z.string(), z.unknown())` accepts and gives (its own enumerable keys
 * copied, `__proto__` left out), with the same issue when it is not one (`must be record`, or `message`; `is required`
 * when it is missing), and the same JSON Schema for the n8n node and the sidebar's forms. Written out because a
 * record of unknown values checks no key or value, and zod's record schema is 2.5 KB of the add-on's bundle
 * (issue 32).
 */
export const jsonObject = (message?: string) =>
  z
    .pipe(
      z.unknown(),
      z.transform((value, ctx) => {
        if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '__proto__'));
        ctx.issues.push({ code: 'invalid_type', expected: 'record', input: value, ...(message === undefined ? {} : { message }) });
        return z.NEVER;
      }),
    )
    .check(z.meta({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} })) as unknown as z.ZodMiniType<
    Record<string, unknown>,
    Record<string, unknown>
  >;
