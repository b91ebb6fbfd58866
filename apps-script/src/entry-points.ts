/**
 * What an entry point is: a function Apps Script calls by its global name (a cell, google.script.run, a menu,
 * a trigger, Google's OAuth callback). Declared once in a registry keyed by name (custom functions in
 * `custom-functions/registry.ts`, the others in `server-functions.ts`); `main.ts` exports the merged registry and
 * build.mjs writes one top-level `function NAME(...)` with its JSDoc per entry, forwarding to `run`. There is no
 * second list to keep in step, so a declared function cannot be left out of the bundle.
 * Names ending in "_" would be private in Apps Script: the build refuses them.
 */

import { fail, userError } from './errors';
import { sidebarOnly_, triggerOnly_ } from './guards';

/**
 * How an entry point is guarded before its implementation runs (mergeEntryPoints wraps `run`):
 * - 'custom': none (a custom function; free reads only);
 * - 'sidebar': sidebarOnly_ first, so a cell calling it (`=sendDraft(...)`) is refused before anything runs;
 * - 'trigger': triggerOnly_ first (the time-driven trigger's event object, which no cell can pass);
 * - 'open': none (simple triggers; they call SpreadsheetApp.getUi() themselves, refused in a cell);
 * - 'callback': none (Google's /usercallback; it only finishes a sign-in started from the sidebar).
 * Every server function is 'sidebar' unless declared otherwise on purpose.
 */
export type Guard = 'custom' | 'sidebar' | 'trigger' | 'open' | 'callback';

export interface EntryPoint {
  /** The wrapper's parameter names, in order; the wrapper passes exactly these to `run`. */
  params: readonly string[];
  /** JSDoc body lines (without the comment markers). Custom functions carry @customfunction. */
  doc: readonly string[];
  guard: Guard;
  /** The implementation the wrapper forwards to. */
  run: (...args: never[]) => unknown;
}

export type EntryPoints = Record<string, EntryPoint>;

/** N arguments of no known type. */
type Arguments<N extends number, A extends never[] = []> = A['length'] extends N ? A : Arguments<N, [...A, never]>;

/** An implementation that takes no more arguments than the wrapper's `arity` passes it. */
export type Implementation<N extends number> = (...args: Arguments<N>) => unknown;

/** Merges registries; a name declared twice would make one declaration vanish, so it fails the build's load. */
export function mergeEntryPoints(...registries: EntryPoints[]): EntryPoints {
  const merged: EntryPoints = {};
  for (const registry of registries) {
    for (const [name, entry] of Object.entries(registry)) {
      if (name in merged) fail(`entry point ${name} is declared twice`);
      merged[name] = guarded(name, entry);
    }
  }
  return merged;
}

/**
 * The entry with its guard run first, before anything is read, written, sent or spent. A sidebar function's error
 * becomes the add-on's words here, once for all of them (errors.ts userError: what the panel shows).
 */
function guarded(name: string, entry: EntryPoint): EntryPoint {
  const run = entry.run as (...args: unknown[]) => unknown;
  if (entry.guard === 'sidebar')
    return {
      ...entry,
      run: (...args: never[]) => {
        sidebarOnly_(name);
        try {
          return run(...args);
        } catch (error) {
          throw userError(error);
        }
      },
    };
  if (entry.guard === 'trigger') return { ...entry, run: (...args: never[]) => (triggerOnly_(name, args[0]), run(...args)) };
  return entry;
}
