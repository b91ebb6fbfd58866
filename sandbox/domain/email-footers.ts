/**
 * Email footers (public reference: `GET /email-footers`). Only a list is published, so the sandbox serves a fixed
 * set per organization (DECISIONS "Campaign steps, templates, drafts, bulk email"); templates refer to them by id.
 */
import type { Org } from '../state/types';

export interface EmailFooter {
  emailFooterId: number;
  name: string;
  body: string;
}

/** `idBase` (seed.idBase) shifts the footer ids as it shifts every other id sequence. */
export function footersOf(org: Org, idBase: number): EmailFooter[] {
  return [
    { emailFooterId: idBase + 1, name: 'Unsubscribe line', body: '<p>Not interested? <a href="{{unsubscribeUrl}}">Unsubscribe</a>.</p>' },
    { emailFooterId: idBase + 2, name: 'Company address', body: `<p>${org.name}</p>` },
    { emailFooterId: idBase + 3, name: 'Plain sign-off', body: '<p>Best regards</p>' },
  ];
}
