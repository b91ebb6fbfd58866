import { shardOf, type Shard } from './lookup-shards';
import { cache, chunkKey, parsed, type BuildState, type Round } from './lookup-store';

/**
 * The rows of `keys` in `rounds` (each key read from the one item of each round that may hold it; later rounds win),
 * and whether every item was there (the cache may drop one: then the index is read again).
 */
export function rowsIn(base: string, rounds: readonly Round[], keys: readonly string[]): { rows: Shard; whole: boolean } {
  const names = rounds.map(([first, count]) => [...new Set(keys.map((k) => chunkKey(base, first + shardOf(k, count))))]);
  const got = cache().getAll(names.flat());
  const rows: Shard = {};
  let whole = true;
  for (const name of names.flat()) {
    const chunk = parsed<Shard>(got[name]);
    if (!chunk) whole = false;
    else for (const k of keys) if (k in chunk) rows[k] = chunk[k];
  }
  return { rows, whole };
}

/**
 * A cell waiting for an index another cell is building looks for its keys in the rounds the build has stored so far
 * (each round's item of its keys read once), and answers as soon as it has them all: with 50,000 saved records the whole build takes
 * longer than one cell may wait, but most cells' records are read long before it ends. Returns what was found so
 * far; a key not yet read keeps the cell waiting ("not found" is only said by a finished index).
 */
export function partialRows(base: string, keys: readonly string[]): (state: BuildState | null) => Shard {
  const rows: Shard = {};
  let seen = 0;
  return (state) => {
    if (!state) return rows;
    // Fewer rounds than seen: the build started over; what was found stays true.
    if (state.rounds.length < seen) seen = 0;
    Object.assign(rows, rowsIn(base, state.rounds.slice(seen), keys).rows);
    seen = state.rounds.length;
    return rows;
  };
}
