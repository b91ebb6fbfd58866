/** What a send shows, with the service's warnings only when its answer carried some. */
export function withWarnings<T extends object>(shown: T, warnings: string[]): T & { warnings?: string[] } {
  return warnings.length ? { ...shown, warnings } : shown;
}
