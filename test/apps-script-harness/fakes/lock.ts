/**
 * LockService with real mutual exclusion across executions: executions run concurrently (each in its own worker),
 * and a lock wait is an asynchronous wait in the host, so a second execution really blocks until the first releases
 * or its timeout passes. Locks are re-entrant within one execution and released when the execution ends.
 */
import type { ExecutionContext } from '../execution';
import { GasException } from '../errors';

interface Waiter {
  scope: string;
  execId: number;
  grant: () => void;
}

export class LockManager {
  /** scope ("script", "document", "user:<email>") → id of the holding execution. */
  readonly holders = new Map<string, number>();
  private waiters: Waiter[] = [];

  acquire(scope: string, execId: number, timeoutMs: number): Promise<boolean> {
    const holder = this.holders.get(scope);
    if (holder === undefined || holder === execId) {
      this.holders.set(scope, execId);
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        scope,
        execId,
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(
        () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(false);
        },
        Math.max(0, timeoutMs),
      );
      timer.unref();
      this.waiters.push(waiter);
    });
  }

  release(scope: string, execId: number): void {
    if (this.holders.get(scope) !== execId) return;
    this.holders.delete(scope);
    const next = this.waiters.find((w) => w.scope === scope);
    if (next) {
      this.waiters = this.waiters.filter((w) => w !== next);
      this.holders.set(scope, next.execId);
      next.grant();
    }
  }

  /** At the end of an execution: drop its waits and release what it still holds. */
  endExecution(execId: number): void {
    this.waiters = this.waiters.filter((w) => w.execId !== execId);
    for (const [scope, holder] of [...this.holders]) if (holder === execId) this.release(scope, execId);
  }
}

export class LockService {
  constructor(
    private readonly _locks: LockManager,
    private readonly _exec: ExecutionContext,
  ) {}
  getScriptLock(): Lock {
    return new Lock(this._locks, this._exec, 'script');
  }
  getDocumentLock(): Lock {
    return new Lock(this._locks, this._exec, 'document');
  }
  getUserLock(): Lock {
    return new Lock(this._locks, this._exec, `user:${this._exec.user}`);
  }
}

export class Lock {
  private _held = false;
  constructor(
    private readonly _locks: LockManager,
    private readonly _exec: ExecutionContext,
    private readonly _scope: string,
  ) {}

  private _timeout(ms: unknown): number {
    const n = Number(ms);
    if (!Number.isFinite(n) || n < 0) throw new GasException('Invalid argument: timeoutInMillis');
    return n;
  }

  async tryLock(timeoutInMillis: unknown): Promise<boolean> {
    this._held = await this._locks.acquire(this._scope, this._exec.id, this._timeout(timeoutInMillis));
    return this._held;
  }
  async waitLock(timeoutInMillis: unknown): Promise<void> {
    this._held = await this._locks.acquire(this._scope, this._exec.id, this._timeout(timeoutInMillis));
    if (!this._held) throw new GasException('Lock timeout: another process was holding the lock for too long.');
  }
  releaseLock(): void {
    if (this._held) this._locks.release(this._scope, this._exec.id);
    this._held = false;
  }
  hasLock(): boolean {
    return this._held && this._locks.holders.get(this._scope) === this._exec.id;
  }
}
