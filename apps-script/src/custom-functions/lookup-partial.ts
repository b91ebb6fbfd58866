import type { Shard } from './lookup-shards';
import { cache, chunkKey, parsed, type BuildState } from './lookup-store';

/**
 * A cell waiting for an index another cell is building looks for its keys in the chunks the build has stored so far
 * (each chunk read once), and answers as soon as it has them all: with 50,000 saved records the whole build takes
 * longer than one cell may wait, but most cells' records are read long before it ends. A key not yet read keeps the
 * cell waiting ("not found" is only said by a finished index).
 */
export function partialRows(base: string, keys: readonly string[]): (state: BuildState | null) => Shard | null {
  const rows: Shard = {};
  let seen = 0;
  return (state) => {
    if (!state) return null;
    // Fewer chunks than seen: the build started over; what was found stays true.
    if (state.chunks < seen) seen = 0;
    const names = Array.from({ length: state.chunks - seen }, (_, i) => chunkKey(base, seen + i));
    const got = names.length ? cache().getAll(names) : {};
    for (const name of names) {
      const chunk = parsed<Shard>(got[name]) ?? {};
      for (const k of keys) if (k in chunk) rows[k] = chunk[k];
    }
    seen = state.chunks;
    return keys.every((k) => k in rows) ? rows : null;
  };
}
