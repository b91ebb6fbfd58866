/**
 * Session. In a custom function the active user is anonymous (getEmail() is ''), as Sheets runs custom functions
 * without the caller's identity; the effective user is then the spreadsheet owner.
 */
import * as crypto from 'node:crypto';
import type { ExecutionContext } from '../execution';

export class User {
  constructor(private readonly _email: string) {}
  getEmail(): string {
    return this._email;
  }
  toString(): string {
    return this._email;
  }
}

export class Session {
  constructor(
    private readonly _exec: ExecutionContext,
    private readonly _owner: string,
    private readonly _timeZone: string,
    private readonly _scriptId: string,
  ) {}
  getActiveUser(): User {
    return new User(this._exec.isCustomFunction ? '' : this._exec.user);
  }
  getEffectiveUser(): User {
    return new User(this._exec.isCustomFunction ? this._owner : this._exec.user);
  }
  /** Stable per (user, script), opaque, like the real 30-day key. */
  getTemporaryActiveUserKey(): string {
    if (this._exec.isCustomFunction) return '';
    return crypto.createHash('sha256').update(`${this._scriptId}|${this._exec.user}`).digest('base64url').slice(0, 43);
  }
  getScriptTimeZone(): string {
    return this._timeZone;
  }
  getActiveUserLocale(): string {
    return 'en';
  }
}
