/**
 * Request counts per endpoint and status, for the admin API and the benchmark's accounting check.
 * `dropped`: the sandbox cut the connection (injected fault); `abandoned`: the client closed it before
 * the answer (for example during injected latency); `lostAnswer`: the service acted, then the
 * connection was cut (injected fault). `inFlight` counts requests begun and not yet ended.
 */
export type RecordedStatus = number | 'dropped' | 'abandoned' | 'lostAnswer';

export class Stats {
  private readonly counts = new Map<string, Map<string, number>>();
  total = 0;
  inFlight = 0;

  record(endpoint: string, status: RecordedStatus): void {
    let byStatus = this.counts.get(endpoint);
    if (!byStatus) {
      byStatus = new Map();
      this.counts.set(endpoint, byStatus);
    }
    const key = String(status);
    byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    this.total++;
  }

  snapshot(): { total: number; counts: Record<string, Record<string, number>> } {
    const counts: Record<string, Record<string, number>> = {};
    for (const [endpoint, byStatus] of this.counts) counts[endpoint] = Object.fromEntries(byStatus);
    return { total: this.total, counts };
  }

  reset(): void {
    this.counts.clear();
    this.total = 0;
  }
}
