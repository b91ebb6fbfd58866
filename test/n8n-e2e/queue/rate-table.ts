import type { RateLogRow } from '../../../sandbox/admin';

/** The sandbox's rate-limit log (GET /__admin/rate-limits/log) as a table: requests and 429s per window and endpoint. */
export type WindowRow = RateLogRow;

/** One line per window and endpoint (time from `startedAt`), then per-endpoint totals. */
export function rateTable(rows: WindowRow[], startedAt: number): string {
  const sorted = [...rows].sort((a, b) => a.windowStart.localeCompare(b.windowStart) || a.endpoint.localeCompare(b.endpoint));
  const width = Math.max(8, ...sorted.map((r) => r.endpoint.length));
  const lines = [`${'window (s)'.padEnd(11)}${'endpoint'.padEnd(width + 2)}limit  requests  429s`];
  for (const r of sorted) {
    const at = ((Date.parse(r.windowStart) - startedAt) / 1000).toFixed(0);
    const counts = `${String(r.limit).padStart(5)}  ${String(r.allowed + r.refused).padStart(8)}  ${String(r.refused).padStart(4)}`;
    lines.push(`${`+${at}`.padEnd(11)}${r.endpoint.padEnd(width + 2)}${counts}`);
  }
  lines.push('totals:');
  for (const endpoint of [...new Set(sorted.map((r) => r.endpoint))]) {
    const mine = sorted.filter((r) => r.endpoint === endpoint);
    const allowed = mine.reduce((n, r) => n + r.allowed, 0);
    const refused = mine.reduce((n, r) => n + r.refused, 0);
    const over = mine.filter((r) => r.allowed > r.limit).length;
    lines.push(
      `  ${endpoint}: ${mine.length} windows, ${allowed + refused} requests, ${allowed} answered, ${refused} 429s ` +
        `(${((100 * refused) / Math.max(1, allowed + refused)).toFixed(0)}%), windows over the limit: ${over}`,
    );
  }
  return lines.join('\n');
}
