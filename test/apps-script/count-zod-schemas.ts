/**
 * A prelude run in a vm context before Code.js: counts the zod schemas built there in `__schemas`. Zod gives each
 * schema it builds its `_zod` internals through Object.defineProperty (zod/v4/core/core.js). Used by the bundle test
 * and by bench/bundles.ts.
 */
export const COUNT_ZOD_SCHEMAS = `var __schemas = 0;
(function (define) {
  Object.defineProperty = function (o, k, d) {
    if (k === '_zod') __schemas++;
    return define(o, k, d);
  };
})(Object.defineProperty);`;
