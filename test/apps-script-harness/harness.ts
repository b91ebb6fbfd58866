/**
 * The local Apps Script harness: holds the state Google would hold (workbook, property stores, caches, locks,
 * triggers, quotas, logs) and runs each execution of the bundled Code.js in its own worker thread + vm context,
 * answering the script's synchronous service calls from here. Executions can overlap (two users, a sidebar call
 * during a trigger), so LockService contention is real.
 */
import { MessageChannel } from 'node:worker_threads';
import { Clock } from './clock';
import { AppsScriptError, GasException } from './errors';
import { ExecutionContext, type ExecutionKind } from './execution';
import { DEFAULT_LIMITS, EXCEEDED_MEMORY, EXCEEDED_TIME, type Limits } from './limits';
import { TRIGGER_RUNTIME_EXCEEDED, TriggerRuntime } from './trigger-runtime';
import { recalculate, type CellCall, type Recalculation } from './recalculation';
import { CacheService, CacheState, type CacheStore } from './fakes/cache';
import { LockManager, LockService } from './fakes/lock';
import { PropertiesService, PropertiesState, type PropertyStore } from './fakes/properties';
import { ScriptApp, ScriptState, type TriggerRecord } from './fakes/script-app';
import { Session } from './fakes/session';
import { isSheetsObject, SpreadsheetApp } from './fakes/spreadsheet';
import { WorkbookModel } from './fakes/spreadsheet-model';
import { UiState } from './fakes/ui';
import { HttpState, UrlFetchApp, type HttpLogEntry } from './fakes/url-fetch';
import { Utilities } from './fakes/utilities';
import { serveSidebar, type SidebarServer, type SidebarOptions } from './sidebar-bridge';
import { WorkerPool } from './worker-pool';
import { decodeHost, encodeHost, publicMethods, type HtmlOutputData, type RpcRequest, type Wire } from './wire';

export interface HarnessOptions {
  /** The bundled Code.js: one classic script whose top-level function declarations are the add-on's globals. */
  code: string;
  codeFilename?: string;
  /** HTML files of the project by name ("Sidebar.html" or "Sidebar"), for HtmlService.*FromFile. */
  files?: Record<string, string>;
  /** Current user (default "user@example.com"). */
  user?: string;
  /** Spreadsheet owner (default: the initial user). Custom functions see the owner's user properties. */
  owner?: string;
  limits?: Partial<Limits>;
  /** Script / spreadsheet time zone (default "Etc/UTC"). */
  timeZone?: string;
  scriptId?: string;
  /** Apply the add-on trigger restrictions (default true). */
  addOn?: boolean;
  spreadsheetName?: string;
  /** Initial sheets (default ["Sheet1"]). */
  sheets?: string[];
}

export interface ExecutionResult {
  id: number;
  kind: ExecutionKind;
  fn: string;
  user: string;
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string; stack: string };
  timedOut: boolean;
  durationMs: number;
  /** Peak V8 heap of the execution's worker (the script's vm realm included), sampled at each service call and at the end. */
  peakHeapBytes?: number;
  /** Service calls the script made (each a round trip to the host). */
  serviceCalls?: number;
  /** What its SpreadsheetApp calls cost on Google (ms, sheet-cost.ts), waited for within its time. */
  sheetCostMs: number;
  /** The same by what was paid for (SheetCostMeter.chargedFor). */
  sheetCostFor?: Record<string, number>;
}

export interface LogEntry {
  executionId: number;
  user: string;
  level: string;
  source: 'Logger' | 'console';
  message: string;
}

export interface ExecuteOptions {
  kind: ExecutionKind;
  fn: string;
  args?: unknown[];
  user?: string;
  /** Overrides the kind's time limit for this one execution. */
  timeLimitMs?: number;
}

type AsHtml = HtmlOutputData & { __htmlOutput?: boolean };

export class Harness {
  readonly clock = new Clock();
  readonly limits: Limits;
  readonly workbook: WorkbookModel;
  readonly ui = new UiState();
  readonly logs: LogEntry[] = [];
  readonly executions: ExecutionResult[] = [];
  readonly scriptState = new ScriptState();
  readonly locks = new LockManager();
  readonly files = new Map<string, string>();
  readonly owner: string;
  readonly scriptId: string;
  readonly timeZone: string;
  user: string;
  private readonly code: string;
  private readonly codeFilename: string;
  private readonly addOn: boolean;
  private readonly propertiesState: PropertiesState;
  private readonly cacheState: CacheState;
  private readonly httpState: HttpState;
  /** Execution workers, reused across executions (each still in a fresh vm context): worker-pool.ts. */
  private readonly pool: WorkerPool;
  private readonly servers = new Set<SidebarServer>();
  private readonly runningPerUser = new Map<string, number>();
  /** Trigger runtime counted per user and day against `triggerRuntimeMsPerDay`. */
  readonly triggerRuntime: TriggerRuntime;
  private nextExecutionId = 1;

  constructor(opts: HarnessOptions) {
    this.code = opts.code;
    this.codeFilename = opts.codeFilename ?? 'Code.js';
    this.user = opts.user ?? 'user@example.com';
    this.owner = opts.owner ?? this.user;
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.timeZone = opts.timeZone ?? 'Etc/UTC';
    this.scriptId = opts.scriptId ?? '1HarnessScriptId0000000000000000000000000000000000000000';
    this.addOn = opts.addOn ?? true;
    for (const [k, v] of Object.entries(opts.files ?? {})) this.files.set(k, v);
    this.workbook = new WorkbookModel(
      opts.spreadsheetName ?? 'Harness spreadsheet',
      '1HarnessSpreadsheetId000000000000000000000000',
      () => this.limits.spreadsheetCells,
      this.timeZone,
    );
    for (const name of opts.sheets ?? ['Sheet1']) this.workbook.addSheet(name);
    this.cacheState = new CacheState(this.clock);
    this.propertiesState = new PropertiesState(this.clock);
    this.httpState = new HttpState(this.clock);
    this.triggerRuntime = new TriggerRuntime(this.clock);
    this.pool = new WorkerPool(
      { clock: this.clock.shared, code: this.code, codeFilename: this.codeFilename },
      () => this.limits.simultaneousExecutionsPerUser,
      () => this.limits.heapCeilingMb,
    );
  }

  /** Worker threads started so far (executions reuse them): the harness's own cost, for benchmarks. */
  get workersStarted(): number {
    return this.pool.started;
  }

  // ---------- test-side views ----------

  setUser(email: string): void {
    this.user = email;
  }

  setLimits(limits: Partial<Limits>): void {
    Object.assign(this.limits, limits);
  }

  get http(): { log: HttpLogEntry[]; quotaUsed(user?: string): number; resetQuota(): void } {
    return {
      log: this.httpState.log,
      quotaUsed: (user?: string) => this.httpState.quotaUsed(user ?? this.user),
      resetQuota: () => this.httpState.quota.clear(),
    };
  }

  get properties(): { script: PropertyStore; document: PropertyStore; user(email?: string): PropertyStore; callsToday(email?: string): number } {
    const s = this.propertiesState;
    return {
      script: s.script,
      document: s.document,
      user: (email?: string) => s.user(email ?? this.user),
      /** PropertiesService calls counted against the user's 50,000/day quota (limits.propertyCallsPerDay). */
      callsToday: (email?: string) => s.callsToday(email ?? this.user),
    };
  }

  get cache(): { script: CacheStore; document: CacheStore; user(email?: string): CacheStore } {
    const s = this.cacheState;
    return { script: s.script, document: s.document, user: (email?: string) => s.user(email ?? this.user) };
  }

  get triggers(): TriggerRecord[] {
    return this.scriptState.triggers;
  }

  /** Every log line's text, for "no secret was logged" assertions. */
  logText(): string {
    return this.logs.map((l) => l.message).join('\n');
  }

  // ---------- executions ----------

  /** Calls a server function as google.script.run / the editor would (6 min limit); throws AppsScriptError on failure. */
  run(fn: string, ...args: unknown[]): Promise<unknown> {
    return this.valueOf(this.execute({ kind: 'run', fn, args }));
  }

  runAs(user: string, fn: string, ...args: unknown[]): Promise<unknown> {
    return this.valueOf(this.execute({ kind: 'run', fn, args, user }));
  }

  /** Calls a custom function as a cell would: 30 s limit, read-only spreadsheet, anonymous Session. */
  callCustomFunction(fn: string, ...args: unknown[]): Promise<unknown> {
    return this.valueOf(this.execute({ kind: 'custom', fn, args }));
  }

  /** Recalculates a column of custom-function cells as Sheets does: 30 executions side by side (recalculation.ts). */
  recalculate(cells: readonly CellCall[], user?: string): Promise<Recalculation> {
    return recalculate(this, cells, user);
  }

  /** Runs every time-driven trigger due on the harness clock, each as its own execution as its owner. */
  async fireTriggers(): Promise<ExecutionResult[]> {
    const now = this.clock.now();
    const due = this.scriptState.triggers.filter((t) => t.eventType === 'CLOCK' && t.nextRunAt !== null && t.nextRunAt <= now);
    const results: ExecutionResult[] = [];
    for (const t of due) {
      if (t.everyMs) {
        while (t.nextRunAt! <= now) t.nextRunAt! += t.everyMs;
      } else {
        this.scriptState.triggers = this.scriptState.triggers.filter((x) => x !== t);
      }
      const d = new Date(now);
      const event = {
        authMode: 'FULL',
        triggerUid: t.id,
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        'day-of-month': d.getUTCDate(),
        'day-of-week': d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds(),
        timezone: 'UTC',
      };
      results.push(await this.execute({ kind: 'trigger', fn: t.handler, args: [event], user: t.user }));
    }
    return results;
  }

  /**
   * Plays Google's /usercallback redirect for a state token: runs the token's method, as the user who created it,
   * with a request object like the real one. Returns the function's result (HtmlOutput → its data).
   */
  async callback(stateToken: string, params: Record<string, string>): Promise<unknown> {
    const rec = this.scriptState.stateTokens.get(stateToken);
    if (!rec || rec.expiresAt < this.clock.now()) throw new Error('The state token is invalid or has expired. Please try again.');
    const parameter: Record<string, string> = { ...params, ...rec.args, state: stateToken };
    const request = {
      parameter,
      parameters: Object.fromEntries(Object.entries(parameter).map(([k, v]) => [k, [v]])),
      queryString: new URLSearchParams(parameter).toString(),
      contextPath: '',
      contentLength: -1,
    };
    return this.valueOf(this.execute({ kind: 'callback', fn: rec.method, args: [request], user: rec.user }));
  }

  /** Runs one execution to its end; never rejects (errors and time-outs are in the result). */
  async execute(opts: ExecuteOptions): Promise<ExecutionResult> {
    const user = opts.user ?? this.user;
    const ownLimitMs = opts.timeLimitMs ?? (opts.kind === 'custom' ? this.limits.customFunctionMs : this.limits.executionMs);
    // A trigger may run only for what is left of the user's daily trigger runtime.
    const triggerLeftMs = opts.kind === 'trigger' ? this.triggerRuntime.leftMs(user, this.limits.triggerRuntimeMsPerDay) : Infinity;
    const triggerDay = this.triggerRuntime.dayOf(user);
    const limitMs = Math.min(ownLimitMs, triggerLeftMs);
    const exec = new ExecutionContext(this.nextExecutionId++, opts.kind, user, Date.now() + limitMs, () => this.limits.sheetCosts);
    const base = { id: exec.id, kind: opts.kind, fn: opts.fn, user };
    const running = this.runningPerUser.get(user) ?? 0;
    const refusal =
      running >= this.limits.simultaneousExecutionsPerUser
        ? 'There are too many scripts running simultaneously for this Google user account.'
        : triggerLeftMs <= 0
          ? TRIGGER_RUNTIME_EXCEEDED
          : null;
    if (refusal) {
      const r: ExecutionResult = {
        ...base,
        ok: false,
        error: { name: 'Exception', message: refusal, stack: '' },
        timedOut: false,
        durationMs: 0,
        sheetCostMs: 0,
      };
      this.executions.push(r);
      return r;
    }
    this.runningPerUser.set(user, running + 1);
    const roots = this.services(exec);
    const rootsWire = JSON.stringify(Object.fromEntries(Object.entries(roots).map(([k, o]) => [k, exec.toHandle(o)])));
    const args = JSON.stringify((opts.args ?? []).map((a) => encodeHost(a, () => ({ $t: 'u' }))));
    const flagBuf = new SharedArrayBuffer(4);
    const flag = new Int32Array(flagBuf);
    const { port1, port2 } = new MessageChannel();
    const worker = this.pool.acquire();
    const heapCeiling = this.limits.heapCeilingMb * 1024 * 1024;
    worker.postMessage({ flag: flagBuf, port: port1, roots: rootsWire, fnName: opts.fn, args, deadline: exec.deadline, heapCeiling }, [port1]);
    // Each reply names the call it answers (exec-worker.ts matches them); `flag` counts the replies posted.
    port2.on('message', (msg: { seq: number; request: string; side: string[] }) => {
      void this.serve(exec, msg.request, msg.side).then((reply) => {
        if (exec.ended) return;
        port2.postMessage({ seq: msg.seq, ...reply });
        Atomics.add(flag, 0, 1);
        Atomics.notify(flag, 0);
      });
    });

    return new Promise<ExecutionResult>((resolve) => {
      let done = false;
      const finish = (
        raw: { ok: boolean; v?: Wire; e?: { name: string; message: string; stack: string } },
        stats: { peakHeap?: number; serviceCalls?: number; memoryExceeded?: boolean } = {},
      ): void => {
        if (done) return;
        done = true;
        exec.ended = true;
        clearTimeout(watchdog);
        port2.close();
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.locks.endExecution(exec.id);
        this.runningPerUser.set(user, (this.runningPerUser.get(user) ?? 1) - 1);
        if (opts.kind === 'trigger') this.triggerRuntime.add(user, Math.min(Date.now() - exec.startedAt, limitMs), triggerDay);
        const timedOut = exec.timedOut || raw.e?.message === EXCEEDED_TIME || Date.now() > exec.deadline + 250;
        const result: ExecutionResult = {
          ...base,
          ok: raw.ok && !timedOut,
          timedOut,
          durationMs: Date.now() - exec.startedAt,
          peakHeapBytes: stats.peakHeap,
          serviceCalls: stats.serviceCalls,
          sheetCostMs: exec.sheetCost.chargedMs,
          sheetCostFor: { ...exec.sheetCost.chargedFor },
        };
        // Only a worker whose execution ended by itself in time and memory runs another; a cut one is ended.
        this.pool.release(worker, stats.serviceCalls !== undefined && !timedOut && !stats.memoryExceeded);
        if (timedOut) result.error = { name: 'Error', message: EXCEEDED_TIME, stack: '' };
        else if (raw.ok) result.value = this.fromWire(raw.v as Wire);
        else result.error = raw.e;
        this.executions.push(result);
        resolve(result);
      };
      // Backstop for a worker that does not stop at its deadline by itself (vm timeout, refused service calls).
      const watchdog = setTimeout(() => {
        exec.timedOut = true;
        finish({ ok: false });
      }, limitMs + 2000);
      const onMessage = (m: { result: string; peakHeap: number; serviceCalls: number; memoryExceeded: boolean }) => finish(JSON.parse(m.result), m);
      // The worker's own heap limit (worker-pool.ts) is the backstop of the ceiling: past it, Apps Script's words.
      const onError = (e: Error & { code?: string }) =>
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? finish({ ok: false, e: { name: 'Error', message: EXCEEDED_MEMORY, stack: '' } }, { memoryExceeded: true })
          : finish({ ok: false, e: { name: e.name, message: e.message, stack: e.stack ?? '' } });
      const onExit = () => finish({ ok: false, e: { name: 'Error', message: 'The execution ended unexpectedly.', stack: '' } });
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  }

  private async valueOf(p: Promise<ExecutionResult>): Promise<unknown> {
    const r = await p;
    if (!r.ok) throw new AppsScriptError(r.error!.message, r.error!.name, r.error!.stack, r.id);
    return r.value;
  }

  private fromWire(w: Wire): unknown {
    const v = decodeHost(w, () => ({}));
    const html = v as AsHtml | undefined;
    if (html && typeof html === 'object' && html.__htmlOutput) {
      return { content: html.content, title: html.title, width: html.width, height: html.height };
    }
    return v;
  }

  /** The service objects one execution sees, bound to its user and kind. */
  private services(exec: ExecutionContext): Record<string, object> {
    return {
      SpreadsheetApp: new SpreadsheetApp({ workbook: this.workbook, ui: this.ui, limits: this.limits }, exec),
      UrlFetchApp: new UrlFetchApp({ http: this.httpState, limits: this.limits }, exec),
      PropertiesService: new PropertiesService({ properties: this.propertiesState, limits: this.limits, owner: this.owner }, exec),
      CacheService: new CacheService({ caches: this.cacheState, limits: this.limits, clock: this.clock }, exec),
      LockService: new LockService(this.locks, exec),
      Utilities: new Utilities(this.limits),
      ScriptApp: new ScriptApp({ script: this.scriptState, clock: this.clock, limits: this.limits, scriptId: this.scriptId, addOn: this.addOn }, exec),
      Session: new Session(exec, this.owner, this.timeZone, this.scriptId),
    };
  }

  private readFile(name: string): string {
    const content = this.files.get(name) ?? this.files.get(`${name}.html`);
    if (content === undefined) throw new GasException(`No HTML file named ${name} was found.`);
    return content;
  }

  /** Answers one synchronous service call of an execution. Async services (fetch, sleep, locks) race the deadline. */
  private async serve(exec: ExecutionContext, json: string, strings: string[]): Promise<{ json: string; side: string[] }> {
    exec.side = [];
    const text = await this.answer(exec, json, strings);
    return { json: text, side: exec.side.splice(0) };
  }

  private async answer(exec: ExecutionContext, json: string, strings: string[]): Promise<string> {
    try {
      const req = JSON.parse(json) as RpcRequest;
      if (req.op === 'log') {
        this.logs.push({
          executionId: exec.id,
          user: exec.user,
          level: req.level ?? 'INFO',
          source: req.source === 'Logger' ? 'Logger' : 'console',
          message: req.msg ?? '',
        });
        return JSON.stringify({ ok: true, v: null });
      }
      if (req.op === 'file') return JSON.stringify({ ok: true, v: this.readFile(String(req.name)) });
      exec.checkDeadline();
      const servedFrom = Date.now();
      const target = exec.fromHandle(req.h!) as Record<string, (...a: unknown[]) => unknown>;
      const method = req.m!;
      if (!publicMethods(target).includes(method)) throw new TypeError(`${method} is not a function`);
      const args = (req.a ?? []).map((w) => decodeHost(w, (id) => exec.fromHandle(id), strings));
      if (isSheetsObject(target)) exec.sheetCost.call();
      let value = target[method](...args);
      if (value instanceof Promise) value = await this.raceDeadline(exec, value);
      const encoded = JSON.stringify({ ok: true, v: encodeHost(value, (o) => exec.toHandle(o)) });
      // What the call costs on Google and the harness did not already spend: waited for, cut at the deadline.
      const owed = exec.sheetCost.takeOwed(Date.now() - servedFrom);
      if (owed > 0) await this.raceDeadline(exec, new Promise<void>((r) => setTimeout(r, owed)));
      return encoded;
    } catch (e) {
      const err = e as Error;
      return JSON.stringify({ ok: false, e: { name: err.name ?? 'Error', message: err.message ?? String(e) } });
    }
  }

  private raceDeadline<T>(exec: ExecutionContext, p: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(
        () => {
          exec.timedOut = true;
          reject(new Error(EXCEEDED_TIME));
        },
        Math.max(0, exec.remainingMs()),
      );
      p.then(
        (v) => (clearTimeout(t), resolve(v)),
        (e: unknown) => (clearTimeout(t), reject(e)),
      );
    });
  }

  // ---------- sidebar ----------

  /** Serves an HtmlService output (e.g. harness.ui.sidebars[0]) over HTTP with a working google.script.run. */
  async serveSidebar(html: HtmlOutputData | string, opts: SidebarOptions = {}): Promise<SidebarServer> {
    const data: HtmlOutputData = typeof html === 'string' ? { content: html, title: '', width: null, height: null } : html;
    const server = await serveSidebar(this, data, opts);
    this.servers.add(server);
    return server;
  }

  /** Stops running executions and sidebar servers. */
  async close(): Promise<void> {
    await Promise.all([...this.servers].map((s) => s.close()));
    await this.pool.close();
    this.servers.clear();
  }
}

export function createHarness(opts: HarnessOptions): Harness {
  return new Harness(opts);
}
