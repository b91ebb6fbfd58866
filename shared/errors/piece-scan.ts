/**
 * The redactor's first look (redaction.ts): "may this text hold one of the pieces?". Every 2xx answer is redacted (a
 * service may echo the credential), and an org page is ~2.8 MB: the regex of some hundred case-insensitive pieces took
 * ~30 ms per page, about as long as decoding it. This is a multi-pattern skip search (Wu-Manber, blocks of two
 * characters) for the pieces' starts (their first `m` characters, `m` the shortest piece's length): a window whose last
 * two characters sit in no start moves on by up to `m - 1`; only a window that really is a piece's start says "maybe",
 * and the redactor's regex then decides, so a "maybe" is never wrong, only slower. "No" is exact: a piece the
 * case-insensitive regex finds starts with its first `m` characters, and that regex (no `u` flag) never matches a
 * non-ASCII character to an ASCII one, so lowering ASCII letters is enough.
 */
/** Lowers an ASCII capital; anything else as it is (only its low byte is used for the shift table). */
const low = (c: number) => (c >= 65 && c <= 90 ? c | 32 : c);
/** The shift table's key: the two characters ending at `i` (low bytes; two blocks sharing a key share the smaller shift). */
const blockAt = (text: string, i: number) => ((low(text.charCodeAt(i - 1)) & 0xff) << 8) | (low(text.charCodeAt(i)) & 0xff);

/** A test "may `text` hold a piece?", or null when the pieces are not all ASCII (the regex alone then looks). */
export function pieceScanner(pieces: readonly string[]): ((text: string) => boolean) | null {
  if (pieces.length === 0 || pieces.some((p) => !/^[\x20-\x7e]{2,}$/.test(p))) return null;
  const m = Math.min(...pieces.map((p) => p.length));
  const starts = new Set(pieces.map((p) => p.slice(0, m).toLowerCase()));
  // How far the window may move when its last two characters are these: to the nearest place they sit in a start.
  const shift = new Uint8Array(1 << 16).fill(m - 1);
  for (const s of starts) for (let j = 1; j < m; j++) shift[blockAt(s, j)] = Math.min(shift[blockAt(s, j)], m - 1 - j);
  return (text) => {
    for (let end = m - 1; end < text.length;) {
      const move = shift[blockAt(text, end)];
      if (move > 0) end += move;
      else if (starts.has(text.slice(end - m + 1, end + 1).toLowerCase())) return true;
      else end++;
    }
    return false;
  };
}
