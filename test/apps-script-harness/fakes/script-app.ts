/**
 * ScriptApp: installable triggers (kept in the harness; harness.fireTriggers() runs the due time-driven ones),
 * state tokens for the OAuth /usercallback flow (harness.callback() plays Google's redirect), OAuth token, URLs.
 * With `addOn` rules on (default), time-driven triggers may not run more often than hourly and a user may own only one
 * trigger of each event type for the document — the documented add-on restrictions.
 */
import * as crypto from 'node:crypto';
import type { Clock } from '../clock';
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';
import type { Limits } from '../limits';
import type { Spreadsheet } from './spreadsheet';

const HOUR_MS = 3_600_000;

export interface TriggerRecord {
  id: string;
  handler: string;
  user: string;
  eventType: 'CLOCK' | 'ON_OPEN' | 'ON_EDIT' | 'ON_CHANGE' | 'ON_FORM_SUBMIT';
  source: 'CLOCK' | 'SPREADSHEETS';
  /** Time-driven only: period and next due time on the harness clock. */
  everyMs: number | null;
  nextRunAt: number | null;
}

export interface StateTokenRecord {
  method: string;
  args: Record<string, string>;
  user: string;
  expiresAt: number;
}

export class ScriptState {
  triggers: TriggerRecord[] = [];
  readonly stateTokens = new Map<string, StateTokenRecord>();
}

export interface ScriptAppDeps {
  script: ScriptState;
  clock: Clock;
  limits: Limits;
  scriptId: string;
  addOn: boolean;
}

export class ScriptApp {
  constructor(
    private readonly _deps: ScriptAppDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  newTrigger(functionName: unknown): TriggerBuilder {
    this._exec.requireAuthorization('ScriptApp.newTrigger');
    if (typeof functionName !== 'string' || !functionName) throw new GasException('Invalid argument: functionName');
    return new TriggerBuilder(this._deps, this._exec, functionName);
  }
  getProjectTriggers(): Trigger[] {
    this._exec.requireAuthorization('ScriptApp.getProjectTriggers');
    return this._deps.script.triggers.filter((t) => t.user === this._exec.user).map((t) => new Trigger(t));
  }
  getUserTriggers(_document: unknown): Trigger[] {
    return this.getProjectTriggers();
  }
  deleteTrigger(trigger: unknown): void {
    this._exec.requireAuthorization('ScriptApp.deleteTrigger');
    if (!(trigger instanceof Trigger)) throw new GasException('Invalid argument: trigger');
    this._deps.script.triggers = this._deps.script.triggers.filter((t) => t.id !== trigger._record.id);
  }
  getOAuthToken(): string {
    this._exec.requireAuthorization('ScriptApp.getOAuthToken');
    return `ya29.harness-token-${crypto.createHash('sha256').update(this._exec.user).digest('hex').slice(0, 16)}`;
  }
  getScriptId(): string {
    return this._deps.scriptId;
  }
  getService(): Service {
    return new Service(this._deps.scriptId);
  }
  newStateToken(): StateTokenBuilder {
    return new StateTokenBuilder(this._deps, this._exec);
  }
  getAuthorizationInfo(_authMode: unknown): AuthorizationInfo {
    return new AuthorizationInfo();
  }
  invalidateAuth(): void {}
}

export class Service {
  constructor(private readonly _scriptId: string) {}
  getUrl(): string {
    return `https://script.google.com/macros/s/${this._scriptId}/exec`;
  }
  isEnabled(): boolean {
    return true;
  }
}

export class AuthorizationInfo {
  getAuthorizationStatus(): string {
    return 'NOT_REQUIRED';
  }
  getAuthorizationUrl(): string | null {
    return null;
  }
}

export class Trigger {
  constructor(readonly _record: TriggerRecord) {}
  getUniqueId(): string {
    return this._record.id;
  }
  getHandlerFunction(): string {
    return this._record.handler;
  }
  getEventType(): string {
    return this._record.eventType;
  }
  getTriggerSource(): string {
    return this._record.source;
  }
  getTriggerSourceId(): string | null {
    return null;
  }
}

export class TriggerBuilder {
  constructor(
    private readonly _deps: ScriptAppDeps,
    private readonly _exec: ExecutionContext,
    private readonly _handler: string,
  ) {}
  timeBased(): ClockTriggerBuilder {
    return new ClockTriggerBuilder(this._deps, this._exec, this._handler);
  }
  forSpreadsheet(_sheet: unknown): SpreadsheetTriggerBuilder {
    void (_sheet as Spreadsheet | string);
    return new SpreadsheetTriggerBuilder(this._deps, this._exec, this._handler);
  }
}

function install(deps: ScriptAppDeps, exec: ExecutionContext, rec: Omit<TriggerRecord, 'id' | 'user'>): Trigger {
  const mine = deps.script.triggers.filter((t) => t.user === exec.user);
  if (mine.length >= deps.limits.triggersPerUser) {
    throw new GasException('This script has too many triggers. Triggers must be deleted from the script before more can be added.');
  }
  if (deps.addOn && mine.some((t) => t.eventType === rec.eventType)) {
    throw new GasException(`An add-on may only have one trigger of each type per user per document; one of type ${rec.eventType} already exists.`);
  }
  const record: TriggerRecord = { ...rec, id: String(crypto.randomInt(1e9, 1e10)), user: exec.user };
  deps.script.triggers.push(record);
  return new Trigger(record);
}

export class ClockTriggerBuilder {
  private _everyMs: number | null = null;
  private _at: number | null = null;
  /** How far ahead the one-off time was asked for (after() or at()), for the add-on hourly rule. */
  private _leadMs: number | null = null;
  constructor(
    private readonly _deps: ScriptAppDeps,
    private readonly _exec: ExecutionContext,
    private readonly _handler: string,
  ) {}
  everyMinutes(n: unknown): ClockTriggerBuilder {
    const m = Number(n);
    if (![1, 5, 10, 15, 30].includes(m)) throw new GasException('The value passed to everyMinutes() must be one of 1, 5, 10, 15 or 30.');
    if (this._deps.addOn) throw new GasException('Add-ons can only create time-based triggers that run at most once per hour.');
    this._everyMs = m * 60_000;
    return this;
  }
  everyHours(n: unknown): ClockTriggerBuilder {
    const h = Number(n);
    if (![1, 2, 4, 6, 8, 12].includes(h)) throw new GasException('The value passed to everyHours() must be one of 1, 2, 4, 6, 8 or 12.');
    this._everyMs = h * 3_600_000;
    return this;
  }
  everyDays(n: unknown): ClockTriggerBuilder {
    this._everyMs = Number(n) * 86_400_000;
    return this;
  }
  everyWeeks(n: unknown): ClockTriggerBuilder {
    this._everyMs = Number(n) * 7 * 86_400_000;
    return this;
  }
  atHour(_h: unknown): ClockTriggerBuilder {
    return this;
  }
  nearMinute(_m: unknown): ClockTriggerBuilder {
    return this;
  }
  inTimezone(_tz: unknown): ClockTriggerBuilder {
    return this;
  }
  after(ms: unknown): ClockTriggerBuilder {
    this._leadMs = Number(ms);
    this._at = this._deps.clock.now() + Number(ms);
    return this;
  }
  at(date: unknown): ClockTriggerBuilder {
    if (!(date instanceof Date)) throw new GasException('Invalid argument: date');
    this._at = date.getTime();
    this._leadMs = this._at - this._deps.clock.now();
    return this;
  }
  create(): Trigger {
    if (this._everyMs === null && this._at === null) {
      throw new GasException('Invalid trigger: a time-based trigger needs a schedule (everyMinutes, everyHours, after, at…).');
    }
    const now = this._deps.clock.now();
    // The add-on rule covers one-off triggers too: Google documents no exception for after()/at(), so the harness
    // refuses one sooner than an hour (strict: an add-on that passes here cannot rely on a sooner one).
    if (this._deps.addOn && this._leadMs !== null && this._leadMs < HOUR_MS) {
      throw new GasException('Add-ons can only create time-based triggers that run at most once per hour.');
    }
    return install(this._deps, this._exec, {
      handler: this._handler,
      eventType: 'CLOCK',
      source: 'CLOCK',
      everyMs: this._everyMs,
      nextRunAt: this._at ?? now + (this._everyMs ?? 0),
    });
  }
}

export class SpreadsheetTriggerBuilder {
  private _type: TriggerRecord['eventType'] | null = null;
  constructor(
    private readonly _deps: ScriptAppDeps,
    private readonly _exec: ExecutionContext,
    private readonly _handler: string,
  ) {}
  onOpen(): SpreadsheetTriggerBuilder {
    this._type = 'ON_OPEN';
    return this;
  }
  onEdit(): SpreadsheetTriggerBuilder {
    this._type = 'ON_EDIT';
    return this;
  }
  onChange(): SpreadsheetTriggerBuilder {
    this._type = 'ON_CHANGE';
    return this;
  }
  onFormSubmit(): SpreadsheetTriggerBuilder {
    this._type = 'ON_FORM_SUBMIT';
    return this;
  }
  create(): Trigger {
    if (!this._type) throw new GasException('Invalid trigger: choose an event (onOpen, onEdit…).');
    return install(this._deps, this._exec, { handler: this._handler, eventType: this._type, source: 'SPREADSHEETS', everyMs: null, nextRunAt: null });
  }
}

export class StateTokenBuilder {
  private _method: string | null = null;
  private readonly _args: Record<string, string> = {};
  private _timeoutS = 60;
  constructor(
    private readonly _deps: ScriptAppDeps,
    private readonly _exec: ExecutionContext,
  ) {}
  withMethod(method: unknown): StateTokenBuilder {
    this._method = String(method);
    return this;
  }
  withArgument(name: unknown, value: unknown): StateTokenBuilder {
    this._args[String(name)] = String(value);
    return this;
  }
  withTimeout(seconds: unknown): StateTokenBuilder {
    const s = Number(seconds);
    if (!(s > 0) || s > 3600) throw new GasException('Invalid argument: seconds (max 3600)');
    this._timeoutS = s;
    return this;
  }
  createToken(): string {
    if (!this._method) throw new GasException('Invalid argument: a state token needs withMethod().');
    const token = `ADEpC8${crypto.randomBytes(48).toString('base64url')}`;
    this._deps.script.stateTokens.set(token, {
      method: this._method,
      args: { ...this._args },
      user: this._exec.user,
      expiresAt: this._deps.clock.now() + this._timeoutS * 1000,
    });
    return token;
  }
}
