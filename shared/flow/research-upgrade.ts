import type { ItemPhase, ResearchItem } from './research-job';
import { isObjectOrList } from './is-object';

/** What a version 1 item (before `phase`) said about itself: its status text and outcome, mixed. */
interface ItemV1 {
  status?: unknown;
  outcome?: unknown;
  missedPolls?: unknown;
}

const FINAL_OUTCOMES = new Set(['done', 'duplicate', 'not-found', 'error']);

type V1Reading = { phase: ItemPhase; serviceStatus: string | null };

/** A phase our own words set: no service status. */
const ours = (phase: ItemPhase): V1Reading => ({ phase, serviceStatus: null });

/**
 * The phase of a version 1 item, read from its old fields: `submitting`, `submit-failed` and `submit-unknown`
 * were our own words in `status`; `missing` after missed polls was ours too (the item was given up). Anything
 * else in `status` was the service's text. Null when the item does not read as a version 1 item (refused later).
 */
function phaseOfV1(item: ItemV1): V1Reading | null {
  if (typeof item.status !== 'string' || typeof item.outcome !== 'string') return null;
  if (item.status === 'submitting') return ours('submitting');
  if (item.outcome === 'unsubmitted') return ours('unsubmitted');
  if (item.outcome === 'unknown') return ours('unknown');
  if (item.status === 'submit-failed') return ours('failed');
  if (item.outcome === 'pending') return { phase: 'submitted', serviceStatus: item.status };
  const givenUp = item.status === 'missing' && typeof item.missedPolls === 'number' && item.missedPolls > 0;
  if (FINAL_OUTCOMES.has(item.outcome)) return { phase: 'finished', serviceStatus: givenUp ? null : item.status };
  return null;
}

/**
 * A saved job as this version reads it. Jobs saved before items had a `phase` (version 1: Sheets' job store,
 * core checkpoints) get one derived from their old status and outcome, so they load and resume without sending
 * anything twice. Anything that is not a job is handed back as it is, for checkSavedJob to refuse with a reason.
 */
export function upgradeResearchJob<T>(saved: T): T {
  if (!isObjectOrList(saved)) return saved;
  const job = saved as unknown as { version?: unknown; items?: unknown };
  if (job.version !== 1 || !Array.isArray(job.items)) return saved;
  const items = job.items.map((raw: unknown) => {
    if (!isObjectOrList(raw) || 'phase' in raw) return raw;
    const phase = phaseOfV1(raw as ItemV1);
    return phase ? ({ ...(raw as ResearchItem), ...phase } as ResearchItem) : raw;
  });
  return { ...saved, version: 2, items } as T;
}
