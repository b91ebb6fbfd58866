/** The sandbox's in-memory model. Plain data; the domain modules change it. */

export interface Location {
  city: string;
  state: string;
  stateAbbr: string;
  postCode: string;
  county: string;
  country: string;
  countryAbbr: string;
  countryAlpha2: string;
  countryAlpha3: string;
  countryNumeric: number;
  timezone: string;
  timezoneRawOffset: string;
  timezoneAbbr: string;
}

/** A news item about a company (published `newsAndEvents` items; `type` is a published newsTypes value). */
export interface NewsItem {
  title: string;
  url: string;
  date: string;
  type: string;
}

/** A company the service knows (the search universe). Values use the published forms (DECISIONS: published shapes). */
export interface UniverseCompany {
  index: number;
  searchResultId: string;
  name: string;
  domain: string;
  industries: string[];
  sicCode: string;
  description: string;
  /** Founding date, YYYY-MM-DD. */
  foundedOn: string;
  staffCount: number;
  /** A published companySize value, e.g. `201 - 500`. */
  staffCountRange: string;
  annualRevenue: number;
  /** A published companyRevenue value, e.g. `$5M - $20M`. */
  revenueRange: string;
  type: 'Public' | 'Private' | null;
  stockTicker: string | null;
  fundingTotal: number;
  latestFundingDate: string;
  /** Published funding classifications, latest first. */
  fundingClassifications: string[];
  technologies: string[];
  networkId: string;
  phones: string[];
  street: string;
  location: Location;
  news: NewsItem[];
  updatedAt: number;
}

/** A person the service knows (the search universe). */
export interface UniversePerson {
  index: number;
  searchResultId: string;
  companyIndex: number;
  firstName: string;
  middleName: string;
  lastName: string;
  fullName: string;
  title: string;
  department: string;
  seniority: string;
  email: string;
  personalEmail: string;
  phones: string[];
  liSlug: string;
  location: Location;
  titleStartedAt: string;
  startedAtCurrentCompany: string;
  formerCompany: string;
  formerTitle: string;
  formerStartedAt: string;
  formerEndedAt: string;
  /** Published jobChangeAlert: a change of company or title in the last 90 days, else null. */
  jobChangeAlert: 'New Hire' | 'New Promotion' | null;
  updatedAt: number;
}

export interface User {
  id: string;
  orgId: string;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  apiKey: string;
}

export interface Org {
  id: string;
  /** 'A' or 'B': the handle tests and config use. */
  handle: string;
  name: string;
  licensed: boolean;
  credits: number;
  features: { maxActiveContacts: boolean };
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  orgId: string;
}

export interface TokenGrant {
  userId: string;
  orgId: string;
  clientId: string;
  /** '' for the main API (empty scope list, spec 5.3); 'mcp.all' for MCP tokens. */
  scope: string;
  expiresAt: number;
  revoked: boolean;
}

export interface AuthCode extends TokenGrant {
  redirectUri: string;
  codeChallenge?: string;
  used: boolean;
}

export interface RefreshGrant extends TokenGrant {
  accessToken: string;
  used: boolean;
}

export type OrgContact = Record<string, unknown> & { contactId: string; updatedAt: string; personIndex: number };
export type OrgCompany = Record<string, unknown> & { companyId: string; updatedAt: string; companyIndex: number };

export type ResearchKind = 'contact' | 'company';
export type FinalStatus = 'done' | 'not found' | 'error' | 'duplicate';

export interface ResearchJob {
  requestId: string;
  kind: ResearchKind;
  orgId: string;
  userId: string;
  searchResultId: string | null;
  /** Universe index of the target, or -1 when the input matches nothing. */
  targetIndex: number;
  submittedAt: number;
  finishAt: number;
  outcome: FinalStatus;
  message: string;
  /** Request id of the earlier research, for duplicates. */
  duplicateOf?: string;
  isJobChange: boolean;
  settled: boolean;
  input: unknown;
}

export interface EmailAccount {
  emailAccountId: string;
  userId: string;
  email: string;
  name: string;
}

export interface Template {
  templateId: number;
  orgId: string;
  name: string;
  subject: string;
  body: string;
  /** Absent on seeded templates: email, static, no footer or signature (DECISIONS "Campaign steps, templates ..."). */
  type?: string;
  contentCategory?: string;
  emailFooterId?: number | null;
  emailSignatureId?: number | null;
  createdAt?: string;
}

export interface Email {
  emailId: string;
  userId: string;
  orgId: string;
  contactId: string;
  from: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  status: string;
  scheduledAt: string | null;
  sentAt: string | null;
  createdAt: string;
  templateId: number | null;
}

export interface ListTag {
  listId: string;
  userId: string;
  name: string;
  contactIds: string[];
  createdAt: string;
  updatedAt: string;
}

export interface SavedSearch {
  savedSearchId: string;
  userId: string;
  name: string;
  type: string;
  values: Record<string, unknown>;
  sortColumn: string;
  sortOrder: string;
  tagIds: number[];
  numResultsApproved: number;
  gptRequestIdNLS: string;
}

export interface CampaignStep {
  campaignStepId: string;
  campaignId: string;
  type: string;
  name: string;
  description: string;
  status: string;
  stepNumber: number;
  dueDay: number;
  templateId: string | null;
  templateData: Record<string, unknown> | null;
  createdAt: string;
}

export interface Campaign {
  campaignId: string;
  orgId: string;
  name: string;
  identifier: string;
  status: 'draft' | 'active' | 'paused' | 'completed' | 'archived';
  /** State an archived campaign returns to on UNARCHIVE. */
  archivedFrom: Campaign['status'] | null;
  isPublic: boolean;
  maxActiveContacts: number | null;
  userIdOwner: string;
  startedAt: string | null;
  pausedAt: string | null;
  completedAt: string | null;
  createdAt: string;
  emailAccountIds: string[];
  steps: CampaignStep[];
  contacts: Map<string, { contactId: string; status: string; addedAt: string }>;
}

export interface ContactStatus {
  statusId: number;
  name: string;
  label: string;
}

export interface WebhookRegistration {
  webhookId: string;
  orgId: string;
  url: string;
  secret: string;
  secretHeader: string;
  events: string[];
}

export interface WebhookDelivery {
  deliveryId: string;
  webhookId: string;
  event: string;
  apiResearchId: string;
  url: string;
  state: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: { at: string; status: number | null; error?: string }[];
}

// ---- Tasks, calls, activity (public reference "The rest of the service"; DECISIONS "Tasks, calls, activity") ----

export type TaskStatus = 'scheduled' | 'in-progress' | 'completed' | 'paused' | 'errored' | 'cancelled' | 'skipped';

export interface Task {
  taskId: string;
  orgId: string;
  userId: string;
  name: string;
  taskType: 'manual-email' | 'call' | 'action-item' | 'linkedin';
  status: TaskStatus;
  /** The state a paused task returns to on unpause. */
  pausedFrom: TaskStatus | null;
  priority: number;
  contactId: string;
  description: string;
  dueAt: string;
  templateId: number | null;
  /** The campaign whose step made the task; null for tasks made by hand. */
  campaignIdentifier: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

export interface CallLog {
  callId: string;
  orgId: string;
  userId: string;
  contactId: string;
  callDispositionId: number | null;
  callSentimentId: number | null;
  callScript: string;
  calledAt: string;
  durationMs: number | null;
  fromNumber: string | null;
  toNumber: string | null;
  taskId: string | null;
  createdAt: string;
}

export interface CallDisposition {
  callDispositionId: number;
  name: string;
}

export interface CallSentiment {
  callSentimentId: number;
  name: string;
}

export interface ActivityEvent {
  /** The same as activityId (the name the service's integration reads). */
  id: string;
  activityId: string;
  type: string;
  description: string;
  contactId: string | null;
  campaignIdentifier: string | null;
  taskId: string | null;
  callId: string | null;
  emailId: string | null;
  userId: string;
  occurredAt: string;
}
