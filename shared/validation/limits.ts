import * as z from './zod';

/**
 * Length caps of text the connector sends. The spec and the public reference give none; these are the
 * connector's own (docs/DECISIONS.md, "Input validation"), chosen far above any real value and far below
 * what would make a request fail on its size (the service's body limit is about 1 MB).
 */
export const textCaps = {
  /** Any text anywhere in an input, an email body included (mail clients clip long messages near 100 KB). */
  any: 100_000,
  /** Campaign, list, saved search and step names, sort columns, search texts. */
  name: 255,
  /** An email subject: the line limit of RFC 5322. */
  subject: 998,
  /** One email address (RFC 5321 path limit); a cc / bcc list of addresses. */
  email: 254,
  emailList: 5_000,
  /** An id in a path or a list of ids (campaign, list, draft, saved search, account). */
  id: 128,
  /** One value of a search filter (a name, a title, a domain, a place). */
  filterValue: 255,
  /**
   * A search cursor: opaque, but a token a service mints is printable text of a few hundred characters. The
   * cap only catches absurd values: the connector also passes back the tokens it reads, and must not refuse them.
   */
  nextToken: 16_384,
  /** OAuth client ids, secrets, codes and tokens (JWT-sized at most). */
  secret: 4_096,
} as const;

/** Inputs nest a few levels (research items, campaign steps, saved-search values); deeper is a mistake. */
export const maxInputDepth = 32;

/** A text of at most `max` characters, saying so. */
export const atMostChars = (max: number) => z.maxLength(max, `must be at most ${max} characters`);
