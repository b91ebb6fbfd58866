/**
 * A proxy in front of the sandbox that repeats what it received, as a careless service would: in `fail` mode
 * every answer is an error whose message quotes the Token / Authorization header and the body (raw,
 * URL-encoded, JSON-escaped and cut mid-key); in `inject` mode the sandbox's real 2xx answers get every
 * object stamped with the received headers, and every `name` ends with the key.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EchoProxy {
  base: string;
  mode: { kind: 'pass' | 'fail' | 'inject'; status: number };
  /** Requests received so far (what reached "the service"), and the status of each answer passed on. */
  received: number;
  statuses: number[];
  close(): Promise<void>;
}

function stamp(value: unknown, echo: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => stamp(v, echo));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // Names also carry the key, as a record the service built from what it received would.
    for (const [k, v] of Object.entries(value)) out[k] = k === 'name' && typeof v === 'string' ? `${v} ${echo.token || echo.authorization}` : stamp(v, echo);
    return { ...out, receivedHeaders: echo };
  }
  return value;
}

function echoOf(req: http.IncomingMessage, body: string): Record<string, string> {
  const secret = String(req.headers.token ?? req.headers.authorization ?? '');
  return {
    token: String(req.headers.token ?? ''),
    authorization: String(req.headers.authorization ?? ''),
    encoded: encodeURIComponent(secret),
    escaped: JSON.stringify(JSON.stringify({ secret })),
    inside: `prefix${secret}suffix`,
    body,
  };
}

export async function startEchoProxy(target: string): Promise<EchoProxy> {
  const mode: EchoProxy['mode'] = { kind: 'pass', status: 400 };
  const proxy: EchoProxy = {
    base: '',
    mode,
    received: 0,
    statuses: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    proxy.received++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const echo = echoOf(req, body);
      if (mode.kind === 'fail') {
        const secret = echo.token || echo.authorization;
        // The message ends inside the key, as a truncated answer would.
        const message = `Invalid credentials ${secret} (${echo.encoded}) for body ${body} ${echo.escaped} ${echo.inside} cut ${secret.slice(0, 12)}`;
        res.writeHead(mode.status, { 'content-type': 'application/json', 'x-echo-token': secret });
        res.end(JSON.stringify({ message, code: 'echo', received: echo }));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body })
        .then(async (answer) => {
          let text = await answer.text();
          if (mode.kind === 'inject' && answer.ok && text) text = JSON.stringify(stamp(JSON.parse(text), echo));
          const out: Record<string, string> = {};
          answer.headers.forEach((v, k) => {
            if (k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding') out[k] = v;
          });
          proxy.statuses.push(answer.status);
          res.writeHead(answer.status, out);
          res.end(text);
        })
        .catch((error: Error) => {
          res.writeHead(502);
          res.end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.base = `http://127.0.0.1:${port}`;
  return proxy;
}
