/**
 * MCP tools. Each mirrors a REST endpoint and calls the same domain code, under that endpoint's rate-limit
 * window and with the same credit rules (spec 4.13, 1.5).
 */
import { parseOrgReadQuery, readOrg } from '../domain/org-data';
import { HttpError } from '../errors';
import { parseCompanyResearch, parseContactResearch } from '../domain/research-input';
import { poll, settleDue, submitResearch } from '../domain/research';
import { search } from '../domain/search';
import type { AuthedIdentity, Call } from '../router';
import type { Services } from '../services';
import type { ResearchKind } from '../state/types';
import { array, bodyObject, bool, int, itemString, onlyKeys, str, type Obj } from '../validate';
import * as S from './schemas';
import type { ToolAnnotations } from './tool-types';

export interface ToolContext {
  services: Services;
  who: AuthedIdentity;
  /** The MCP request itself (REST-backed tools run their route with its identity and headers). */
  call: Call;
}

export interface Tool {
  name: string;
  description: string;
  inputSchema: object;
  outputSchema: object;
  annotations: ToolAnnotations;
  /** The REST endpoint whose rate-limit window the tool draws from. */
  mirrors: string;
  run: (ctx: ToolContext, args: Obj) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const readOnly = (title: string, openWorld: boolean) => ({ title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: openWorld });
const spending = (title: string) => ({ title, readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true });

function searchTool(kind: 'contacts' | 'companies'): Tool {
  return {
    name: `search_${kind}`,
    description: `Search the service's ${kind} by filters. Free: consumes no credits. Returns searchResultIds to research.`,
    inputSchema: S.searchInput(kind),
    outputSchema: S.searchOutput,
    annotations: readOnly(`Search ${kind}`, true),
    mirrors: `POST /v2/search/${kind}`,
    run: ({ services, who }, args) => {
      const { fullname, ...filters } = args;
      if (fullname !== undefined) filters.fullName ??= fullname;
      const page = search(services.state, who, kind, filters);
      // nextToken beside results too: where the service's integration reads it (DECISIONS "The service's own client").
      return { results: page.rows, nextToken: page.supplementalData.nextToken ?? null, pagination: { page: page.page, ...page.supplementalData } };
    },
  };
}

async function waitForTerminal(services: Services, who: AuthedIdentity, kind: ResearchKind, ids: string[]) {
  const deadline = Date.now() + services.config.mcp.waitTimeoutMs;
  for (;;) {
    const rows = poll(services, who, kind, ids);
    const pending = rows.some((r) => r.status === 'queued' || r.status === 'researching');
    if (!pending) return { results: rows, complete: true };
    const lastFinish = Math.max(...ids.map((id) => services.state.jobs.get(id)?.finishAt ?? 0));
    const wait = Math.min(lastFinish - services.clock.now() + 5, deadline - Date.now());
    if (wait <= 0 || !(await services.timers.sleep(wait))) return { results: poll(services, who, kind, ids), complete: false };
  }
}

function researchTool(kind: ResearchKind): Tool {
  const plural = kind === 'contact' ? 'contacts' : 'companies';
  return {
    name: `research_${plural}`,
    description:
      `Research ${plural} by searchResultIds or direct identifiers. Consumes one credit per item that is not a recent duplicate. With ` +
      `waitForResults the call waits (bounded) for final statuses.`,
    inputSchema: kind === 'contact' ? S.researchContactsInput : S.researchCompaniesInput,
    outputSchema: S.researchOutput,
    annotations: spending(`Research ${plural}`),
    mirrors: `POST /v1/${plural}/research`,
    run: async ({ services, who }, args) => {
      const parsed =
        kind === 'contact' ? parseContactResearch(services.state, args, ['waitForResults']) : parseCompanyResearch(services.state, args, ['waitForResults']);
      const wait = bool(parsed.body, 'waitForResults') ?? false;
      const requestIds = submitResearch(services, who, kind, parsed);
      if (!wait) return { requestIds };
      return { requestIds, ...(await waitForTerminal(services, who, kind, requestIds)) };
    },
  };
}

function pollTool(kind: ResearchKind): Tool {
  return {
    name: `poll_${kind}_research`,
    description: `Status and results of ${kind} research requests (1 to 100 requestIds). Free.`,
    inputSchema: S.pollInput,
    outputSchema: S.pollOutput,
    annotations: readOnly(`Poll ${kind} research`, false),
    mirrors: `GET /v1/${kind === 'contact' ? 'contacts' : 'companies'}/research/poll`,
    run: ({ services, who }, args) => {
      onlyKeys(args, ['requestIds']);
      const ids = array(args, 'requestIds', itemString, { required: true, min: 1, max: services.config.research.maxPollIds });
      return { results: poll(services, who, kind, ids) };
    },
  };
}

/** The published MCP org reads cover at most 30 days per call. */
const MAX_ORG_RANGE_DAYS = 30;
const DAY = 86_400_000;

function orgTool(kind: 'contacts' | 'companies'): Tool {
  return {
    name: `get_my_${kind}`,
    description:
      `The organization's saved ${kind} updated between startDate and endDate (at most ${MAX_ORG_RANGE_DAYS} days apart; ` +
      `defaults: the last ${MAX_ORG_RANGE_DAYS} days), paged. Free.`,
    inputSchema: S.orgReadInput,
    outputSchema: S.orgReadOutput,
    annotations: readOnly(`My ${kind}`, false),
    mirrors: `GET /v1/${kind}`,
    run: ({ services, who }, args) => {
      onlyKeys(args, ['page', 'limit', 'startDate', 'endDate', 'orgIds']);
      const orgIds = str(args, 'orgIds');
      const end = str(args, 'endDate');
      const endMs = end === undefined ? services.clock.now() : Date.parse(end);
      const start = str(args, 'startDate') ?? (Number.isNaN(endMs) ? new Date(0).toISOString() : new Date(endMs - MAX_ORG_RANGE_DAYS * DAY).toISOString());
      const q = new URLSearchParams({
        page: String(int(args, 'page', { min: 1 }) ?? 1),
        limit: String(int(args, 'limit', { min: 1, max: 500 }) ?? 500),
        startDate: start,
        endDate: end ?? new Date(endMs).toISOString(),
      });
      const parsed = parseOrgReadQuery(q);
      const days = (parsed.endDate - parsed.startDate) / DAY;
      if (days > MAX_ORG_RANGE_DAYS) {
        throw new HttpError(422, `startDate, endDate: the range must be at most ${MAX_ORG_RANGE_DAYS} days (got ${days.toFixed(1)} days)`);
      }
      // Only the caller's organization's records are ever visible; orgIds can only narrow that to none.
      const outside = orgIds !== undefined && !orgIds.split(',').some((id) => id.trim() === who.org.id);
      const rows = outside ? [] : readOrg(services, who, kind, parsed);
      return { results: rows, pagination: { page: parsed.page, limit: parsed.limit, isMore: rows.length === parsed.limit } };
    },
  };
}

export const TOOLS: Tool[] = [
  searchTool('contacts'),
  searchTool('companies'),
  researchTool('contact'),
  pollTool('contact'),
  researchTool('company'),
  pollTool('company'),
  {
    name: 'get_credits',
    description: "The organization's research credit balance. Free.",
    inputSchema: S.creditsInput,
    outputSchema: S.creditsOutput,
    annotations: readOnly('Credits', false),
    mirrors: 'GET /v2/credits',
    run: ({ services, who }, args) => {
      onlyKeys(bodyObject(args, true), []);
      settleDue(services);
      return { balance: who.org.credits };
    },
  },
  orgTool('contacts'),
  orgTool('companies'),
];
