/**
 * Reads JSON typed into a node field and, when it is not valid, says where it breaks: line, column, what was
 * expected there and a short excerpt with a caret. The engine's own message ("Unexpected token ' ', ...") names
 * neither the field nor, on every Node version, the place.
 */
export interface JsonBreak {
  offset: number;
  line: number;
  column: number;
  expected: string;
  excerpt: string;
}

class Broken extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

/** A small JSON reader that only finds the first place the text stops being JSON (RFC 8259). */
function scan(text: string): void {
  let at = 0;
  const ws = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at++;
  };
  const fail = (expected: string): never => {
    throw new Broken(at, expected);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail(`"${word}"`);
  };
  const string = () => {
    if (text[at] !== '"') fail('a double-quoted string');
    at++;
    while (at < text.length && text[at] !== '"') {
      const ch = text.charCodeAt(at);
      if (ch < 0x20) fail('no raw control character inside a string (write \\n, \\t)');
      if (text[at] === '\\') {
        at++;
        if (text[at] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) {
            at++;
            fail('four hex digits after \\u');
          }
          at += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[at] ?? 'x')) fail('a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)');
      }
      at++;
    }
    if (at >= text.length) fail('a closing double quote');
    at++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!m) fail('a number');
    at += (m as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail('less nesting');
    ws();
    const ch = text[at];
    if (ch === '{') {
      at++;
      ws();
      if (text[at] === '}') return void at++;
      for (;;) {
        ws();
        string();
        ws();
        if (text[at] !== ':') fail('":" after the property name');
        at++;
        value(depth + 1);
        ws();
        if (text[at] === ',') {
          at++;
          ws();
          if (text[at] === '}') fail('another property after "," (no trailing comma)');
          continue;
        }
        if (text[at] === '}') return void at++;
        fail('"," or "}"');
      }
    }
    if (ch === '[') {
      at++;
      ws();
      if (text[at] === ']') return void at++;
      for (;;) {
        value(depth + 1);
        ws();
        if (text[at] === ',') {
          at++;
          ws();
          if (text[at] === ']') fail('another value after "," (no trailing comma)');
          continue;
        }
        if (text[at] === ']') return void at++;
        fail('"," or "]"');
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail(ch === undefined ? 'a value (the text ends early)' : 'a value (object, array, string in double quotes, number, true, false or null)');
  };
  value(0);
  ws();
  if (at < text.length) fail('the end of the text (one JSON value only)');
}

/** One line of context around the offset, at most 60 characters, with a caret under the offset. */
function excerptAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset) === -1 ? text.length : text.indexOf('\n', offset);
  const from = Math.max(lineStart, offset - 40);
  const to = Math.min(lineEnd, offset + 20);
  const shown = text.slice(from, to).replace(/[\t\r]/g, ' ');
  const lead = from > lineStart ? '…' : '';
  return `${lead}${shown}${to < lineEnd ? '…' : ''}\n${' '.repeat(lead.length + offset - from)}^`;
}

/** Where `text` stops being JSON, or undefined when it is valid. */
export function jsonBreak(text: string): JsonBreak | undefined {
  try {
    scan(text);
    return undefined;
  } catch (error) {
    // Only Broken is thrown by the scanner; anything else would be a scanner bug: point at the start.
    const found = error instanceof Broken ? error : new Broken(0, 'valid JSON');
    const offset = Math.min(found.offset, text.length);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { offset, line, column, expected: found.expected, excerpt: excerptAt(text, offset) };
  }
}

/** A message naming the field and the place: `query: is not valid JSON at line 2, column 5: expected ...`. */
export function jsonProblem(field: string, text: string): string | undefined {
  const broken = jsonBreak(text);
  if (!broken) return undefined;
  return `${field}: is not valid JSON at line ${broken.line}, column ${broken.column}: expected ${broken.expected}.\n${broken.excerpt}`;
}

export type JsonField = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Parses a JSON field's text; anything else (an object from an expression) is taken as is, empty text is
 * undefined. When the text is not JSON, the message names the field and where it breaks.
 */
export function parseJsonField(field: string, raw: unknown): JsonField {
  if (typeof raw !== 'string') return { ok: true, value: raw };
  if (!raw.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return { ok: false, message: jsonProblem(field, raw) ?? `${field}: is not valid JSON (${(error as Error).message})` };
  }
}
