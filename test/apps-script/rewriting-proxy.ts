/**
 * A test-only stand-in for a service that answers differently from the sandbox: it forwards every request to the
 * sandbox and lets the test rewrite the answer's body (records with odd keys, a credential echoed back in a 2xx).
 * The sandbox stays as it is; the add-on is pointed at the proxy's addresses. Listens on a free port.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The new body, or a new status and body. */
export type Rewrite = (request: SeenRequest, status: number, body: string) => string | { status: number; body: string };

export interface RewritingProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:41234: replace the sandbox's origin with it. */
  origin: string;
  via(url: string): string;
  close(): Promise<void>;
}

export async function startRewritingProxy(target: string, rewrite: Rewrite): Promise<RewritingProxy> {
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      const out = http.request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (c: Buffer) => parts.push(c));
          answer.on('end', () => {
            const out = rewrite(seen, answer.statusCode ?? 0, Buffer.concat(parts).toString('utf8'));
            const { status, body: text } = typeof out === 'string' ? { status: answer.statusCode ?? 502, body: out } : out;
            const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
            delete headers['transfer-encoding'];
            res.writeHead(status, headers);
            res.end(text);
          });
        },
      );
      out.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    via: (url) => url.replace(to.origin, origin),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
