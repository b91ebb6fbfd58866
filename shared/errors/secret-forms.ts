/**
 * The forms a secret takes when something repeats it: as is (any case: matched case-insensitively), URL-encoded,
 * JSON-escaped once and twice, hex of its UTF-8 bytes, and base64 / base64url. Base64 depends on where the secret
 * starts in the encoded text (a header line `token: KEY` or `Authorization: Bearer T` encoded whole puts it at any
 * of three offsets), so the characters that only the secret decides are taken at each of the three offsets; with
 * the cut pieces matched by the redactor (any 8 characters of a form), that covers base64 of a header line too.
 * Plain JavaScript (no Buffer, no btoa): the core runs in Apps Script as well.
 */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function utf8(text: string): number[] {
  return Array.from(unescape(encodeURIComponent(text)), (c) => c.charCodeAt(0));
}

export function hexOf(bytes: readonly number[]): string {
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Base64 without its `=` padding (an echo may drop or keep it: the redactor looks for pieces anyway). */
export function base64Of(bytes: readonly number[]): string {
  const bits = bytes.map((b) => b.toString(2).padStart(8, '0')).join('');
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += B64[parseInt(bits.slice(i, i + 6).padEnd(6, '0'), 2)];
  return out;
}

/** The base64 characters decided by the secret alone when it starts `offset` bytes (0–2) into the encoded text. */
function base64Core(bytes: readonly number[], offset: number): string {
  const encoded = base64Of([...new Array<number>(offset).fill(0), ...bytes]);
  // Leading characters share bits with the bytes before the secret, trailing ones with the bytes after it.
  const head = [0, 2, 3][offset];
  const exact = (offset + bytes.length) % 3 === 0;
  return encoded.slice(head, exact ? encoded.length : encoded.length - 1);
}

export function secretForms(secret: string): string[] {
  const bytes = utf8(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  const base64 = [0, 1, 2].map((offset) => base64Core(bytes, offset));
  const forms = [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    json,
    JSON.stringify(json).slice(1, -1),
    hexOf(bytes),
    ...base64,
    ...base64.map((b) => b.replace(/\+/g, '-').replace(/\//g, '_')),
  ];
  return [...new Set(forms)];
}
