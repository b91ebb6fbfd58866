/**
 * Wire encoding between the host (main thread) and the in-vm runtime. Everything crosses as a JSON string so the
 * vm side can rebuild values with its *own* realm's Array/Object/Date (a script's `x instanceof Date` must work).
 * Host objects that are not plain data (Sheet, Range, HTTPResponse, Blob…) cross as handles: an id plus the list of
 * their public method names, so the vm side exposes exactly those methods and nothing else.
 */

export type Wire =
  | null
  | boolean
  | number
  | string
  | Wire[]
  | { $t: 'u' }
  | { $t: 'n'; v: string }
  | { $t: 'd'; v: number }
  | { $t: 'o'; v: { [k: string]: Wire } }
  /** A host object by handle: its public methods, and (p) the answers of argument-less getters sent along. */
  | { $t: 'h'; id: number; cls: string; m: string[]; p?: { [method: string]: Wire } }
  | { $t: 'html'; v: HtmlOutputData }
  /** A long string sent beside the reply's JSON (index into its side list), so it is neither escaped nor parsed. */
  | { $t: 's'; i: number };

/** What an HtmlOutput is once it leaves the vm (showSidebar, callback results, serveSidebar). */
export interface HtmlOutputData {
  content: string;
  title: string;
  width: number | null;
  height: number | null;
}

export interface RpcRequest {
  op: 'call' | 'log' | 'file';
  h?: number;
  m?: string;
  a?: Wire[];
  level?: string;
  source?: string;
  msg?: string;
  name?: string;
}

export type RpcReply = { ok: true; v: Wire } | { ok: false; e: { name: string; message: string } };

/** Methods a host object exposes to the script: public prototype methods, never `_private` ones. */
export function publicMethods(obj: object): string[] {
  const names = new Set<string>();
  let proto: object | null = Object.getPrototypeOf(obj);
  while (proto && proto !== Object.prototype) {
    for (const n of Object.getOwnPropertyNames(proto)) {
      if (n === 'constructor' || n.startsWith('_')) continue;
      const d = Object.getOwnPropertyDescriptor(proto, n);
      if (d && typeof d.value === 'function') names.add(n);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return [...names];
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const p = Object.getPrototypeOf(v);
  return p === null || p === Object.prototype || Object.getPrototypeOf(p) === null;
}

/** Host-side encoder: `toHandle` registers non-plain objects in the execution's handle table. */
export function encodeHost(v: unknown, toHandle: (o: object) => Wire): Wire {
  if (v === undefined) return { $t: 'u' };
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : { $t: 'n', v: String(v) };
  if (v instanceof Date) return { $t: 'd', v: v.getTime() };
  if (Array.isArray(v)) return v.map((x) => encodeHost(x, toHandle));
  if (typeof v === 'object') {
    if (isPlainObject(v)) {
      const o: { [k: string]: Wire } = {};
      for (const [k, x] of Object.entries(v)) o[k] = encodeHost(x, toHandle);
      return { $t: 'o', v: o };
    }
    return toHandle(v);
  }
  throw new Error(`Cannot pass a ${typeof v} to an Apps Script service`);
}

/** Host-side decoder: handles become the host objects again; HtmlOutput arrives as plain data. */
export function decodeHost(w: Wire, fromHandle: (id: number) => object, strings: readonly string[] = []): unknown {
  if (w === null || typeof w !== 'object') return w;
  if (Array.isArray(w)) return w.map((x) => decodeHost(x, fromHandle, strings));
  switch (w.$t) {
    case 'u':
      return undefined;
    case 'n':
      return Number(w.v);
    case 'd':
      return new Date(w.v);
    case 'o': {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(w.v)) o[k] = decodeHost(x, fromHandle, strings);
      return o;
    }
    case 'h':
      return fromHandle(w.id);
    case 'html':
      return { ...w.v, __htmlOutput: true };
    case 's':
      if (w.i >= strings.length) throw new Error('harness: a side string is missing');
      return strings[w.i];
  }
}
