/**
 * Organizations, users, keys, OAuth clients, email accounts, statuses, lists, saved searches, templates,
 * drafts and the org's saved contacts. All secrets derive from the seed, so one seed gives stable keys.
 */
import type { Clock } from '../clock';
import type { SandboxConfig } from '../config';
import { hash32, Rng } from '../rng';
import { nextSeq, OrgRecords, type State } from '../state/store';
import type { Org, OrgCompany, OrgContact, User } from '../state/types';
import { seedEngagement } from './engagement';
import { buildOrgCompany, buildOrgContact } from './org-records';
import { generateUniverse, startOfUtcDay } from './universe';

const DAY = 86_400_000;

export interface SeedOptions {
  seed: number;
  contacts: number;
  companies: number;
}

const USERS: { org: 'A' | 'B'; email: string; firstname: string; lastname: string }[] = [
  { org: 'A', email: 'alice@acme.example', firstname: 'Alice', lastname: 'Archer' },
  { org: 'A', email: 'bob@acme.example', firstname: 'Bob', lastname: 'Baker' },
  { org: 'B', email: 'carol@bravo.example', firstname: 'Carol', lastname: 'Chen' },
];

export function createState(config: SandboxConfig, clock: Clock, opts: SeedOptions): State {
  const now = clock.now();
  const rng = new Rng(hash32(`fixtures:${opts.seed}`));
  const state: State = {
    config,
    clock,
    universe: generateUniverse(opts.seed, opts.companies, opts.contacts, now),
    orgs: new Map(),
    users: new Map(),
    userByApiKey: new Map(),
    userByEmail: new Map(),
    oauthClients: new Map(),
    authCodes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    orgContacts: new Map(),
    orgCompanies: new Map(),
    jobs: new Map(),
    pendingJobs: [],
    lastResearch: new Map(),
    emailAccounts: [],
    templates: [],
    emails: new Map(),
    lists: new Map(),
    savedSearches: new Map(),
    campaigns: new Map(),
    contactStatuses: new Map(),
    webhooks: [],
    deliveries: [],
    seq: {},
    tasks: new Map(),
    calls: new Map(),
    callDispositions: new Map(),
    callSentiments: new Map(),
    activity: new Map(),
  };

  // seed.idBase shifts organization, user and status ids too: every id the sandbox issues grows with it.
  const idBase = config.seed.idBase;
  const orgs: Org[] = [
    { id: String(idBase + 7001), handle: 'A', name: 'Acme Prospecting', licensed: true, credits: config.credits.A, features: { ...config.features.A } },
    { id: String(idBase + 7002), handle: 'B', name: 'Bravo Trading', licensed: false, credits: config.credits.B, features: { ...config.features.B } },
  ];
  for (const org of orgs) {
    state.orgs.set(org.id, org);
    state.orgContacts.set(org.id, new OrgRecords<OrgContact>());
    state.orgCompanies.set(org.id, new OrgRecords<OrgCompany>());
    state.contactStatuses.set(org.id, [
      { statusId: idBase + 1, name: 'new', label: 'New' },
      { statusId: idBase + 2, name: 'contacted', label: 'Contacted' },
      { statusId: idBase + 3, name: 'interested', label: 'Interested' },
      { statusId: idBase + 4, name: 'not_interested', label: 'Not interested' },
      { statusId: idBase + 5, name: 'customer', label: 'Customer' },
    ]);
    const redirectUris = [config.oauth.redirectUri, ...config.oauth.extraRedirectUris];
    state.oauthClients.set(`client_${org.handle.toLowerCase()}_${rng.hex(12)}`, {
      clientId: '',
      clientSecret: `secret_${rng.hex(32)}`,
      redirectUris,
      orgId: org.id,
    });
  }
  // Fill clientId from the map key (generated above to keep the RNG order stable).
  for (const [id, client] of state.oauthClients) client.clientId = id;
  for (const extra of config.oauth.clients) {
    const org = [...state.orgs.values()].find((o) => o.handle === extra.org || o.id === extra.org);
    if (!org) throw new Error(`config.oauth.clients: unknown org ${extra.org}`);
    state.oauthClients.set(extra.clientId, {
      clientId: extra.clientId,
      clientSecret: extra.clientSecret,
      redirectUris: [...extra.redirectUris],
      orgId: org.id,
    });
  }

  USERS.forEach((u, i) => {
    const org = orgs.find((o) => o.handle === u.org)!;
    const user: User = {
      id: String(idBase + 1001 + i),
      orgId: org.id,
      email: u.email,
      password: `pw-${u.firstname.toLowerCase()}-${rng.hex(6)}`,
      firstname: u.firstname,
      lastname: u.lastname,
      apiKey: `pk_${u.org.toLowerCase()}${i + 1}_${rng.hex(32)}`,
    };
    state.users.set(user.id, user);
    state.userByApiKey.set(user.apiKey, user);
    state.userByEmail.set(user.email, user);
    // Numeric ids as the service has them: 4001, 4002 for the first user, 4003, 4004 for the next...
    state.emailAccounts.push(
      { emailAccountId: String(nextId(state, 'emailAccount', 4001)), userId: user.id, email: u.email, name: `${u.firstname} ${u.lastname}` },
      {
        emailAccountId: String(nextId(state, 'emailAccount', 4001)),
        userId: user.id,
        email: u.email.replace('@', '.sales@'),
        name: `${u.firstname} ${u.lastname} (Sales)`,
      },
    );
  });

  for (const org of orgs) {
    for (const [n, name] of ['Intro', 'Follow-up', 'Break-up'].entries()) {
      state.templates.push({
        templateId: nextId(state, 'template', 101),
        orgId: org.id,
        name: `${name} (${org.handle})`,
        subject: `${name}: {{company}}`,
        body: `<p>Hi {{firstName}},</p><p>${name} note number ${n + 1}.</p>`,
      });
    }
  }

  seedOrgContacts(state, orgs[0], opts, now);
  seedOrgContacts(state, orgs[1], opts, now);
  seedUserData(state, now);
  seedEngagement(state);
  return state;
}

function nextId(state: State, name: string, start: number): number {
  return nextSeq(state, name, start);
}

/** Saved contacts (and their companies) so org reads return data at once; spread over the last 90 days. */
function seedOrgContacts(state: State, org: Org, opts: SeedOptions, now: number): void {
  const rng = new Rng(hash32(`org:${org.id}:${opts.seed}`));
  const { people, companies } = state.universe;
  const anchor = startOfUtcDay(now);
  const user = [...state.users.values()].find((u) => u.orgId === org.id)!;
  const count = Math.min(state.config.seed.orgContacts, people.length);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(rng.int(0, people.length - 1));
  for (const index of [...picked].sort((a, b) => a - b)) {
    const person = people[index];
    const company = companies[person.companyIndex];
    const updatedAt = anchor - rng.int(1, 90) * DAY + rng.int(0, DAY - 1);
    const createdAt = updatedAt - rng.int(0, 30) * DAY;
    const requestId = `seed_${org.handle.toLowerCase()}_${index}`;
    const contactId = String(nextId(state, 'contact', 10001));
    const record = buildOrgContact(person, company, { contactId, username: user.email, createdAt, updatedAt, apiResearchId: requestId }) as OrgContact;
    Object.defineProperty(record, 'personIndex', { value: index, enumerable: false });
    state.orgContacts.get(org.id)!.upsert(contactId, index, record);
    state.lastResearch.set(`${org.id}|contact|${index}`, { at: updatedAt, requestId });
    const companies_ = state.orgCompanies.get(org.id)!;
    if (!companies_.byIndex.has(company.index)) {
      const companyId = String(nextId(state, 'company', 50001));
      const rec = buildOrgCompany(company, { companyId, createdAt, updatedAt, apiResearchId: requestId }) as OrgCompany;
      Object.defineProperty(rec, 'companyIndex', { value: company.index, enumerable: false });
      companies_.upsert(companyId, company.index, rec);
    }
  }
}

function seedUserData(state: State, now: number): void {
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const user of state.users.values()) {
    const contacts = [...state.orgContacts.get(user.orgId)!.byId.values()];
    for (const name of ['Hot leads', 'Conference 2026']) {
      const listId = String(nextId(state, 'list', 201));
      state.lists.set(listId, {
        listId,
        userId: user.id,
        name: `${name} (${user.firstname})`,
        contactIds: contacts.slice(0, 3).map((c) => c.contactId),
        createdAt: iso(now - 20 * DAY),
        updatedAt: iso(now - 2 * DAY),
      });
    }
    const searches = [
      ['contacts', { seniority: ['VP', 'Director'], department: ['Sales'] }],
      ['companies', { industry: ['Software Development'] }],
    ] as const;
    for (const [type, values] of searches) {
      const savedSearchId = String(nextId(state, 'savedSearch', 301));
      state.savedSearches.set(savedSearchId, {
        savedSearchId,
        userId: user.id,
        name: `${user.firstname}'s ${type} search`,
        type,
        values: { ...values },
        sortColumn: 'updatedAt',
        sortOrder: 'desc',
        tagIds: [],
        numResultsApproved: 0,
        gptRequestIdNLS: '',
      });
    }
    const account = state.emailAccounts.find((a) => a.userId === user.id)!;
    for (let i = 0; i < state.config.seed.draftsPerUser && contacts.length > 0; i++) {
      const contact = contacts[i % contacts.length];
      const emailId = String(nextId(state, 'email', 70001));
      state.emails.set(emailId, {
        emailId,
        userId: user.id,
        orgId: user.orgId,
        contactId: contact.contactId,
        from: account.email,
        to: String(contact.email),
        cc: '',
        bcc: '',
        subject: `Quick question for ${String(contact.company)}`,
        body: `<p>Hi ${String(contact.firstName)},</p><p>Draft ${i + 1}.</p>`,
        status: 'draft',
        scheduledAt: null,
        sentAt: null,
        createdAt: iso(now - DAY),
        templateId: null,
      });
    }
  }
}

export function primaryUser(state: State, handle: string): User {
  const org = [...state.orgs.values()].find((o) => o.handle === handle)!;
  return [...state.users.values()].find((u) => u.orgId === org.id)!;
}
