import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A generator of malformed (and a few legitimate) inputs for every catalogue operation, written from the
 * spec, the public reference and the published filter list, not from the connector's schemas: each case
 * says whether a correct connector must refuse it before sending (naming `field`) or may send it because
 * it is legitimate free text. Reusable by every target (core `call`, n8n `execute()`, Sheets): call
 * `malformedCases(operationId)` and map each input into the target's own form.
 */

export interface MalformedCase {
  operationId: string;
  /** Short description, e.g. `name: NaN`. */
  label: string;
  input: unknown;
  expect: 'refuse' | 'send';
  /** The field the refusal must name (`(input)` for the whole input); a refusal may name a sub-path of it. */
  field: string;
  /** Another field the refusal may name instead, for rules over two fields. */
  orField?: string;
}

/** `orField`: a rule over two fields ("give searchResultIds or contacts") may name the other one. */
type Value = { label: string; value: unknown; send?: boolean; orField?: string };
const bad = (label: string, value: unknown): Value => ({ label, value });
const ok = (label: string, value: unknown): Value => ({ label, value, send: true });

const mega = 'x'.repeat(1024 * 1024);

function cyclic(): Record<string, unknown> {
  const o: Record<string, unknown> = { a: 1 };
  o.self = o;
  return o;
}

function deep(levels: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

/** Wrong for any field whatever its type: values no JSON request can carry. */
function universal(): Value[] {
  return [
    bad('NaN', Number.NaN),
    bad('Infinity', Number.POSITIVE_INFINITY),
    bad('-Infinity', Number.NEGATIVE_INFINITY),
    bad('bigint', BigInt(12)),
    bad('function', () => 1),
    bad('symbol', Symbol('s')),
    bad('a megabyte of text', mega),
    bad('an object containing itself', cyclic()),
    bad('40 levels of nesting', deep(40)),
  ];
}

const wrongScalars = (...keep: ('string' | 'number' | 'boolean' | 'null' | 'array' | 'object')[]): Value[] =>
  [bad('a number', 42), bad('true', true), bad('null', null), bad('an array', ['a']), bad('an object', { nested: 'object' })].filter(
    (v) => !keep.includes(v.value === null ? 'null' : Array.isArray(v.value) ? 'array' : (typeof v.value as 'number')),
  );

const control = 'a\u0000b\u001bc';

/** Field classes: what the spec and the public reference say the field is. */
const classes: Record<string, () => Value[]> = {
  id: () => [
    ...wrongScalars('number'),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('a path escape', '../admin'),
    bad('a slash', 'a/b'),
    bad('dots', '.'),
    bad('a space inside', 'a b'),
    bad('a query character', 'a?b=1'),
    bad('129 characters', 'i'.repeat(129)),
    ok('letters, digits and -_.:~', 'abc_123-X.y:z~'),
    ok('a number', 42),
  ],
  intId: () => [
    ...wrongScalars('number'),
    bad('zero', 0),
    bad('negative', -1),
    bad('a fraction', 1.5),
    bad('digits and letters', '12a'),
    bad('empty', ''),
    bad('beyond safe integers', 2 ** 60),
    ok('a digit string', '42'),
    ok('a number', 42),
  ],
  intIds: () => [...listOfIds(), bad('an empty list', [])],
  intIdsMaybeEmpty: () => [...listOfIds(), ok('an empty list', [])],
  accountIdsCreate: () => [
    ...wrongScalars('array'),
    bad('a text', 'acc_1'),
    bad('an empty id', ['']),
    bad('a null id', [null]),
    bad('an object id', [{}]),
    bad('a 129-character id', ['1'.repeat(129)]),
    bad('a fraction', [1.5]),
    bad('a text that is not a whole number', ['acc_1']),
    ok('an empty list', []),
    ok('ids', ['4001', '4002']),
    ok('a whole number', [4001]),
  ],
  posInt: () => [...numbers(), bad('zero', 0)],
  limit500: () => [...numbers(), bad('zero', 0), bad('501', 501), ok('500', 500)],
  nonNegInt: () => [...numbers(), ok('zero', 0)],
  name: () => [
    ...wrongScalars(),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('256 characters', 'n'.repeat(256)),
    bad('control characters', control),
    ...freeText(255),
  ],
  optText: () => [...wrongScalars(), bad('256 characters', 'n'.repeat(256)), bad('control characters', control), ok('empty', ''), ...freeText(255)],
  sortColumn: () => [...wrongScalars(), bad('empty', ''), bad('256 characters', 'c'.repeat(256)), ok('a column', 'updatedAt')],
  subject: () => [
    ...wrongScalars(),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('999 characters', 's'.repeat(999)),
    bad('a line break (header injection)', 'Hi\r\nBcc: all@example.com'),
    ...freeText(998),
  ],
  longText: () => [
    ...wrongScalars(),
    bad('empty', ''),
    bad('spaces', '   '),
    ok('lines and HTML', 'line 1\nline 2\t<p>Hello</p>'),
    ok('50,000 characters', 'b'.repeat(50_000)),
    ...freeText(255),
  ],
  email: () => [
    ...wrongScalars(),
    bad('not an address', 'nope'),
    bad('empty', ''),
    bad('no domain dot', 'a@b'),
    bad('two addresses', 'a@b.co, c@d.co'),
    bad('255 characters', `${'a'.repeat(245)}@b.example`),
    ok('a tagged address', 'ana.o+tag@example.co.uk'),
  ],
  emailList: () => [...wrongScalars(), bad('not an address', 'nope'), bad('a trailing comma', 'a@b.co,'), ok('two addresses', 'a@b.co, c@d.co')],
  enum: () => [...wrongScalars(), bad('an unknown value', 'BOGUS'), bad('empty', '')],
  enumNullable: () => [...wrongScalars('null'), bad('an unknown value', 'BOGUS'), bad('empty', ''), ok('null', null)],
  bool: () => [...wrongScalars('boolean'), bad('yes', 'yes'), bad('1', 1), bad('0', 0), ok('true', true), ok('false', false)],
  date: () => [
    ...wrongScalars(),
    bad('a word', 'yesterday'),
    bad('month 13', '2026-13-45T00:00:00Z'),
    bad('a date without time', '2026-01-15'),
    bad('empty', ''),
    ok('with an offset', '2026-01-15T10:00:00+02:00'),
    ok('a Date', new Date('2026-01-15T08:00:00Z')),
  ],
  cursor: () => [
    ...wrongScalars('null'),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('a space inside', 'ab cd'),
    bad('a control character', 'ab\u0001cd'),
    bad('16,385 characters', 't'.repeat(16_385)),
    ok('null', null),
    ok('a minted token', Buffer.from('{"o":50,"f":1}').toString('base64url')),
  ],
  secret: () => [...wrongScalars(), bad('empty', ''), bad('spaces', '   '), bad('5000 characters', 'x'.repeat(5000)), ok('2000 characters', 's'.repeat(2000))],
  path: () => [
    ...wrongScalars(),
    bad('empty', ''),
    bad('no leading slash', 'credits'),
    bad('a URL', 'http://evil.example/x'),
    bad('a parent segment', '/a/../b'),
    bad('a query', '/a?b=1'),
    bad('a space', '/a b'),
    ok('a path', '/contact-statuses'),
  ],
  freeQuery: () => [
    ...wrongScalars('object'),
    bad('a text', 'a=1'),
    bad('a nested value', { a: { b: 1 } }),
    ok('text, number, boolean values', { a: '1', b: 2, c: true }),
  ],
  freeObject: () => [...wrongScalars('object'), bad('a text', '{"a":1}'), ok('nested data', { a: { b: [1, 'x'] } }), ok('empty', {})],
  // MCP tool names: 1 to 128 characters of letters, digits, _ - . / (MCP's naming guidance).
  toolName: () => [
    ...wrongScalars(),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('129 characters', 't'.repeat(129)),
    bad('a space inside', 'list lists'),
    bad('control characters', 'list\u0001'),
    ok('a tool name', 'get_lists'),
  ],
  filters: () => [
    ...wrongScalars('object'),
    bad('a text', 'seniority=VP'),
    bad('an unknown filter', { seniorty: ['VP'] }),
    bad('a value outside the set', { seniority: ['Boss'] }),
    bad('an empty filter', { jobTitle: '' }),
    ok('filters', { seniority: ['VP'], jobTitle: 'CTO' }),
  ],
  steps: () => [
    ...wrongScalars('array'),
    bad('a text', 'EMAIL'),
    bad('a number step', [42]),
    bad('dueDay 0', [{ type: 'EMAIL', dueDay: 0 }]),
    bad('dueDay 1.5', [{ type: 'EMAIL', dueDay: 1.5 }]),
    bad('an unknown step field', [{ type: 'EMAIL', delayDays: 2 }]),
    bad('an empty type', [{ type: '' }]),
    bad('a text templateId', [{ type: 'EMAIL', templateId: 'x' }]),
    bad('a number name', [{ type: 'EMAIL', name: 42 }]),
    ok('a step', [{ type: 'EMAIL', dueDay: 1, name: 'Intro — Ünïcødé', templateId: 3 }]),
    ok('no steps', []),
  ],
  contactItems: () => [
    ...wrongScalars('array'),
    bad('a text', 'ana@example.com'),
    { ...bad('an empty list', []), orField: 'searchResultIds' },
    bad('an empty item', [{}]),
    bad('a number item', [42]),
    bad('a text item', ['ana@example.com']),
    bad('a bad email', [{ email: 'nope' }]),
    bad('a name alone', [{ contactName: 'Ana' }]),
    bad('a number name', [{ contactName: 42, companyName: 'Acme' }]),
    bad('an unknown item field', [{ email: 'a@b.co', phone: '1' }]),
    bad('a non-web profile URL', [{ liProfileUrl: 'ftp://x' }]),
    ok('an email', [{ email: 'a@b.co' }]),
    ok('a name and a domain', [{ contactName: 'José Núñez', domain: 'acme.com' }]),
  ],
  companyItems: () => [
    ...wrongScalars('array'),
    bad('a text', 'acme.com'),
    { ...bad('an empty list', []), orField: 'searchResultIds' },
    bad('an empty item', [{}]),
    bad('a number item', [42]),
    bad('an empty domain', [{ domain: '' }]),
    bad('an unknown item field', [{ domain: 'a.com', size: 3 }]),
    ok('a name', [{ companyName: 'Acme & Söhne' }]),
  ],
  textIds: () => [
    ...wrongScalars('array'),
    bad('a text', 'sr_1'),
    bad('an empty list', []),
    bad('an empty id', ['']),
    bad('a number id', [42]),
    bad('an object id', [{}]),
    bad('a null id', [null]),
    bad('a boolean id', [true]),
    bad('an array id', [['x', 'y']]),
    ok('ids', ['sr_1', 'sr_2']),
  ],
  requestIds: () => [
    ...wrongScalars('array'),
    bad('empty', ''),
    bad('only commas', ',,,'),
    bad('an empty list', []),
    bad('an empty id', ['']),
    bad('a number id', [42]),
    bad('an object id', [{}]),
    ok('a comma text', 'r1,r2'),
    ok('ids', ['r1']),
  ],
  jobChanges: () => [
    ...wrongScalars('null', 'object'),
    bad('empty', {}),
    bad('an unknown type', { changeType: 'Hire' }),
    bad('a number range', { dayRange: 5 }),
    bad('an unknown field', { changeType: 'New Hire', when: 'now' }),
    ok('a change type', { changeType: 'New Hire' }),
    ok('null', null),
  ],
  pastCompany: () => [
    ...wrongScalars('null', 'object'),
    bad('empty', {}),
    bad('no names', { names: [] }),
    bad('empty names', { names: '' }),
    bad('an unknown field', { names: ['Acme'], since: 2020 }),
    bad('a text flag', { names: ['Acme'], onlyMostRecentDeparture: 'maybe' }),
    ok('names', { names: ['Acme'] }),
    ok('null', null),
  ],
  limit100: () => [...numbers(), bad('zero', 0), bad('101', 101), ok('100', 100)],
  optLongText: () => [...wrongScalars(), ok('empty', ''), ok('lines and HTML', 'line 1\nline 2\t<p>Hello</p>')],
  templateData: () => [
    ...wrongScalars('object'),
    bad('a text', 'Hello'),
    bad('no subject', { template: 'Hello' }),
    bad('a two-line subject', { subject: 'Hi\r\nBcc: x@y.co', template: 'Hello' }),
    bad('an unknown key', { subject: 'Hi', template: 'Hello', footer: 1 }),
    ok('a subject and a template', { subject: 'Hi {{firstName}}', template: '<p>Hello</p>' }),
  ],
  accountIdsUpdate: () => [
    ...wrongScalars('array'),
    bad('a text', 'acc_1'),
    bad('an empty id', ['']),
    bad('a null id', [null]),
    bad('an object id', [{}]),
    bad('a fraction', [1.5]),
    bad('a 129-character id', ['i'.repeat(129)]),
    ok('an empty list', []),
    ok('text ids', ['acc_1']),
    ok('number ids', [42, '43']),
  ],
  bulkFilters: () => [
    ...wrongScalars('object'),
    bad('a text', 'lists=1'),
    bad('no filter at all', {}),
    bad('only empty filters', { contactIds: [], queryText: '  ' }),
    bad('an unknown filter', { seniorty: ['VP'] }),
    bad('a seniority outside the set', { seniorities: ['Boss'] }),
    bad('a text contact id', { contactIds: ['x'] }),
    bad('501 contact ids', { contactIds: Array.from({ length: 501 }, (_, i) => i + 1) }),
    ok('contacts and a seniority', { contactIds: [1, '2'], seniorities: ['VP'] }),
    ok('a list and a query text', { lists: [12], queryText: 'acme' }),
    ok('a comma text of departments', { departments: 'Sales, Marketing' }),
  ],
  statusDraft: () => [...wrongScalars(), bad('another status', 'sent'), bad('empty', ''), ok('draft', 'draft')],
  // Tasks, calls, activity (issue 11): pages of at most 100, priorities 0..2, phone numbers, texts that may be empty.
  priority: () => [...wrongScalars('number'), bad('3', 3), bad('negative', -1), bad('a fraction', 1.5), bad('a digit string', '1'), ok('0', 0), ok('2', 2)],
  phone: () => [...wrongScalars(), bad('a word', 'call me'), bad('empty', ''), bad('51 characters', '1'.repeat(51)), ok('a number', '+1 (555) 010-0100')],
  optLongText255: () => [...wrongScalars(), ok('empty', ''), ok('lines and HTML', 'line 1\nline 2\t<p>Hello</p>'), ...freeText(255)],
};

function listOfIds(): Value[] {
  return [
    ...wrongScalars('array'),
    bad('a comma text', '1,2'),
    bad('a non-digit id', ['x']),
    bad('a zero id', [0]),
    bad('a fraction id', [1.5]),
    bad('a null id', [null]),
    bad('a boolean id', [true]),
    ok('digit strings and numbers', ['42', 7]),
  ];
}

function numbers(): Value[] {
  return [...wrongScalars('number'), bad('negative', -1), bad('a fraction', 1.5), bad('a word', 'five'), bad('a digit string', '10'), ok('one', 1)];
}

function freeText(max: number): Value[] {
  return [
    ok('unicode', 'Q4 — Ünïcødé 名前 🚀'),
    ok('formula-like text', '=HYPERLINK("http://x")'),
    ok('quotes and markup', `O'Brien "quoted" <b>bold</b> & co; DROP TABLE x`),
    ok(`${max} characters`, 'a'.repeat(max)),
  ];
}

/** The published filter list (a copy of published-v1-schemas.json's requests, test/fixtures/published). */
type PublishedProp = { type?: string; enum?: string[]; maxItems?: number; items?: { enum?: string[] } };
const publishedFilters = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'published', 'search-filters.json'), 'utf8')) as Record<
  string,
  Record<string, PublishedProp>
>;

function filterValues(p: PublishedProp): Value[] {
  const max = p.maxItems ?? 10;
  const set = p.items?.enum;
  const common = [
    // A number is the text it shows in a free-text list (a zip code from a sheet); outside a value set it is refused below.
    ...wrongScalars('array', 'string', 'number'),
    bad('empty', ''),
    bad('spaces', '   '),
    bad('only commas', ',,,'),
    bad('an empty list', []),
    bad('an empty value', ['']),
    bad('an object value', [{}]),
    bad('a null value', [null]),
  ];
  if (set) {
    const over = Array.from({ length: max + 1 }, (_, i) => set[i % set.length]);
    return [
      ...common,
      bad('a value outside the set', ['Bogus']),
      bad('a text outside the set', 'Bogus'),
      bad('a number outside the set', [7]),
      bad('a bare number outside the set', 7),
      bad(`${max + 1} values`, over),
      ok('one value', [set[0]]),
      ok('a comma text of values', set.slice(0, Math.min(max, 3)).join(', ')),
    ];
  }
  return [
    ...common,
    bad('a 256-character value', ['t'.repeat(256)]),
    bad(
      `${max + 1} values`,
      Array.from({ length: max + 1 }, (_, i) => `v${i}`),
    ),
    ok('free text values', [`O'Brien & Co`, 'São Paulo'].slice(0, max)),
    ok('a comma text', max > 1 ? 'Acme, Globex' : 'Acme'),
  ];
}

const searchDates = new Set(['lastModifiedAfter', 'lastModifiedBefore']);

/** The class of each field, by name; `operationId.field` wins. Every field of every operation must be here. */
const fieldClass: Record<string, string> = {
  id: 'id',
  savedSearchId: 'id',
  name: 'name',
  contactIds: 'intIds',
  tagIds: 'intIdsMaybeEmpty',
  emailAccountIds: 'accountIdsCreate',
  steps: 'steps',
  maxActiveContacts: 'posInt',
  numResultsApproved: 'nonNegInt',
  limit: 'limit500',
  'campaigns.list.limit': 'posInt',
  page: 'posInt',
  action: 'enum',
  type: 'enum',
  status: 'statusDraft',
  version: 'enum',
  method: 'enum',
  grant_type: 'enum',
  sortOrder: 'enum',
  searchText: 'optText',
  sortColumn: 'sortColumn',
  subject: 'subject',
  body: 'longText',
  'custom.call.body': 'freeObject',
  query: 'freeQuery',
  path: 'path',
  from: 'email',
  to: 'email',
  cc: 'emailList',
  bcc: 'emailList',
  contactId: 'intId',
  templateId: 'intId',
  campaignId: 'id',
  stepId: 'id',
  dueDay: 'posInt',
  stepNumber: 'posInt',
  description: 'optLongText',
  templateData: 'templateData',
  isPublic: 'bool',
  'campaigns.update.emailAccountIds': 'accountIdsUpdate',
  includeStats: 'bool',
  'templates.list.limit': 'limit100',
  'emailFooters.list.limit': 'limit100',
  contentCategory: 'enum',
  emailFooterId: 'intId',
  emailSignatureId: 'intId',
  scheduleAt: 'date',
  'emails.sendBulk.filters': 'bulkFilters',
  values: 'filters',
  startDate: 'date',
  endDate: 'date',
  nextToken: 'cursor',
  searchResultIds: 'textIds',
  requestIds: 'requestIds',
  contacts: 'contactItems',
  companies: 'companyItems',
  isJobChange: 'bool',
  skipDeduplicationCheck: 'bool',
  client_id: 'secret',
  client_secret: 'secret',
  redirect_uri: 'secret',
  code: 'secret',
  tool: 'toolName',
  arguments: 'freeObject',
  refresh_token: 'secret',
  offset: 'nonNegInt',
  'tasks.list.limit': 'limit100',
  'activity.list.limit': 'limit100',
  'tasks.list.status': 'enum',
  'tasks.list.sortColumn': 'enum',
  'tasks.update.status': 'enum',
  taskType: 'enum',
  campaignIdentifier: 'optText',
  priority: 'priority',
  'tasks.create.description': 'optLongText255',
  'tasks.update.description': 'optLongText255',
  callScript: 'optLongText255',
  dueAt: 'date',
  calledAt: 'date',
  callDispositionId: 'intId',
  callSentimentId: 'intId',
  taskId: 'intId',
  durationMs: 'nonNegInt',
  fromNumber: 'phone',
  toNumber: 'phone',
};

const period = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-02-01T00:00:00Z' };
const refreshGrant = { grant_type: 'refresh_token', client_id: 'cid', client_secret: 'sec', redirect_uri: 'https://example.com/cb', refresh_token: 'rt' };
const codeGrant = { grant_type: 'authorization_code', client_id: 'cid', client_secret: 'sec', redirect_uri: 'https://example.com/cb', code: 'c0de' };

/**
 * Valid inputs, one per operation (a few have alternatives: the first that holds the mutated field is used,
 * so `searchResultIds` is tried without `contacts`). The fields of each operation are listed with them.
 */
export const operationInputs: Record<string, { bases: Record<string, unknown>[]; fields: string[] }> = {
  'contacts.search': {
    bases: [{}],
    fields: [...Object.keys(publishedFilters['POST /search/contacts']), 'lastModifiedAfter', 'lastModifiedBefore', 'page', 'savedSearchId'],
  },
  'companies.search': {
    bases: [{}],
    fields: [...Object.keys(publishedFilters['POST /search/companies']), 'lastModifiedAfter', 'lastModifiedBefore', 'page', 'savedSearchId'],
  },
  'contacts.research': {
    bases: [{ contacts: [{ contactName: 'Ana Diaz', companyName: 'Acme' }] }, { searchResultIds: ['sr_1'] }],
    fields: ['searchResultIds', 'contacts', 'isJobChange', 'skipDeduplicationCheck'],
  },
  'contacts.pollResearch': { bases: [{ requestIds: ['r1'] }], fields: ['requestIds'] },
  'companies.research': {
    bases: [{ companies: [{ domain: 'acme.com' }] }, { searchResultIds: ['c_1'] }],
    fields: ['searchResultIds', 'companies', 'skipDeduplicationCheck'],
  },
  'companies.pollResearch': { bases: [{ requestIds: ['r1'] }], fields: ['requestIds'] },
  'orgContacts.list': { bases: [period], fields: ['page', 'limit', 'startDate', 'endDate'] },
  'orgCompanies.list': { bases: [period], fields: ['page', 'limit', 'startDate', 'endDate'] },
  'campaigns.create': { bases: [{ name: 'Q4' }], fields: ['name', 'emailAccountIds', 'steps', 'contactIds', 'maxActiveContacts'] },
  'campaigns.get': { bases: [{ id: 'c1' }], fields: ['id'] },
  'campaigns.list': { bases: [{}], fields: ['searchText', 'limit'] },
  'campaigns.action': { bases: [{ id: 'c1', action: 'START' }], fields: ['id', 'action'] },
  'campaigns.delete': { bases: [{ id: 'c1' }], fields: ['id'] },
  'campaigns.metrics': { bases: [{ id: 'c1' }], fields: ['id'] },
  'campaigns.listContacts': { bases: [{ id: 'c1' }], fields: ['id'] },
  'campaigns.addContacts': { bases: [{ id: 'c1', contactIds: [1] }], fields: ['id', 'contactIds'] },
  'campaigns.removeContacts': { bases: [{ id: 'c1', contactIds: [1] }], fields: ['id', 'contactIds'] },
  'emails.send': {
    bases: [{ contactId: 1, from: 'me@example.com', to: 'ana@example.org', subject: 'Hi', body: 'Hello' }],
    fields: ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'templateId'],
  },
  'emails.sendDraft': { bases: [{ id: 'd1' }], fields: ['id', 'from'] },
  'emails.listDrafts': { bases: [{}], fields: ['status'] },
  'emailAccounts.list': { bases: [{}], fields: [] },
  'templates.list': { bases: [{}], fields: ['page', 'limit', 'searchText', 'type', 'includeStats'] },
  'templates.get': { bases: [{ id: '101' }], fields: ['id', 'type'] },
  'templates.create': {
    bases: [{ name: 'Intro', type: 'email', subject: 'Hi {{firstName}}', body: '<p>Hello</p>', contentCategory: 'static' }],
    fields: ['name', 'type', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'],
  },
  'templates.update': {
    bases: [{ id: '101', type: 'email', name: 'Intro' }],
    fields: ['id', 'type', 'name', 'subject', 'body', 'contentCategory', 'emailFooterId', 'emailSignatureId'],
  },
  'templates.delete': { bases: [{ id: '101' }], fields: ['id', 'type'] },
  'emails.createDraft': {
    bases: [{ contactId: 1, from: 'me@example.com', to: 'ana@example.org', subject: 'Hi', body: 'Hello' }],
    fields: ['contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'],
  },
  'emails.get': { bases: [{ id: '70001' }], fields: ['id'] },
  'emails.updateDraft': {
    bases: [{ id: '70001', subject: 'Hi' }],
    fields: ['id', 'contactId', 'from', 'to', 'subject', 'body', 'cc', 'bcc', 'scheduleAt', 'templateId'],
  },
  'emails.sendBulk': {
    bases: [{ from: 'me@example.com', subject: 'Hi', body: 'Hello', filters: { contactIds: [1] } }],
    fields: ['from', 'subject', 'body', 'scheduleAt', 'templateId', 'filters'],
  },
  'emails.preview': { bases: [{ to: 'ana@example.org', subject: 'Hi', body: 'Hello' }], fields: ['to', 'subject', 'body', 'from', 'templateId'] },
  'emailFooters.list': { bases: [{}], fields: ['page', 'limit'] },
  'campaigns.update': { bases: [{ id: 'c1', name: 'Q4' }], fields: ['id', 'name', 'isPublic', 'emailAccountIds'] },
  'campaigns.clone': { bases: [{ id: 'c1', name: 'Q4 copy' }], fields: ['id', 'name'] },
  'campaignSteps.list': { bases: [{ campaignId: 'c1' }], fields: ['campaignId'] },
  'campaignSteps.create': {
    bases: [{ campaignId: 'c1', type: 'call', name: 'Call', dueDay: 2 }],
    fields: ['campaignId', 'type', 'name', 'dueDay', 'description', 'templateId', 'templateData'],
  },
  'campaignSteps.update': {
    bases: [{ campaignId: 'c1', stepId: 's1', dueDay: 3 }],
    fields: ['campaignId', 'stepId', 'dueDay', 'name', 'description', 'stepNumber', 'templateId', 'templateData'],
  },
  'campaignSteps.delete': { bases: [{ campaignId: 'c1', stepId: 's1' }], fields: ['campaignId', 'stepId'] },
  'campaignSteps.action': { bases: [{ campaignId: 'c1', stepId: 's1', action: 'SKIP' }], fields: ['campaignId', 'stepId', 'action'] },
  'lists.getAll': { bases: [{}], fields: [] },
  'lists.get': { bases: [{ id: '12' }], fields: ['id'] },
  'lists.create': { bases: [{ name: 'Leads' }], fields: ['name'] },
  'lists.rename': { bases: [{ id: '12', name: 'Leads' }], fields: ['id', 'name'] },
  'lists.delete': { bases: [{ id: '12' }], fields: ['id'] },
  'lists.addContacts': { bases: [{ id: '12', contactIds: [1] }], fields: ['id', 'contactIds'] },
  'savedSearches.list': { bases: [{}], fields: ['type'] },
  'savedSearches.get': { bases: [{ id: '301' }], fields: ['id'] },
  'savedSearches.create': {
    bases: [{ name: 'VPs', type: 'contacts', values: { seniority: ['VP'] } }],
    fields: ['name', 'type', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved'],
  },
  'savedSearches.update': { bases: [{ id: '301', name: 'VPs' }], fields: ['id', 'name', 'values', 'sortColumn', 'sortOrder', 'tagIds', 'numResultsApproved'] },
  'savedSearches.delete': { bases: [{ id: '301' }], fields: ['id'] },
  'contactStatuses.list': { bases: [{}], fields: [] },
  'credits.get': { bases: [{}], fields: [] },
  'oauth.me': { bases: [{}], fields: [] },
  'oauth.token': { bases: [refreshGrant, codeGrant], fields: ['grant_type', 'client_id', 'client_secret', 'redirect_uri', 'code', 'refresh_token'] },
  'oauth.tokenV1': { bases: [refreshGrant, codeGrant], fields: ['grant_type', 'client_id', 'client_secret', 'redirect_uri', 'code', 'refresh_token'] },
  'mcp.listTools': { bases: [{}], fields: [] },
  'mcp.callTool': { bases: [{ tool: 'get_lists' }, { tool: 'create_list', arguments: { name: 'x' } }], fields: ['tool', 'arguments'] },
  'features.get': { bases: [{}], fields: [] },
  // Tasks, calls, activity (issue 11).
  'tasks.list': { bases: [{}], fields: ['limit', 'offset', 'campaignIdentifier', 'sortColumn', 'sortOrder', 'status', 'taskType'] },
  'tasks.get': { bases: [{ id: '30001' }], fields: ['id'] },
  'tasks.create': {
    bases: [{ name: 'Call Ana', taskType: 'call', contactId: 1, priority: 1 }],
    fields: ['name', 'taskType', 'contactId', 'priority', 'description', 'dueAt', 'templateId'],
  },
  'tasks.update': { bases: [{ id: '30001', name: 'Call Ana' }], fields: ['id', 'name', 'description', 'dueAt', 'priority', 'status'] },
  'tasks.delete': { bases: [{ id: '30001' }], fields: ['id'] },
  'tasks.action': { bases: [{ id: '30001', action: 'complete' }], fields: ['id', 'action'] },
  'calls.log': {
    bases: [{ contactId: 1 }],
    fields: ['contactId', 'callDispositionId', 'callSentimentId', 'callScript', 'calledAt', 'durationMs', 'fromNumber', 'toNumber', 'taskId'],
  },
  'calls.listDispositions': { bases: [{}], fields: [] },
  'calls.listSentiments': { bases: [{}], fields: [] },
  'activity.list': { bases: [{}], fields: ['limit', 'offset', 'campaignIdentifier', 'contactId', 'searchText'] },
  'custom.call': {
    bases: [
      { version: 'v2', method: 'GET', path: '/credits' },
      { version: 'v2', method: 'POST', path: '/lists', body: { name: 'x' } },
    ],
    fields: ['version', 'method', 'path', 'query', 'body'],
  },
};

function valuesFor(operationId: string, field: string): Value[] {
  const search = operationId === 'contacts.search' ? 'POST /search/contacts' : operationId === 'companies.search' ? 'POST /search/companies' : null;
  if (search && searchDates.has(field)) return [...universal(), ...classes.date()];
  if (search && field !== 'nextToken' && field !== 'limit') {
    const p = publishedFilters[search][field];
    if (p) {
      if (p.type === 'array') return [...universal(), ...filterValues(p)];
      if (p.type === 'boolean') return [...universal(), ...classes.bool()];
      if (p.enum) return [...universal(), ...classes[(p as { nullable?: boolean }).nullable ? 'enumNullable' : 'enum'](), ok('an accepted value', p.enum[0])];
      if (field === 'jobChanges' || field === 'pastCompany') return [...universal(), ...classes[field]()];
    }
  }
  const cls = fieldClass[`${operationId}.${field}`] ?? fieldClass[field];
  if (!cls || !classes[cls]) throw new Error(`malformed-inputs: no class for ${operationId}.${field}`);
  return [...universal(), ...classes[cls]()];
}

/** Every case for one operation: each field mutated, the whole input replaced, unknown keys added. */
export function malformedCases(operationId: string): MalformedCase[] {
  const spec = operationInputs[operationId];
  if (!spec) throw new Error(`malformed-inputs: no inputs for ${operationId}`);
  const out: MalformedCase[] = [];
  for (const field of spec.fields) {
    const base = spec.bases.find((b) => field in b) ?? spec.bases[0];
    for (const v of valuesFor(operationId, field)) {
      out.push({
        operationId,
        label: `${field}: ${v.label}`,
        input: { ...base, [field]: v.value },
        expect: v.send ? 'send' : 'refuse',
        field,
        ...(v.orField ? { orField: v.orField } : {}),
      });
    }
  }
  for (const [label, value] of [
    ['a text', 'name=x'],
    ['a number', 42],
    ['true', true],
    ['an array', []],
    ['an array of objects', [{}]],
  ] as const) {
    out.push({ operationId, label: `whole input: ${label}`, input: value, expect: 'refuse', field: '(input)' });
  }
  for (const key of ['bogusKey', 'constructor', 'toString', '__proto__', 'Name', 'seniorty']) {
    const input: Record<string, unknown> = { ...spec.bases[0] };
    // An own "__proto__" key, as JSON.parse makes it (a plain assignment would set the prototype).
    Object.defineProperty(input, key, { value: 'x', enumerable: true, configurable: true, writable: true });
    out.push({ operationId, label: `unknown key ${key}`, input, expect: 'refuse', field: key });
  }
  for (const base of spec.bases) out.push({ operationId, label: `valid: ${JSON.stringify(base).slice(0, 60)}`, input: base, expect: 'send', field: '' });
  return out;
}

export function allMalformedCases(operationIds: readonly string[]): MalformedCase[] {
  return operationIds.flatMap(malformedCases);
}
