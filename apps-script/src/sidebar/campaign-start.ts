import { failureOutcome, UNKNOWN_OUTCOME_TEXT } from '../../../shared/errors';
import { fingerprint } from '../../../shared/hash';
import { userMessage } from '../errors';

/**
 * A campaign created by "create and start" whose start failed: kept (user properties, per user) with what it was
 * created from, so pressing Create again with the same campaign starts THIS campaign instead of creating another.
 * The create is never repeated; only the start is (a second START of a started campaign changes nothing).
 */
const KEY = 'pds.campaign.unstarted';

export interface UnstartedCampaign {
  campaignId: string;
  name: string;
  contactsAdded: number;
  /** The request (name, contacts, steps, max active) it was created from. */
  fingerprint: string;
}

export const campaignFingerprint = (parts: unknown) => fingerprint(JSON.stringify(parts));

export function unstartedCampaign(fingerprintNow: string): UnstartedCampaign | null {
  const raw = PropertiesService.getUserProperties().getProperty(KEY);
  if (!raw) return null;
  try {
    const saved = JSON.parse(raw) as UnstartedCampaign;
    return saved.fingerprint === fingerprintNow ? saved : null;
  } catch {
    return null;
  }
}

export function rememberUnstarted(campaign: UnstartedCampaign): void {
  PropertiesService.getUserProperties().setProperty(KEY, JSON.stringify(campaign));
}

export function forgetUnstarted(): void {
  PropertiesService.getUserProperties().deleteProperty(KEY);
}

/** The sentence a failed start shows: the campaign that exists, what happened, and what pressing Create again does. */
export function startFailedMessage(campaign: UnstartedCampaign, error: unknown): string {
  const what =
    failureOutcome(error, 'unsafe') === 'unknown'
      ? `starting it ended without an answer (${UNKNOWN_OUTCOME_TEXT}): ${userMessage(error)}`
      : `starting it failed: ${userMessage(error)}`;
  return (
    `The campaign "${campaign.name}" (${campaign.campaignId}) was created with ${campaign.contactsAdded} contacts, but ${what} ` +
    'Press Create again with the same campaign to start this one; no second campaign is created.'
  );
}
