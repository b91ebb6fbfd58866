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

export function footersOf(org: Org): EmailFooter[] {
  return [
    { emailFooterId: 1, name: 'Unsubscribe line', body: '<p>Not interested? <a href="{{unsubscribeUrl}}">Unsubscribe</a>.</p>' },
    { emailFooterId: 2, name: 'Company address', body: `<p>${org.name}</p>` },
    { emailFooterId: 3, name: 'Plain sign-off', body: '<p>Best regards</p>' },
  ];
}
