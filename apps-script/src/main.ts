/**
 * The bundle's export object (esbuild assigns it to the global `__addon`). build.mjs reads `entryPoints` from
 * the built bundle itself and adds one top-level function per entry that forwards to `entryPoints.NAME.run`, so
 * Apps Script sees real global declarations. Declare new functions in a registry, not here: the build refuses
 * any other export (it would never become a global).
 */
import { customFunctions } from './custom-functions/registry';
import { mergeEntryPoints } from './entry-points';
import { serverFunctions } from './server-functions';

export const entryPoints = mergeEntryPoints(customFunctions, serverFunctions);
// Not entry points: the guards build.mjs calls first in the generated wrappers.
export { sidebarOnly_, triggerOnly_ } from './guards';
