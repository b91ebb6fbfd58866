/**
 * Serves an HtmlService output to a real browser with a small google.script.run / google.script.host shim.
 * A page's google.script.run.fn(args) POSTs to this server, which runs fn as its own execution in the harness
 * (as Google does for each call) and returns the result to the success/failure handler.
 * Fidelity: only public functions (no trailing "_") exist on google.script.run; arguments must be primitives,
 * arrays or plain objects (a Date fails the call); a return value containing a Date reaches the page as null.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Harness } from './harness';
import type { HtmlOutputData } from './wire';

export interface SidebarOptions {
  /** User the page's calls run as (default: the harness's current user). */
  user?: string;
}

export interface SidebarServer {
  url: string;
  /** google.script.host calls the page made (close, setHeight, setWidth, editor.focus). */
  hostCalls: { op: string; value?: unknown }[];
  close(): Promise<void>;
}

const SHIM = `<script>
(function () {
  function runner(o) {
    var base = {
      withSuccessHandler: function (f) { return runner(Object.assign({}, o, { success: f })); },
      withFailureHandler: function (f) { return runner(Object.assign({}, o, { failure: f })); },
      withUserObject: function (u) { return runner(Object.assign({}, o, { user: u })); }
    };
    return new Proxy(base, {
      get: function (t, name) {
        if (name in t) return t[name];
        if (typeof name !== 'string' || /_$/.test(name) || name === 'then') return undefined;
        return function () { call(name, Array.prototype.slice.call(arguments), o); };
      }
    });
  }
  function hasDate(v) {
    if (v instanceof Date) return true;
    if (v && typeof v === 'object') { for (var k in v) { if (hasDate(v[k])) return true; } }
    return false;
  }
  function fail(o, err) {
    if (o.failure) o.failure(err, o.user); else console.error(err);
  }
  function call(name, args, o) {
    for (var i = 0; i < args.length; i++) {
      if (typeof args[i] === 'function' || hasDate(args[i])) {
        setTimeout(function () { fail(o, new Error('Failed due to illegal value in property: ' + i)); });
        return;
      }
    }
    fetch('/__gas/run', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fn: name, args: args }) })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        if (res.ok) { if (o.success) o.success(res.undefined ? undefined : res.value, o.user); }
        else { var e = new Error(res.error.message); e.name = res.error.name; fail(o, e); }
      }, function (e) { fail(o, e); });
  }
  function host(op, value) {
    fetch('/__gas/host', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ op: op, value: value }) });
  }
  window.google = window.google || {};
  window.google.script = {
    run: runner({}),
    host: {
      origin: location.origin,
      close: function () { host('close'); },
      setHeight: function (h) { host('setHeight', h); },
      setWidth: function (w) { host('setWidth', w); },
      editor: { focus: function () { host('editor.focus'); } }
    }
  };
})();
</script>`;

function inject(content: string): string {
  const head = /<head[^>]*>/i.exec(content);
  if (head) return content.slice(0, head.index + head[0].length) + SHIM + content.slice(head.index + head[0].length);
  return SHIM + content;
}

function containsDate(v: unknown): boolean {
  if (v instanceof Date) return true;
  if (v && typeof v === 'object') return Object.values(v as Record<string, unknown>).some(containsDate);
  return false;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function serveSidebar(harness: Harness, html: HtmlOutputData, opts: SidebarOptions): Promise<SidebarServer> {
  const hostCalls: { op: string; value?: unknown }[] = [];
  const page = inject(html.content);
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'GET' && (req.url === '/' || req.url?.startsWith('/?'))) {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(page);
          return;
        }
        if (req.method === 'POST' && req.url === '/__gas/run') {
          const { fn, args } = JSON.parse(await readBody(req)) as { fn: string; args: unknown[] };
          const r = await harness.execute({ kind: 'run', fn, args, user: opts.user ?? harness.user });
          const body = r.ok
            ? r.value === undefined
              ? { ok: true, undefined: true }
              : { ok: true, value: containsDate(r.value) ? null : r.value }
            : { ok: false, error: { name: r.error!.name, message: r.error!.message } };
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
          return;
        }
        if (req.method === 'POST' && req.url === '/__gas/host') {
          hostCalls.push(JSON.parse(await readBody(req)) as { op: string; value?: unknown });
          res.writeHead(204).end();
          return;
        }
        res.writeHead(404).end();
      } catch (e) {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    hostCalls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
