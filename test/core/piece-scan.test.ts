/**
 * The redactor's first look on long texts (shared/errors/piece-scan.ts) may only say "no" where the regex finds
 * nothing: checked against the regex itself on texts made to be near misses (the secret's own characters, cut pieces
 * one character short, mixed case, non-ASCII look-alikes), and every form of the secret inside a long answer is hidden.
 */
import { REDACTED, redactor } from '../../shared/errors';
import { pieceScanner } from '../../shared/errors/piece-scan';
import { leakForms, leaksIn } from '../support/secret-leaks';

const KEY = 'pdsk_7Hq2ZxV9mLw4Rt8Ny3Kc6Bf1';
const filler = (n: number) => '{"fullName":"Ada Lovelace","title":"VP Sales","id":"0f3a9c"},'.repeat(Math.ceil(n / 60)).slice(0, n);

/** A small seeded generator: the same texts on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
}

describe('the redactor on long answers (the quick first look)', () => {
  const hide = redactor([KEY]);

  it.each(leakForms(KEY).map((f) => [f.name, f.text]))('hides the %s form inside a 100 KB answer', (_name, form) => {
    const text = `${filler(60000)}${form}${filler(40000)}`;
    const out = hide.text(text);
    expect(leaksIn(out, KEY)).toEqual([]);
    expect(out).toContain(REDACTED);
  });

  it('hides a cut piece of 8 characters in any case at the start, the middle and the end of a long text', () => {
    for (let i = 0; i + 8 <= KEY.length; i++) {
      const piece = i % 2 ? KEY.slice(i, i + 8).toUpperCase() : KEY.slice(i, i + 8);
      for (const text of [`${piece}${filler(500)}`, `${filler(300)}${piece}${filler(300)}`, `${filler(500)}${piece}`])
        expect(hide.text(text)).toBe(text.replace(piece, REDACTED));
    }
  });

  it('says "maybe" wherever the regex finds a piece, on 3,000 near-miss texts', () => {
    const forms = leakForms(KEY).map((f) => f.text);
    const pieces = [...new Set(forms.flatMap((f) => Array.from({ length: Math.max(1, f.length - 7) }, (_, i) => f.slice(i, i + 8).toLowerCase())))];
    const scan = pieceScanner(pieces)!;
    const regex = new RegExp(pieces.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
    const next = random(7);
    const alphabet = `${KEY}${KEY.toUpperCase()}%5F_-"\\ÄKſİ\u212a`;
    let found = 0;
    let misses = 0;
    for (let t = 0; t < 3000; t++) {
      let text = '';
      while (text.length < 40) {
        const r = next();
        if (r < 0.3) {
          const f = forms[Math.floor(next() * forms.length)];
          const at = Math.floor(next() * f.length);
          text += f.slice(at, at + 4 + Math.floor(next() * 5));
        } else text += alphabet[Math.floor(next() * alphabet.length)];
      }
      const hit = regex.test(text);
      if (!hit) misses++;
      if (hit) found++;
      if (hit) expect(scan(text)).toBe(true);
    }
    // The texts were near misses and hits both: the check above saw real pieces.
    expect(found).toBeGreaterThan(100);
    expect(misses).toBeGreaterThan(100);
    expect(scan(filler(10000))).toBe(false);
  });

  it('leaves a long answer without the secret exactly as it was', () => {
    const text = filler(200000);
    expect(hide.text(text)).toBe(text);
  });
});
