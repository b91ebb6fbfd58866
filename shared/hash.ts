/**
 * FNV-1a, 32 bit: a short, stable, non-secret fingerprint of a credential, so pacing state and stored
 * tokens can be keyed per credential without keeping the secret itself in a key.
 */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
