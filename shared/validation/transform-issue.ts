import type * as z from './zod';

/**
 * Refuses a value from inside a zod/mini transform. zod's classic transforms gave their callback `ctx.addIssue`;
 * zod/mini hands over the parse payload itself, whose `issues` take the same custom issue (the input is the value
 * the transform was given, as classic wrote it). The transform then returns `z.NEVER`.
 */
export function refuseInTransform(ctx: z.core.ParsePayload, issue: { message: string; path?: PropertyKey[] }): void {
  ctx.issues.push({ code: 'custom', input: ctx.value, ...issue });
}
