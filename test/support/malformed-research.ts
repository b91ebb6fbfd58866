/**
 * Generates malformed (and some legitimate) research inputs for the core's research entry point
 * (newResearchJob + runResearch) and, through `n8nCase`, the n8n research operation. Each case says
 * which field a refusal must name; combinations of contact fields carry no expectation: the test asks the
 * sandbox's reading of the service whether the item is valid, so client and service rules are compared.
 */
import type { ResearchKind } from '../../shared';

export interface MalformedCase {
  name: string;
  kind: ResearchKind;
  /** Handed to newResearchJob as is (may not even be a list). */
  targets: unknown;
  /** Handed to newResearchJob as its options. */
  jobOptions?: unknown;
  /** Handed to runResearch as its options. */
  runOptions?: unknown;
  /** A refusal must name this (substring of the message); undefined: decided by the service's rules. */
  field?: string;
  /** True when only the client's length caps refuse it (the service itself has none). */
  capped?: boolean;
}

const MEGA = 'x'.repeat(1_000_000);
const nullProto = Object.create(null) as object;

/** Values that are not usable text, each with a label. */
export const BAD_VALUES: [string, unknown][] = [
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['negative', -1],
  ['fraction', 5.5],
  ['zero', 0],
  ['number', 12345],
  ['true', true],
  ['false', false],
  ['null', null],
  ['object', { a: 1 }],
  ['empty object', {}],
  ['null-prototype object', nullProto],
  ['array', ['x', 'y']],
  ['empty array', []],
  ['nested array', [[1], { b: 2 }]],
  ['empty string', ''],
  ['spaces', '   '],
  ['tab and newline', '\t\n'],
  ['megabyte string', MEGA],
  ['date', new Date(0)],
  ['boxed string', Object('abc') as unknown],
  ['function', () => 'x'],
  ['symbol', Symbol('s')],
  ['bigint', BigInt(7)],
];

/** Text values a user may type, some valid for a field and some not; validity comes from the service's rules. */
const TEXTS: [string, string][] = [
  ['plain', 'Ana Lima'],
  ['email', 'ana@acme.com'],
  ['bad email', 'ana@acme'],
  ['email with comma', 'a,b@acme.com'],
  ['email with angle', '<ana@acme.com>'],
  ['url', 'https://www.linkedin.com/in/ana-lima'],
  ['http url', 'http://example.com/x'],
  ['no scheme', 'www.linkedin.com/in/ana'],
  ['ftp', 'ftp://x.com/a'],
  ['scheme only', 'https://'],
  ['url with port', 'https://x.com:8080/in/a'],
  ['url with space in path', 'https://x.com/in/a b'],
  ['domain', 'acme.com'],
  ['unicode', 'Zoë Ünal'],
  ['formula', '=HYPERLINK("x")'],
  ['long 300', 'n'.repeat(300)],
];

const CONTACT_FIELDS = ['contactName', 'companyName', 'title', 'domain', 'email', 'liProfileUrl', 'liSalesNavUrl', 'liRecruiterUrl'];
const GOOD: Record<string, string> = {
  contactName: 'Ana Lima',
  companyName: 'Acme',
  title: 'VP Sales',
  domain: 'acme.com',
  email: 'ana@acme.com',
  liProfileUrl: 'https://www.linkedin.com/in/ana-lima',
  liSalesNavUrl: 'https://www.linkedin.com/sales/people/abc',
  liRecruiterUrl: 'https://www.linkedin.com/talent/profile/abc',
};

function* contactCombos(): Generator<MalformedCase> {
  // Every subset of the eight fields with good values: the one-of rule and the title rule decide.
  for (let mask = 0; mask < 1 << CONTACT_FIELDS.length; mask++) {
    const contact: Record<string, string> = {};
    CONTACT_FIELDS.forEach((f, i) => {
      if (mask & (1 << i)) contact[f] = GOOD[f];
    });
    yield { name: `contact fields {${Object.keys(contact).join(',')}}`, kind: 'contacts', targets: [{ contact }] };
  }
  // Each field with each typed text, beside a name + company (so the field's own rule decides).
  for (const field of CONTACT_FIELDS) {
    for (const [label, text] of TEXTS) {
      const base =
        field === 'contactName' || field === 'companyName'
          ? { contactName: 'Ana Lima', companyName: 'Acme' }
          : { contactName: 'Ana Lima', companyName: 'Acme' };
      yield {
        name: `contact.${field} = ${label}`,
        kind: 'contacts',
        targets: [{ contact: { ...base, [field]: text } }],
        capped: text.length > 253 && field === 'domain' ? true : text.length > 256,
      };
    }
  }
}

function* badValueCases(): Generator<MalformedCase> {
  for (const [label, value] of BAD_VALUES) {
    const capped = value === MEGA;
    for (const kind of ['contacts', 'companies'] as const) {
      yield {
        name: `${kind} searchResultId = ${label}`,
        kind,
        targets: [{ searchResultId: 's1' }, { searchResultId: value }],
        field: 'items[1].searchResultId',
        capped,
      };
      yield { name: `${kind} target = ${label}`, kind, targets: [value], field: 'items[0]' };
      yield { name: `${kind} targets = ${label}`, kind, targets: value, field: 'items' };
      const one = [{ searchResultId: 's1' }];
      // A cap of 0 refuses one item (naming maxCredits); a cap of 12345 lets it go.
      yield {
        name: `${kind} maxCredits = ${label}`,
        kind,
        targets: one,
        runOptions: { waitForResults: false, maxCredits: value },
        field: value === 12345 ? undefined : 'maxCredits',
      };
      const limitOk = typeof value === 'number' && Number.isFinite(value) && value >= 0;
      yield {
        name: `${kind} timeLimitMs = ${label}`,
        kind,
        targets: one,
        runOptions: { waitForResults: true, timeLimitMs: value },
        field: limitOk ? undefined : 'timeLimitMs',
      };
      yield {
        name: `${kind} waitForResults = ${label}`,
        kind,
        targets: one,
        runOptions: { waitForResults: value },
        field: typeof value === 'boolean' ? undefined : 'waitForResults',
      };
      yield {
        name: `${kind} skipDeduplicationCheck = ${label}`,
        kind,
        targets: one,
        jobOptions: { skipDeduplicationCheck: value },
        field: typeof value === 'boolean' ? undefined : 'skipDeduplicationCheck',
      };
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      yield { name: `${kind} run options = ${label}`, kind, targets: one, runOptions: value, field: isObject ? 'waitForResults' : 'options' };
    }
    for (const field of CONTACT_FIELDS) {
      yield {
        name: `contact.${field} = ${label}`,
        kind: 'contacts',
        targets: [{ contact: { ...GOOD, title: undefined, [field]: value } }],
        field: `contact.${field}`,
        capped,
      };
    }
    for (const field of ['domain', 'companyName']) {
      yield {
        name: `company.${field} = ${label}`,
        kind: 'companies',
        targets: [{ company: { domain: 'acme.com', companyName: 'Acme', [field]: value } }],
        field: `company.${field}`,
        capped,
      };
    }
    yield { name: `contact = ${label}`, kind: 'contacts', targets: [{ contact: value }], field: 'contact' };
    yield { name: `company = ${label}`, kind: 'companies', targets: [{ company: value }], field: 'company' };
  }
}

function* shapeCases(): Generator<MalformedCase> {
  yield { name: 'empty list', kind: 'contacts', targets: [], field: 'items' };
  yield { name: 'sparse list', kind: 'contacts', targets: [, { searchResultId: 's1' }], field: 'items[0]' };
  yield { name: 'both forms in one target', kind: 'contacts', targets: [{ searchResultId: 's1', contact: { email: 'a@b.co' } }], field: 'items[0]' };
  yield { name: 'company form for contacts', kind: 'contacts', targets: [{ company: { domain: 'acme.com' } }], field: 'items[0]' };
  yield { name: 'contact form for companies', kind: 'companies', targets: [{ contact: { email: 'a@b.co' } }], field: 'items[0]' };
  yield { name: 'unknown target key', kind: 'contacts', targets: [{ searchResultID: 's1' }], field: 'items[0]' };
  yield { name: 'unknown contact key', kind: 'contacts', targets: [{ contact: { email: 'a@b.co', linkedin: 'x' } }], field: 'linkedin' };
  yield { name: 'unknown company key', kind: 'companies', targets: [{ company: { domain: 'acme.com', website: 'x' } }], field: 'website' };
  yield { name: 'empty company', kind: 'companies', targets: [{ company: {} }], field: 'items[0].company' };
  yield { name: 'unknown kind', kind: 'people' as ResearchKind, targets: [{ searchResultId: 's1' }], field: 'kind' };
  yield {
    name: 'isJobChange on companies',
    kind: 'companies',
    targets: [{ company: { domain: 'acme.com' } }],
    jobOptions: { isJobChange: true },
    field: 'isJobChange',
  };
  yield { name: 'options null', kind: 'contacts', targets: [{ searchResultId: 's1' }], jobOptions: null, field: 'options' };
  for (const at of [0, 7, 499, 500, 777]) {
    const targets: unknown[] = Array.from({ length: 800 }, (_, i) => ({ searchResultId: `s${i}` }));
    targets[at] = { contact: { contactName: 'Ana', domain: 'acme.com', title: 'CEO' } };
    yield { name: `title with domain at ${at} of 800`, kind: 'contacts', targets, field: `items[${at}].contact.title` };
  }
  for (const cap of ['5', ' 12 ', '0', 5, 0]) {
    yield {
      name: `maxCredits readable ${JSON.stringify(cap)}`,
      kind: 'contacts',
      targets: [{ searchResultId: 's1' }],
      runOptions: { waitForResults: false, maxCredits: cap },
    };
  }
  for (const cap of ['five', '5.5', '-1', '1e3', '0x10', '', ' ', '5 credits']) {
    yield {
      name: `maxCredits text ${JSON.stringify(cap)}`,
      kind: 'contacts',
      targets: [{ searchResultId: 's1' }],
      runOptions: { waitForResults: false, maxCredits: cap },
      field: 'maxCredits',
    };
  }
}

/** Every generated case, in a fixed order. */
export function malformedResearchCases(): MalformedCase[] {
  return [...badValueCases(), ...contactCombos(), ...shapeCases()];
}
