/** An error that maps to an HTTP answer. Handlers throw it; the server turns it into the response. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Body to send instead of `{message}` (e.g. the credit/license body of spec 7). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unauthorized = (message: string) => new HttpError(401, message);

/** Spec 7: `{msg, code, data: {productCategory, additionalCreditsNeeded}}`; `message` too (DECISIONS). */
export function creditOrLicenseError(
  code: 'insufficientCredits' | 'missingLicense',
  productCategory: string,
  additionalCreditsNeeded: number,
  msg: string,
): HttpError {
  return new HttpError(422, msg, { msg, message: msg, code, data: { productCategory, additionalCreditsNeeded } });
}
