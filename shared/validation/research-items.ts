import { describeValue } from './describe-value';
import { atMostChars } from './limits';
import * as z from './zod';
import { lazySchema } from './lazy-schema';
import { refuseField } from './transform-issue';

/**
 * The one source of truth for what a research item may hold (spec 4.10, public reference "Research"):
 * the catalogue's request schemas, the research flow, the n8n node and the Sheets enrichment all use
 * these, so an item the service would refuse is refused here, naming the field, before anything is sent.
 *
 * Contact item: one of contactName + companyName (+ optional title), contactName + domain, email,
 * liProfileUrl, liSalesNavUrl, liRecruiterUrl. `title` only beside contactName + companyName.
 * Company item: at least one of domain, companyName. Search result ids: non-empty strings (string[]).
 * Unknown keys are refused (the service refuses them too, so a misspelt field never goes unnoticed).
 * Lengths are not in the spec: the caps below (DECISIONS: research items) keep megabyte-long values out.
 */
export const RESEARCH_TEXT_MAX = { searchResultId: 256, name: 256, domain: 253, email: 254, url: 2048 } as const;

export { describeValue };

/** Non-empty text, trimmed, at most `max` characters; any other type is named in the message. */
export function itemText(max: number) {
  return z
    .string({ error: (issue) => `must be text (got ${describeValue(issue.input)})` })
    .check(z.trim(), z.minLength(1, 'must not be empty'), atMostChars(max));
}

// The sandbox's reading of the service's address rule (the same characters are refused).
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
// An http(s) URL with a host (a regex: Apps Script's V8 has no `URL`). Close to the WHATWG parser the
// service's reading uses; a URL only the service refuses is taken out of its batch alone (flow/research.ts).
const HTTP_URL = /^https?:\/\/(?:[^\s/\\?#@]*@)?(?:[^\s/\\?#@:<>[\]^|%]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(?:[/\\?#].*)?$/i;

const email = /* @__PURE__ */ lazySchema(() => itemText(RESEARCH_TEXT_MAX.email).check(z.regex(EMAIL, 'must be an email address such as ana@example.com')));
const url = /* @__PURE__ */ lazySchema(() =>
  itemText(RESEARCH_TEXT_MAX.url).check(
    z.refine((v) => {
      const m = HTTP_URL.exec(v);
      return Boolean(m) && (m![1] === undefined || Number(m![1]) <= 65535);
    }, 'must be a URL starting with http:// or https://'),
  ),
);

/** A searchResultId from Search: text, as the service types it (string[]); numbers and objects are refused. */
export const searchResultIdSchema = /* @__PURE__ */ lazySchema(() => itemText(RESEARCH_TEXT_MAX.searchResultId));

const CONTACT_FORMS =
  'contactName with companyName or domain; email; liProfileUrl; liSalesNavUrl; liRecruiterUrl (a title only beside contactName and companyName)';
const unknownKey = (allowed: readonly string[]) => (issue: { code?: string; keys?: string[]; input?: unknown }) => {
  if (issue.code === 'unrecognized_keys')
    return `unknown field${issue.keys && issue.keys.length > 1 ? 's' : ''} ${issue.keys?.join(', ')} (allowed: ${allowed.join(', ')})`;
  if (issue.code === 'invalid_type') return `must be an object with ${allowed.join(', ')} (got ${describeValue(issue.input)})`;
  return undefined;
};

/** An item object: its own fields only, a refusal naming them all (in the shape's order). */
function itemObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, { error: unknownKey(Object.keys(shape)) });
}

/** A contact given by identifiers (public reference: research). */
export const contactResearchItem = /* @__PURE__ */ lazySchema(() =>
  itemObject({
    contactName: z.optional(itemText(RESEARCH_TEXT_MAX.name)),
    companyName: z.optional(itemText(RESEARCH_TEXT_MAX.name)),
    title: z.optional(itemText(RESEARCH_TEXT_MAX.name)),
    domain: z.optional(itemText(RESEARCH_TEXT_MAX.domain)),
    email: z.optional(email),
    liProfileUrl: z.optional(url),
    liSalesNavUrl: z.optional(url),
    liRecruiterUrl: z.optional(url),
  }).check(
    z.superRefine((c, ctx) => {
      const named = c.contactName !== undefined;
      const ok = (named && (c.companyName !== undefined || c.domain !== undefined)) || c.email || c.liProfileUrl || c.liSalesNavUrl || c.liRecruiterUrl;
      if (!ok) ctx.addIssue({ code: 'custom', message: `needs one of: ${CONTACT_FORMS}` });
      else if (c.title !== undefined && !(named && c.companyName !== undefined)) {
        refuseField(ctx, 'title', 'is allowed only together with contactName and companyName (remove it, or give both)');
      }
    }),
  ),
);

/** Spec 4.10: each company needs at least one of domain, companyName. */
export const companyResearchItem = /* @__PURE__ */ lazySchema(() =>
  itemObject({ domain: z.optional(itemText(RESEARCH_TEXT_MAX.domain)), companyName: z.optional(itemText(RESEARCH_TEXT_MAX.name)) }).check(
    z.refine((c) => c.domain !== undefined || c.companyName !== undefined, 'needs at least one of domain or companyName (spec 4.10)'),
  ),
);

export type ContactResearchItem = z.input<typeof contactResearchItem>;
export type CompanyResearchItem = z.input<typeof companyResearchItem>;
