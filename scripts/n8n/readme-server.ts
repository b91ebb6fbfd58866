/**
 * `npm start`'s documentation server: the README shipped in the installed package, rendered (readme-html.ts), at a
 * local http URL that the package built for this start links to (build.mjs --readme-url). n8n serves no text files
 * of a community package (only its .svg/.png icons), so the editor's "Docs" links need a server of their own here.
 * Its relative links work: images and Markdown files beside the README come from the installed package, else from
 * the package's source folder (the README's screenshots are not in the tarball); a path outside the package
 * (`../README.md`) comes from the repository, Markdown rendered. Only Markdown and images are served.
 * The page names where the published README lives (npm, that exact version). Files are read on each request: the
 * installed package appears after this server starts.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { readmeHtml } from './readme-html';

export interface ReadmeServer {
  /** Where the README is: http://HOST:PORT/<packageName>/README.md */
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.md': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

/** The README of one published version on npm: a place that never changes once published. */
export function publishedReadmeUrl(packageName: string, version: string): string {
  return `https://www.npmjs.com/package/${packageName}/v/${version}`;
}

/** `rel` inside `dir`, or undefined when it would leave it (`..`) or names a hidden or dependency folder. */
function inside(dir: string, rel: string): string | undefined {
  const file = path.resolve(dir, rel);
  if (file !== dir && !file.startsWith(`${dir}${path.sep}`)) return undefined;
  if (
    path
      .relative(dir, file)
      .split(path.sep)
      .some((part) => part.startsWith('.') || part === 'node_modules')
  )
    return undefined;
  return file;
}

/**
 * Serves `readmeFile` at http://HOST:PORT/<packageName>/README.md (a free port unless given), with `packageSource`
 * (the package's folder in the repository) and `repoRoot` for the files its relative links name.
 */
export async function serveReadme(opts: {
  readmeFile: string;
  packageName: string;
  packageVersion?: string;
  packageSource?: string;
  repoRoot?: string;
  host?: string;
  port?: number;
}): Promise<ReadmeServer> {
  const { readmeFile, packageName, packageVersion = 'latest', host = '127.0.0.1', port = 0 } = opts;
  const installedDir = path.dirname(readmeFile);
  const readmePath = `/${packageName}/README.md`;
  const published = publishedReadmeUrl(packageName, packageVersion);

  /** Candidate files for a URL path, in order. */
  const candidates = (urlPath: string): string[] => {
    const prefix = `/${packageName}/`;
    if (urlPath.startsWith(prefix)) {
      const rel = urlPath.slice(prefix.length);
      return [inside(installedDir, rel), opts.packageSource && inside(opts.packageSource, rel)].filter((f): f is string => !!f);
    }
    const inRepo = opts.repoRoot && inside(opts.repoRoot, urlPath.slice(1));
    return inRepo ? [inRepo] : [];
  };

  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const type = TYPES[path.extname(urlPath).toLowerCase()];
    const files = type && (req.method === 'GET' || req.method === 'HEAD') ? candidates(urlPath) : [];
    if (!files.length) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found. The README is at ${readmePath}\n`);
      return;
    }
    void (async () => {
      for (const file of files) {
        const body = await readFile(file).catch(() => undefined);
        if (!body) continue;
        const isReadme = urlPath === readmePath;
        const out =
          type === TYPES['.md']
            ? readmeHtml(
                body.toString('utf8'),
                `${isReadme ? packageName : path.basename(urlPath)}: README`,
                isReadme ? { publishedUrl: published, servedFrom: file } : undefined,
              )
            : body;
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
        res.end(req.method === 'HEAD' ? undefined : out);
        return;
      }
      const why = urlPath === readmePath ? `${packageName} is not installed yet (${readmeFile}).` : `Not found: ${urlPath}`;
      res.writeHead(urlPath === readmePath ? 503 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(`${why}\n`);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`the documentation port ${port} is already in use (--docs-port)`) : err),
    );
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}${readmePath}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
