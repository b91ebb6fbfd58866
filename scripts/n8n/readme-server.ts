/**
 * `npm start`'s documentation server: the README shipped in the installed package, as a page at a local http URL,
 * which the package built for this start links to (build.mjs --readme-url). n8n serves no text files of a community
 * package (only its .svg/.png icons), so the editor's "Docs" links need a server of their own here.
 * The file is read on each request: it is the one the home's .n8n/nodes holds, installed after this server starts.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readmeHtml } from './readme-html';

export interface ReadmeServer {
  /** Where the README is: http://HOST:PORT/<packageName>/README.md */
  url: string;
  close(): Promise<void>;
}

/** Serves `readmeFile` at http://HOST:PORT/<packageName>/README.md (a free port unless given). */
export async function serveReadme(opts: { readmeFile: string; packageName: string; host?: string; port?: number }): Promise<ReadmeServer> {
  const { readmeFile, packageName, host = '127.0.0.1', port = 0 } = opts;
  const path = `/${packageName}/README.md`;
  const server = createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found. The README is at ${path}\n`);
      return;
    }
    readFile(readmeFile, 'utf8').then(
      (markdown) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : readmeHtml(markdown, `${packageName}: README`));
      },
      () => res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end(`${packageName} is not installed yet (${readmeFile}).\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`the documentation port ${port} is already in use`) : err),
    );
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}${path}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
