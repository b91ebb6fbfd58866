import { describeValue } from './describe-value';

/**
 * What a zod issue says when its schema gives no message of its own: a rule in the connector's voice, read after the
 * field's name (`limit: must be at most 100`, `email: must be a valid email address`), as the schemas' own messages
 * are written. Registered once as zod's locale (zod.ts): zod/mini ships none, and zod's English locale carried
 * nouns for some 30 string formats the connector never checks (2.7 KB of the add-on's bundle, issue 32).
 */

/** The parts of a zod issue a rule is made of (zod's $ZodRawIssue, read loosely: each code has some of them). */
interface Issue {
  code?: string;
  input?: unknown;
  expected?: string;
  values?: readonly unknown[];
  origin?: string;
  maximum?: unknown;
  minimum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  pattern?: string;
  prefix?: string;
  suffix?: string;
  includes?: string;
  divisor?: unknown;
  keys?: readonly string[];
}

/** The noun for a value a type check expected: `must be a whole number`. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

/** What a size counts, for the origins that have one: [one, many]. */
const ITEMS: [string, string] = ['item', 'items'];
const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ITEMS,
  set: ITEMS,
  map: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

const FORMATS: Record<string, string> = {
  email: 'email address',
  url: 'URL',
  datetime: 'date and time (ISO 8601)',
  date: 'date (YYYY-MM-DD)',
};

/** A value as a person reads it in a rule: text quoted, the rest as written. */
const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/** What a value given in the wrong type was: `got text`. */
function kindOf(v: unknown): string {
  if (typeof v === 'string') return 'text';
  if (typeof v === 'number' && !Number.isNaN(v)) return 'a number';
  // null, a list, an object, NaN as a message describes them; a boolean (and the rest) by its type.
  return typeof v === 'boolean' ? 'boolean' : describeValue(v);
}

/** A size bound: `must be at most 100`, `must have at least 1 item`. */
function bound(issue: Issue, limit: unknown, words: [string, string, string]): string {
  const unit = UNITS[issue.origin ?? ''];
  const how = issue.exact ? words[0] : issue.inclusive ? words[1] : words[2];
  return unit ? `must have ${how} ${String(limit)} ${unit[Number(limit) === 1 ? 0 : 1]}` : `must be ${how} ${String(limit)}`;
}

/** zod's localeError: the rule for an issue whose schema set no message. */
export function ruleOf(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${EXPECTED[issue.expected ?? ''] ?? issue.expected} (got ${kindOf(issue.input)})`;
    case 'invalid_value': {
      const values = issue.values ?? [];
      return values.length === 1 ? `must be ${shown(values[0])}` : `must be one of ${values.map(shown).join(', ')}`;
    }
    case 'too_big':
      return bound(issue, issue.maximum, ['exactly', 'at most', 'less than']);
    case 'too_small':
      return bound(issue, issue.minimum, ['exactly', 'at least', 'more than']);
    case 'invalid_format':
      if (issue.format === 'regex') return `must match ${issue.pattern ?? 'its pattern'}`;
      if (issue.format === 'starts_with') return `must start with ${shown(issue.prefix)}`;
      if (issue.format === 'ends_with') return `must end with ${shown(issue.suffix)}`;
      if (issue.format === 'includes') return `must include ${shown(issue.includes)}`;
      return `must be a valid ${FORMATS[issue.format ?? ''] ?? issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `has fields it does not take: ${(issue.keys ?? []).join(', ')}`;
    case 'invalid_union':
      return 'matches none of the forms it takes';
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has a value that is not valid';
    default:
      return 'is not valid';
  }
}
