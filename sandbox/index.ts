/**
 * startSandbox(): runs the local Prospecting Data Service in-process (tests) or from the CLI.
 * Resolves once listening, with the addresses, working credentials and close().
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdmin } from './admin';
import { Clock } from './clock';
import { resolveConfig, type DeepPartial, type SandboxConfig } from './config';
import { settleDue } from './domain/research';
import { Faults } from './faults';
import { RateLimiter } from './ratelimit';
import { buildRouter } from './routes';
import type { RouteSpec } from './router';
import { createState, primaryUser } from './seed/fixtures';
import { createListener } from './server';
import type { Services } from './services';
import { Stats } from './stats';
import { Timers } from './timers';
import { Webhooks } from './webhooks';

export type { SandboxConfig, DeepPartial } from './config';

export interface SandboxOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data (default 42). */
  seed?: number;
  /** People in the search universe (default 5000). */
  contacts?: number;
  /** Companies in the search universe (default 500). */
  companies?: number;
  config?: DeepPartial<SandboxConfig>;
  /** Where log lines go (default: stderr). */
  log?: (line: string) => void;
  /** Routes served beside the built-in ones, with the same auth, rate limits and errors (a route being developed). */
  extraRoutes?: readonly RouteSpec[];
}

/** What the CLI prints as its one JSON line. */
export interface SandboxInfo {
  v1: string;
  v2: string;
  auth: string;
  mcp: string;
  admin: string;
  apiKey: string;
  apiKeyB: string;
  oauth: { clientId: string; clientSecret: string; redirectUri: string };
  user: { email: string; password: string };
}

export interface SandboxUserFixture {
  org: 'A' | 'B';
  email: string;
  password: string;
  apiKey: string;
}

/** More credentials, for tests that need a second user of A or B's OAuth client. */
export interface SandboxFixtures {
  users: SandboxUserFixture[];
  oauthB: { clientId: string; clientSecret: string; redirectUri: string };
  userB: { email: string; password: string };
}

export interface RunningSandbox extends SandboxInfo {
  origin: string;
  port: number;
  fixtures: SandboxFixtures;
  /** The printed line's object (without fixtures). */
  info(): SandboxInfo;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const config = resolveConfig(options.config);
  const log = options.log ?? ((line: string) => process.stderr.write(`[sandbox] ${line}\n`));
  const clock = new Clock();
  const state = createState(config, clock, { seed: options.seed ?? 42, contacts: options.contacts ?? 5000, companies: options.companies ?? 500 });
  const timers = new Timers();
  const services: Services = {
    state,
    config,
    clock,
    timers,
    log,
    rateLimiter: new RateLimiter(config),
    stats: new Stats(),
    faults: new Faults(config.faults.seed, config.faults.rules),
    webhooks: new Webhooks(state, config, clock, timers, log),
  };
  services.webhooks.settle = () => settleDue(services);

  const server: Server = createServer({ keepAliveTimeout: 65_000 }, createListener(services, buildRouter(options.extraRoutes), createAdmin(services)));
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const clients = [...state.oauthClients.values()];
  const clientOf = (orgId: string) => clients.find((c) => c.orgId === orgId)!;
  const alice = primaryUser(state, 'A');
  const carol = primaryUser(state, 'B');
  const clientA = clientOf(alice.orgId);
  const clientB = clientOf(carol.orgId);
  const info: SandboxInfo = {
    v1: `${origin}/api/v1`,
    v2: `${origin}/api/v2`,
    auth: origin,
    mcp: `${origin}/mcp`,
    admin: `${origin}/__admin`,
    apiKey: alice.apiKey,
    apiKeyB: carol.apiKey,
    oauth: { clientId: clientA.clientId, clientSecret: clientA.clientSecret, redirectUri: clientA.redirectUris[0] },
    user: { email: alice.email, password: alice.password },
  };
  const fixtures: SandboxFixtures = {
    users: [...state.users.values()].map((u) => ({
      org: state.orgs.get(u.orgId)!.handle as 'A' | 'B',
      email: u.email,
      password: u.password,
      apiKey: u.apiKey,
    })),
    oauthB: { clientId: clientB.clientId, clientSecret: clientB.clientSecret, redirectUri: clientB.redirectUris[0] },
    userB: { email: carol.email, password: carol.password },
  };

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      timers.closeAll();
      services.webhooks.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closing;
  };
  return { ...info, origin, port, fixtures, info: () => ({ ...info, oauth: { ...info.oauth }, user: { ...info.user } }), close };
}
