/**
 * The one way the connector reaches zod (issue 32): zod's own size-bound form, `zod/mini`, for both targets. Its
 * schemas are functions (`z.optional(z.string())`) and checks (`.check(z.minLength(1))`), so a bundler keeps only
 * what is called, without any edit of zod's source. zod/mini registers no locale by itself: the connector's own is set
 * here, once (zod-messages.ts), so an issue whose schema gives no message still names its rule ("must be at least 1"),
 * not "Invalid input".
 * Import it as `import * as z from '<path>/validation/zod'` (a namespace: esbuild resolves `z.string` statically).
 * Spelled `zod/v4/mini`, zod's permanent path for it (`zod/mini` is the same module), which n8n's lint also resolves
 * (it resolves against its own zod 3.25, which has only the v4 paths).
 */
import { config, ZodMiniISODate, ZodMiniISODateTime } from 'zod/v4/mini';
import { _isoDate, _isoDateTime, type $ZodISODateParams, type $ZodISODateTimeParams } from 'zod/v4/core';
import { ruleOf } from './zod-messages';

config({ localeError: ruleOf });

export * from 'zod/v4/mini';

// `z.iso` is zod/mini's namespace of ISO formats, and esbuild bundles a namespace reached as `z.iso.x` whole: ISO time
// and duration too, with their patterns, about 900 bytes of Code.js that nothing calls. This `iso`, which takes the
// place of the namespace `export *` brings, has the two formats the records use, made as zod/mini's own `iso.datetime`
// and `iso.date` make them: zod/v4/core's constructor function with zod/mini's exported class. The same schemas.
export const iso = {
  datetime: (params?: string | $ZodISODateTimeParams): ZodMiniISODateTime => _isoDateTime(ZodMiniISODateTime, params),
  date: (params?: string | $ZodISODateParams): ZodMiniISODate => _isoDate(ZodMiniISODate, params),
};
