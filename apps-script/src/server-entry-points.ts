/**
 * The server functions' entry points (menu, OAuth callback, trigger, sidebar), built when one of them is first
 * called, not while the add-on loads: main.ts reaches this module only through `serverEntryPoints()`, and build.mjs
 * leaves every module reachable only from here out of the code V8 compiles on load (scripts/bundling/deferred-modules.mjs).
 * A custom function's cell, the add-on's most frequent execution, then compiles a third less of the bundle.
 */
import { mergeEntryPoints } from './entry-points';
import { serverFunctions } from './server-functions';

export const deferredEntryPoints = mergeEntryPoints(serverFunctions);
