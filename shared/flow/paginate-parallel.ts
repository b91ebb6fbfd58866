import type { AnyOperation } from '../catalogue/types';
import type { Client } from '../client';
import type { Flow } from '../effects';
import { allOf } from './parallel';
import { send } from './send';

/**
 * Reads a page-style list (org reads: page + limit, no count in the answer) with pages sent side by side. The
 * first wave asks for `expectedItems / limit` pages at once (a caller that knows how many records it needs, such as
 * a lookup of 2,000 keys, sends exactly the pages that can hold them); while the last page of a wave is full, the
 * next waves ask for 1, 2, 4 … more pages (up to `parallelRequests`), so a read that was nearly guessed right
 * costs one request more, not a whole wave. The read ends at the first short page; records keep page order.
 * For a snapshot read only: a record changed during the read can shift pages (the keyset read avoids that).
 */
export function* readPagesSideBySide<T>(
  client: Client,
  op: AnyOperation,
  input: Record<string, unknown>,
  options: { expectedItems?: number } = {},
): Flow<{ items: T[]; requests: number }> {
  const p = op.pagination;
  if (p.style !== 'page') throw new Error(`${op.title} is not read by page`);
  const limit = Math.min(p.maxLimit, client.settings.pageSizeLimit);
  const parallel = client.settings.parallelRequests;
  const items: T[] = [];
  let next = 1;
  let requests = 0;
  let grown = 0;
  let wave = Math.max(1, Math.min(parallel, Math.ceil((options.expectedItems ?? 0) / limit)));
  for (;;) {
    const pages = Array.from({ length: wave }, (_, k) => next + k);
    const answers = yield* allOf(
      pages.map(
        (page) =>
          function* (): Flow<T[]> {
            return (yield* send(client, op, { ...input, [p.pageField]: page, [p.limitField]: limit })).data as T[];
          },
      ),
      parallel,
    );
    requests += pages.length;
    const short = answers.findIndex((rows) => rows.length < limit);
    for (const rows of short === -1 ? answers : answers.slice(0, short + 1)) items.push(...rows);
    if (short !== -1) return { items, requests };
    next += wave;
    wave = grown === 0 ? 1 : Math.min(parallel, grown * 2);
    grown = wave;
  }
}
