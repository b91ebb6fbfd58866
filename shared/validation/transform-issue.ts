import type * as z from './zod';

/**
 * Refuses a value from inside a zod/mini transform. zod's classic transforms gave their callback `ctx.addIssue`;
 * zod/mini hands over the parse payload itself, whose `issues` take the same custom issue (the input is the value
 * the transform was given, as classic wrote it). The transform then returns `z.NEVER`.
 */
export function refuseInTransform(ctx: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[] }): void {
  ctx.issues.push({ code: 'custom', input: ctx.value, ...issue });
}

/**
 * Refuses one field from a refinement (`z.superRefine`): the custom issue at `path: [field]` with its rule, as
 * `ctx.addIssue` takes it. One function for the catalogue's cross-field rules (Code.js has a size budget).
 */
export function refuseField(ctx: z.core.$RefinementCtx, field: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message });
}
