/**
 * The bundle's export object (esbuild assigns it to the global `__addon`). build.mjs reads `entryPoints` and
 * `serverEntryPoints()` from the built bundle itself and adds one top-level function per entry that forwards to its
 * `run`, so Apps Script sees real global declarations. Declare new functions in a registry, not here: the build
 * refuses any other export (it would never become a global).
 */
import { customFunctions } from './custom-functions/registry';
import { mergeEntryPoints, type EntryPoints } from './entry-points';
import { deferredEntryPoints } from './server-entry-points';

/** The custom functions: what a cell calls, built while the add-on loads. */
export const entryPoints = mergeEntryPoints(customFunctions);
/** The server functions, built on the first call of one (server-entry-points.ts). */
export const serverEntryPoints = (): EntryPoints => deferredEntryPoints;
// Not entry points: the guards build.mjs calls first in the generated wrappers.
export { sidebarOnly_, triggerOnly_ } from './guards';
