import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { call, listActivityOperation, nowMs, readNewFeedEvents, runAsync } from '../../../shared';
import type { Connection } from '../Prospecting/client';

/** What the "New Activity" event keeps between checks: the largest activity id it emitted. */
export interface ActivityPollState {
  lastActivityId?: string;
}

const HOUR = 3_600_000;

/**
 * New events of the activity feed since the previous check, oldest first, each once (the core's feed read:
 * newest-first pages until an id already emitted; repeats from events added mid-read dropped by id). The first
 * check emits the events of the lookback period. A manual test shows the newest event and moves nothing.
 */
export async function pollActivity(ctx: IPollFunctions, conn: Connection, state: ActivityPollState, manual: boolean): Promise<IDataObject[]> {
  if (manual) return (await runAsync(call(conn.client, listActivityOperation, { limit: 1 }), conn.host)) as IDataObject[];
  const afterId = state.lastActivityId ?? null;
  const lookbackHours = ctx.getNodeParameter('lookbackHours', 24) as number;
  const read = await runAsync(
    (function* () {
      const since = afterId === null ? new Date((yield* nowMs()) - lookbackHours * HOUR).toISOString() : undefined;
      return yield* readNewFeedEvents<IDataObject>(conn.client, listActivityOperation, { afterId, since, idField: 'activityId', timeField: 'occurredAt' });
    })(),
    conn.host,
  );
  // Every event up to the newest one read was emitted: the next check starts after it.
  if (read.newestId !== null) state.lastActivityId = read.newestId;
  return read.events;
}
