/** The whole in-memory state of one sandbox instance. */
import type { Clock } from '../clock';
import type { SandboxConfig } from '../config';
import type { Universe } from '../seed/universe';
import type {
  AuthCode,
  Campaign,
  ContactStatus,
  Email,
  EmailAccount,
  ListTag,
  OAuthClient,
  Org,
  OrgCompany,
  OrgContact,
  RefreshGrant,
  ResearchJob,
  SavedSearch,
  Template,
  TokenGrant,
  User,
  WebhookDelivery,
  WebhookRegistration,
} from './types';
import type { ActivityEvent, CallDisposition, CallLog, CallSentiment, Task } from './types';

/** Records an organization has saved, by id and by universe index (research upserts by the latter). */
export class OrgRecords<T extends { updatedAt: string }> {
  readonly byId = new Map<string, T>();
  readonly byIndex = new Map<number, T>();

  upsert(id: string, index: number, record: T): void {
    this.byId.set(id, record);
    this.byIndex.set(index, record);
  }

  /** Records whose updatedAt is in [from, to], ordered by updatedAt then id (DECISIONS: org reads). */
  between(from: number, to: number, idOf: (r: T) => string): T[] {
    const out: T[] = [];
    for (const r of this.byId.values()) {
      const t = Date.parse(r.updatedAt);
      if (t >= from && t <= to) out.push(r);
    }
    return out.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || idOf(a).localeCompare(idOf(b), 'en', { numeric: true }));
  }
}

export interface State {
  config: SandboxConfig;
  clock: Clock;
  universe: Universe;
  orgs: Map<string, Org>;
  users: Map<string, User>;
  userByApiKey: Map<string, User>;
  userByEmail: Map<string, User>;
  oauthClients: Map<string, OAuthClient>;
  authCodes: Map<string, AuthCode>;
  accessTokens: Map<string, TokenGrant>;
  refreshTokens: Map<string, RefreshGrant>;
  orgContacts: Map<string, OrgRecords<OrgContact>>;
  orgCompanies: Map<string, OrgRecords<OrgCompany>>;
  jobs: Map<string, ResearchJob>;
  /** Jobs not yet settled, in finishAt order. */
  pendingJobs: ResearchJob[];
  /** Last research per `${orgId}|${kind}|${universeIndex}`: for the dedupe window. */
  lastResearch: Map<string, { at: number; requestId: string }>;
  emailAccounts: EmailAccount[];
  templates: Template[];
  emails: Map<string, Email>;
  lists: Map<string, ListTag>;
  savedSearches: Map<string, SavedSearch>;
  campaigns: Map<string, Campaign>;
  contactStatuses: Map<string, ContactStatus[]>;
  webhooks: WebhookRegistration[];
  deliveries: WebhookDelivery[];
  seq: { [name: string]: number };
  // ---- Tasks, calls, activity (DECISIONS "Tasks, calls, activity") ----
  tasks: Map<string, Task>;
  calls: Map<string, CallLog>;
  callDispositions: Map<string, CallDisposition[]>;
  callSentiments: Map<string, CallSentiment[]>;
  /** Per organization, oldest first (append-only); the feed answers it newest first. */
  activity: Map<string, ActivityEvent[]>;
}

/** The next record id of a sequence: from `start`, shifted by the configured id base (seed.idBase). */
export function nextSeq(state: State, name: string, start = 1): number {
  const value = state.seq[name] ?? start + state.config.seed.idBase;
  state.seq[name] = value + 1;
  return value;
}

export function orgByHandleOrId(state: State, handleOrId: string): Org | undefined {
  const direct = state.orgs.get(handleOrId);
  if (direct) return direct;
  for (const org of state.orgs.values()) if (org.handle === handleOrId) return org;
  return undefined;
}
