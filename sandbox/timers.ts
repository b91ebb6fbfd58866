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
    const handle = setTimeout(
      () => {
        this.handles.delete(handle);
        fn();
      },
      Math.max(0, ms),
    );
    this.handles.add(handle);
    return handle;
  }

  clear(handle: NodeJS.Timeout | null): void {
    if (!handle) return;
    clearTimeout(handle);
    this.handles.delete(handle);
  }

  /**
   * A sleep that resolves early (with false) when the sandbox closes or `signal` aborts (a client that
   * went away during injected latency: its timer is cleared at once, nothing waits on for it).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.closed || signal?.aborted) return resolve(false);
      const wake = () => {
        this.wakers.delete(wake);
        signal?.removeEventListener('abort', wake);
        this.clear(handle);
        resolve(false);
      };
      const handle = this.set(() => {
        this.wakers.delete(wake);
        signal?.removeEventListener('abort', wake);
        resolve(true);
      }, ms);
      this.wakers.add(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }

  closeAll(): void {
    this.closed = true;
    for (const h of this.handles) clearTimeout(h);
    this.handles.clear();
    for (const wake of [...this.wakers]) wake();
  }
}
