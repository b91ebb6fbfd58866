/**
 * Template variables (public reference: the MCP resource templates/variables) and how a text is filled in for one
 * contact and sender (DECISIONS "Campaign steps, templates, drafts, bulk email"). `{{name}}`, spaces inside allowed.
 */
import type { EmailAccount, OrgContact, User } from '../state/types';

export interface TemplateVariable {
  name: string;
  description: string;
}

type Source = { contact?: OrgContact; sender?: { user: User; account: EmailAccount } };

const CONTACT_VARIABLES: [string, string, (c: OrgContact) => unknown][] = [
  ['firstName', "The contact's first name.", (c) => c.firstName],
  ['lastName', "The contact's last name.", (c) => c.lastName],
  ['fullName', "The contact's full name.", (c) => c.fullName],
  ['email', "The contact's email address.", (c) => c.email],
  ['title', "The contact's job title.", (c) => c.title],
  ['department', "The contact's department.", (c) => c.department],
  ['seniority', "The contact's seniority.", (c) => c.seniority],
  ['company', "The contact's company name.", (c) => c.company],
  ['companyDomain', "The company's web domain.", (c) => c.companyDomain],
  ['companyIndustry', "The company's industries.", (c) => c.companyIndustry],
  ['city', "The contact's city.", (c) => (c.contactLocation as { city?: string } | undefined)?.city],
];

const SENDER_VARIABLES: [string, string, (s: NonNullable<Source['sender']>) => unknown][] = [
  ['senderFirstName', "The sender's first name.", (s) => s.user.firstname],
  ['senderLastName', "The sender's last name.", (s) => s.user.lastname],
  ['senderName', 'The name of the sending email account.', (s) => s.account.name],
  ['senderEmail', 'The address the email is sent from.', (s) => s.account.email],
];

export const TEMPLATE_VARIABLES: TemplateVariable[] = [...CONTACT_VARIABLES, ...SENDER_VARIABLES].map(([name, description]) => ({ name, description }));

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

function valueOf(name: string, source: Source): string | undefined {
  const c = CONTACT_VARIABLES.find(([n]) => n === name);
  if (c) return source.contact ? text(c[2](source.contact)) : undefined;
  const s = SENDER_VARIABLES.find(([n]) => n === name);
  if (s) return source.sender ? text(s[2](source.sender)) : undefined;
  return undefined;
}

function text(v: unknown): string | undefined {
  return v === null || v === undefined || v === '' ? undefined : String(v);
}

/** Fills every `{{variable}}`; one without a value (unknown name, no contact, empty field) becomes '' and is reported. */
export function render(template: string, source: Source): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const out = template.replace(PLACEHOLDER, (_m, name: string) => {
    const v = valueOf(name, source);
    if (v === undefined) missing.add(name);
    return v ?? '';
  });
  return { text: out, missing: [...missing] };
}
