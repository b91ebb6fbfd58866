/**
 * One Sheets custom function, declared once: its JSDoc (what Sheets shows in autocomplete), its parameters and
 * its body. `customFunctionsOf` turns a registry of them, keyed by the name a cell types, into entry points: each
 * runs inside `answer` (cache, time budget, no token refresh, errors as one sentence), so no function can skip it.
 */
import type { AnyOperation } from '../../../shared';
import type { CellValue } from '../cells';
import type { EntryPoints } from '../entry-points';
import { answer, type Answering } from './answer';

export interface Param {
  name: string;
  /** JSDoc type, e.g. "string|Array<Array<string>>". */
  type: string;
  text: string;
}

export const param = (name: string, type: string, text: string): Param => ({ name, type, text });

/** A parameter a cell gives as text (JSDoc type string), the kind most custom functions take. */
export function stringParam(name: string, text: string): Param {
  return param(name, 'string', text);
}

export interface CustomFunction<P extends readonly Param[] = readonly Param[]> {
  /** The first JSDoc line: what the function answers, and that it is free. */
  summary: string;
  params: P;
  /** The @return line. */
  returns: string;
  /** The catalogue operations the body runs: where the function reaches the service (the README parity table). */
  operations: readonly AnyOperation[];
  /** The answer, from the cell's arguments (one per param, undefined when left out). Argument checks go here. */
  body(a: Answering, ...args: { [K in keyof P]: unknown }): CellValue[][];
}

/** Typed identity: ties the body's arguments to the declared params (a body cannot take more than declared). */
export function customFunction<const P extends readonly Param[]>(declaration: CustomFunction<P>): CustomFunction {
  return declaration as unknown as CustomFunction;
}

export function customFunctionDoc(fn: CustomFunction): string[] {
  return [fn.summary, ...fn.params.map((p) => `@param {${p.type}} ${p.name} ${p.text}`), `@return ${fn.returns}`, '@customfunction'];
}

export function customFunctionsOf(registry: Record<string, CustomFunction>): EntryPoints {
  const entries: EntryPoints = {};
  for (const [name, fn] of Object.entries(registry)) {
    const params = fn.params.map((p) => p.name);
    const run = (...args: unknown[]): CellValue[][] => {
      // Exactly one value per declared param: the cache key is the same whether a cell left trailing ones out or not.
      const values = params.map((_, i) => args[i]);
      return answer(name, values, (a) => fn.body(a, ...values));
    };
    entries[name] = { params, doc: customFunctionDoc(fn), guard: 'custom', run };
  }
  return entries;
}
