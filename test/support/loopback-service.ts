/**
 * A scripted fake service on loopback (issue 30): a real HTTP server on 127.0.0.1 whose answers a test scripts, and
 * which keeps every request it received (method, path, headers, body). Real sockets, so each host's own HTTP stack
 * (Node fetch, n8n's axios, the Sheets harness's UrlFetchApp) meets redirects, odd bodies and headers as sent.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as it is; anything else as JSON. */
  body?: unknown;
}

export type Script = (request: Received, index: number) => Answer;

export interface LoopbackService {
  origin: string;
  received: Received[];
  /** Requests whose path starts with `prefix` (e.g. '/v2/emails/send'). */
  count(prefix: string): number;
  script: Script;
  close(): Promise<void>;
}

export async function startLoopbackService(script: Script): Promise<LoopbackService> {
  const received: Received[] = [];
  const service: LoopbackService = {
    origin: '',
    received,
    count: (prefix) => received.filter((r) => r.path.startsWith(prefix)).length,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request: Received = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const answer = service.script(request, received.length - 1);
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers, 'content-length': String(Buffer.byteLength(text)) });
      res.end(text);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}

/** A v2 success body. */
export const ok = (data: unknown): Answer => ({ status: 200, body: { success: true, data } });
