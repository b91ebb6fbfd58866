/**
 * JSON.parse for the service's answers, keeping integers beyond 2^53 exact: such a number (an id the service sends
 * as a JSON number) becomes its digits as text instead of a rounded double (18446744073709551617 would otherwise read
 * as 18446744073709552000). Node 20 and Apps Script have no JSON.parse source access, so the text is rewritten first,
 * token by token: strings are skipped whole, each number token is read whole, and only an integer token that is not
 * a safe integer is quoted. Answers without a run of 16 digits (most pages) take JSON.parse's path untouched.
 */
const LONG_DIGITS = /\d{16}/;

/** Where the string starting at `open` (a quote) ends: the index after its closing quote. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  for (;;) {
    if (close < 0) return text.length;
    let slashes = 0;
    while (text.charCodeAt(close - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return close + 1;
    close = text.indexOf('"', close + 1);
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The text with every integer token beyond the safe range quoted; the same string when there is none. */
export function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      continue;
    }
    if (c !== 45 && !isDigit(c)) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < text.length && isDigit(text.charCodeAt(end))) end++;
    const next = text.charCodeAt(end);
    const integer = next !== 46 && next !== 101 && next !== 69;
    if (integer && end - i >= 16 && !Number.isSafeInteger(Number(text.slice(i, end)))) {
      out += `${text.slice(copied, i)}"${text.slice(i, end)}"`;
      copied = end;
    }
    // A fraction or exponent: skip the rest of the number token, so its digits are never read as an integer.
    while (end < text.length && /[\d.eE+-]/.test(text[end])) end++;
    i = end;
  }
  return copied ? out + text.slice(copied) : text;
}

export function parseExactJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  const exact = quoteUnsafeIntegers(text);
  if (exact === text) return JSON.parse(text);
  try {
    return JSON.parse(exact);
  } catch {
    // Not JSON: fail as JSON.parse does on the original text.
    return JSON.parse(text);
  }
}
