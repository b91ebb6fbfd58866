import { failureOutcome, UNKNOWN_OUTCOME_TEXT } from '../../../shared/errors';
import { userMessage } from '../errors';
import { readJson, userProps, writeJson } from '../property-stores';

/**
 * A campaign created by "create and start" whose start failed: kept (user properties) with a fingerprint of what it
 * was created from, so Create again with the same campaign starts THIS one instead of creating another. The create
 * is never repeated; only the start is (a second START of a started campaign changes nothing).
 */
const KEY = 'pds.campaign.unstarted';

export interface UnstartedCampaign {
  campaignId: string;
  name: string;
  contactsAdded: number;
  fingerprint: string;
}

/** The campaign left unstarted by the same request, or null. `campaign` given: remembered; null: forgotten. */
export function unstarted(print: string, campaign?: UnstartedCampaign | null): UnstartedCampaign | null {
  const props = userProps();
  if (campaign) writeJson(props, KEY, campaign);
  else if (campaign === null) props.deleteProperty(KEY);
  try {
    const saved = readJson<UnstartedCampaign>(props, KEY);
    return saved?.fingerprint === print ? saved : null;
  } catch {
    return null;
  }
}

/** A failed start: the campaign that exists, what happened, and what Create again does. */
export function startFailedMessage(c: UnstartedCampaign, error: unknown): string {
  const unknown = failureOutcome(error, 'unsafe') === 'unknown' ? ` (${UNKNOWN_OUTCOME_TEXT})` : '';
  return (
    `The campaign "${c.name}" (${c.campaignId}) was created with ${c.contactsAdded} contacts, but starting it failed${unknown}: ` +
    `${userMessage(error)} Create it again to start this one (no second campaign is made).`
  );
}
