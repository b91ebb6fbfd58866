/**
 * Every timer the sandbox sets goes through here, so close() can clear them all and no timer outlives
 * the server (webhook retries, MCP waitForResults, fault latency, the research wake-up).
 */
export class Timers {
  private readonly handles = new Set<NodeJS.Timeout>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  get size(): number {
    return this.handles.size;
  }

  set(fn: () => void, ms: number): NodeJS.Timeout | null {
    if (this.closed) return null;
    const handle = setTimeout(() => {
      this.handles.delete(handle);
      fn();
    }, Math.max(0, ms));
    this.handles.add(handle);
    return handle;
  }

  clear(handle: NodeJS.Timeout | null): void {
    if (!handle) return;
    clearTimeout(handle);
    this.handles.delete(handle);
  }

  /** A sleep that resolves early (with false) when the sandbox closes. */
  sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed) return resolve(false);
      const wake = () => {
        this.wakers.delete(wake);
        this.clear(handle);
        resolve(false);
      };
      const handle = this.set(() => {
        this.wakers.delete(wake);
        resolve(true);
      }, ms);
      this.wakers.add(wake);
    });
  }

  closeAll(): void {
    this.closed = true;
    for (const h of this.handles) clearTimeout(h);
    this.handles.clear();
    for (const wake of [...this.wakers]) wake();
  }
}
