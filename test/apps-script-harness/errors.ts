/**
 * Errors as the script sees them. Service failures in Apps Script are `Exception` objects whose message is the bare
 * text (their toString() is "Exception: <message>"); we reproduce that name/message split.
 */
export class GasException extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Exception';
  }
}

/** An execution (run, custom function, trigger, callback) that ended with an error, as the test sees it. */
export class AppsScriptError extends Error {
  constructor(
    message: string,
    readonly scriptErrorName: string,
    readonly scriptStack: string,
    readonly executionId: number,
  ) {
    super(message);
    this.name = 'AppsScriptError';
  }
}

/** Shape checks the fakes use on script-supplied arguments (the real services reject bad types loudly too). */
export function argString(v: unknown, method: string): string {
  if (v === undefined || v === null) throw new GasException(`Invalid argument: ${method}`);
  return String(v);
}
