/// <reference lib="es2021.weakref" />
/**
 * The Apps Script global environment, built *inside* the vm context (this file is bundled by esbuild and evaluated
 * there). Host services are reached through one synchronous bridge call carrying JSON strings, so every value the
 * script receives is made by this realm (Array, Object, Date) and no Node object leaks in.
 */
import { HtmlOutput, makeHtmlService } from './html';

/* The wire format mirrors ../wire.ts; it is re-declared here so this bundle has no host imports. */
type Wire = null | boolean | number | string | Wire[] | { $t: string; [k: string]: unknown };

export interface Bridge {
  /** Synchronous RPC: request JSON in, reply JSON out, with the long strings it refers to as `{$t: 's', i}`. */
  call(request: string, side: string[]): { json: string; side: string[] };
  /** Harness clock (ms since epoch). */
  now(): number;
  /** JSON of { globalName: handle wire } for the service roots. */
  roots: string;
}

type Any = Record<string, unknown>;

/** From this length a string crosses beside the JSON (as in execution.ts). */
const SIDE_STRING_CHARS = 16384;

const ENUMS: Record<string, Record<string, Record<string, string>>> = {
  ScriptApp: {
    AuthMode: { NONE: 'NONE', CUSTOM_FUNCTION: 'CUSTOM_FUNCTION', LIMITED: 'LIMITED', FULL: 'FULL' },
    AuthorizationStatus: { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' },
    EventType: { CLOCK: 'CLOCK', ON_OPEN: 'ON_OPEN', ON_EDIT: 'ON_EDIT', ON_CHANGE: 'ON_CHANGE', ON_FORM_SUBMIT: 'ON_FORM_SUBMIT' },
    TriggerSource: { SPREADSHEETS: 'SPREADSHEETS', CLOCK: 'CLOCK', DOCUMENTS: 'DOCUMENTS', FORMS: 'FORMS', CALENDAR: 'CALENDAR' },
    WeekDay: { MONDAY: 'MONDAY', TUESDAY: 'TUESDAY', WEDNESDAY: 'WEDNESDAY', THURSDAY: 'THURSDAY', FRIDAY: 'FRIDAY', SATURDAY: 'SATURDAY', SUNDAY: 'SUNDAY' },
  },
  Utilities: {
    DigestAlgorithm: { MD2: 'MD2', MD5: 'MD5', SHA_1: 'SHA_1', SHA_256: 'SHA_256', SHA_384: 'SHA_384', SHA_512: 'SHA_512' },
    MacAlgorithm: { HMAC_MD5: 'HMAC_MD5', HMAC_SHA_1: 'HMAC_SHA_1', HMAC_SHA_256: 'HMAC_SHA_256', HMAC_SHA_384: 'HMAC_SHA_384', HMAC_SHA_512: 'HMAC_SHA_512' },
    Charset: { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' },
  },
  Ui: {
    Button: { CLOSE: 'CLOSE', OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO' },
    ButtonSet: { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' },
  },
};

export function install(bridge: Bridge): { prepare(name: string, argsJson: string): void; run(): string } {
  const g = globalThis as unknown as Any;
  const RealDate = Date;
  // A host object the script no longer references (an HTTP response and the body it brought) is collected, as on
  // Google: each decoded handle is a new object, known back to its handle only through a WeakMap. A strong map of
  // handles kept every response of an execution alive, and so did a map of WeakRefs: V8 keeps each WeakRef's target
  // alive until the current job ends, and an execution is one synchronous job (issue 29: a 20,000-row poll held its
  // 200 answers, 109 MB, and failed the heap ceiling). Apps Script's wrappers are new objects per call too.
  const handleIds = new WeakMap<object, number>();

  function fail(e: { name: string; message: string }): never {
    const err = new Error(e.message);
    err.name = e.name;
    throw err;
  }

  // The long strings of the reply being decoded (HTTP bodies): copied beside the JSON, not escaped inside it.
  let side: string[] = [];
  // The long strings of the request being encoded (a job's state chunks): sent beside its JSON the same way.
  let out: string[] = [];
  let sideFrom = SIDE_STRING_CHARS; // the run's result is one JSON message: no side strings there
  function rpc(req: Any): unknown {
    const answer = bridge.call(JSON.stringify(req), out);
    out = [];
    const reply = JSON.parse(answer.json) as { ok: boolean; v?: Wire; e?: { name: string; message: string } };
    if (!reply.ok) fail(reply.e!);
    side = answer.side;
    return decode(reply.v as Wire);
  }

  function remote(id: number, cls: string, methods: string[], preloaded?: Record<string, Wire>): object {
    const obj: Any = {};
    // The long strings of its own preloaded answers (its body), not every string of the reply that brought it: one
    // response of a fetchAll holds its own body, as on Google, not its nine siblings'.
    const strings: string[] = [];
    if (preloaded) for (const w of Object.values(preloaded)) keepStrings(w, strings);
    for (const m of methods) {
      const answer = preloaded && Object.prototype.hasOwnProperty.call(preloaded, m) ? preloaded[m] : undefined;
      obj[m] = function (...args: unknown[]) {
        // A getter answered in advance: decoded afresh each call, so the script gets a new object every time.
        if (answer !== undefined && args.length === 0) return decode(answer, strings);
        out = []; // this request's long strings only, even if an earlier encoding stopped half way
        const a = args.map((x) => encode(x));
        return rpc({ op: 'call', h: id, m, a });
      };
    }
    if (!methods.includes('toString')) obj.toString = () => cls;
    Object.assign(obj, ENUMS[cls] ?? {});
    handleIds.set(obj, id);
    return obj;
  }

  /** Copies the side strings `w` refers to into `into`, at the same indexes. */
  function keepStrings(w: Wire, into: string[]): void {
    if (w === null || typeof w !== 'object') return;
    if (Array.isArray(w)) for (const x of w) keepStrings(x, into);
    else if (w.$t === 's') into[w.i as number] = side[w.i as number];
    else if (w.$t === 'o') for (const x of Object.values(w.v as Record<string, Wire>)) keepStrings(x, into);
  }

  function decode(w: Wire, strings = side): unknown {
    if (w === null || typeof w !== 'object') return w;
    if (Array.isArray(w)) return w.map((x) => decode(x, strings));
    switch (w.$t) {
      case 's':
        return strings[w.i as number];
      case 'u':
        return undefined;
      case 'n':
        return Number(w.v);
      case 'd':
        return new RealDate(w.v as number);
      case 'o': {
        const o: Any = {};
        for (const [k, x] of Object.entries(w.v as Record<string, Wire>)) o[k] = decode(x, strings);
        return o;
      }
      case 'h':
        return remote(w.id as number, w.cls as string, w.m as string[], w.p as Record<string, Wire> | undefined);
    }
    throw new Error(`harness: unknown wire tag ${String(w.$t)}`);
  }

  function encode(v: unknown): Wire {
    if (v === undefined) return { $t: 'u' };
    if (typeof v === 'string' && v.length >= sideFrom) return { $t: 's', i: out.push(v) - 1 };
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : { $t: 'n', v: String(v) };
    if (typeof v === 'bigint') return v.toString();
    if (typeof v === 'function' || typeof v === 'symbol') return { $t: 'u' };
    if (v instanceof RealDate) return { $t: 'd', v: v.getTime() };
    if (Array.isArray(v)) return v.map(encode);
    if (v instanceof HtmlOutput) {
      return { $t: 'html', v: { content: v._content, title: v._title, width: v._width, height: v._height } };
    }
    const id = handleIds.get(v as object);
    if (id !== undefined) return { $t: 'h', id };
    const o: Record<string, Wire> = {};
    for (const [k, x] of Object.entries(v as Any)) o[k] = encode(x);
    return { $t: 'o', v: o };
  }

  // --- Date on the harness clock (instances stay real Dates of this realm) ---
  const HarnessDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(bridge.now()).toString();
    return args.length === 0 ? new RealDate(bridge.now()) : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
  } as unknown as DateConstructor;
  Object.defineProperty(HarnessDate, 'prototype', { value: RealDate.prototype });
  Object.assign(HarnessDate, { now: () => bridge.now(), parse: RealDate.parse, UTC: RealDate.UTC });
  Object.defineProperty(RealDate.prototype, 'constructor', { value: HarnessDate, writable: true, configurable: true });
  Object.defineProperty(g, 'Date', { value: HarnessDate, writable: true, configurable: true });

  // --- logging ---
  function show(v: unknown): string {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.stack ?? `${v.name}: ${v.message}`;
    if (v instanceof RealDate) return v.toString();
    if (typeof v === 'object' && v !== null) {
      try {
        return JSON.stringify(v);
      } catch {
        return String(v);
      }
    }
    return String(v);
  }
  const logLines: string[] = [];
  function log(level: string, source: string, msg: string): void {
    rpc({ op: 'log', level, source, msg });
  }
  const Logger = {
    log(data: unknown, ...values: unknown[]) {
      let msg = show(data);
      if (typeof data === 'string' && values.length) {
        let i = 0;
        msg = data.replace(/%[sdif]/g, () => show(values[i++]));
      }
      logLines.push(msg);
      log('INFO', 'Logger', msg);
      return Logger;
    },
    getLog: () => logLines.join('\n'),
    clear: () => void (logLines.length = 0),
    toString: () => 'Logger',
  };
  const consoleLevel =
    (level: string) =>
    (...args: unknown[]) =>
      log(level, 'console', args.map(show).join(' '));
  const timers = new Map<string, number>();
  const console = {
    log: consoleLevel('INFO'),
    info: consoleLevel('INFO'),
    warn: consoleLevel('WARNING'),
    error: consoleLevel('ERROR'),
    debug: consoleLevel('DEBUG'),
    time: (label = 'default') => void timers.set(label, bridge.now()),
    timeEnd: (label = 'default') => log('INFO', 'console', `${label}: ${bridge.now() - (timers.get(label) ?? bridge.now())}ms`),
  };

  // --- globals ---
  const roots = JSON.parse(bridge.roots) as Record<string, Wire>;
  for (const [name, w] of Object.entries(roots)) {
    const o = decode(w) as Any;
    Object.assign(o, ENUMS[name] ?? {});
    o.toString = () => name;
    g[name] = o;
  }
  g.HtmlService = makeHtmlService({ read: (name) => rpc({ op: 'file', name }) as string });
  g.Logger = Logger;
  g.console = console;

  // --- invocation, driven by the worker with a vm timeout around run() ---
  let pending: { name: string; args: unknown[] } | null = null;
  return {
    prepare(name: string, argsJson: string) {
      pending = { name, args: (JSON.parse(argsJson) as Wire[]).map((w) => decode(w)) };
    },
    run(): string {
      const call = pending!;
      pending = null;
      try {
        const fn = g[call.name];
        if (typeof fn !== 'function') fail({ name: 'Exception', message: `Script function not found: ${call.name}` });
        const value = (fn as (...a: unknown[]) => unknown)(...call.args);
        sideFrom = Infinity;
        return JSON.stringify({ ok: true, v: encode(value) });
      } catch (e) {
        const err = e instanceof Error ? e : new Error(show(e));
        return JSON.stringify({ ok: false, e: { name: err.name, message: err.message, stack: err.stack ?? '' } });
      }
    },
  };
}
