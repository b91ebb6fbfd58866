/**
 * Sheets recalculating a column of custom-function cells: every cell is its own execution, at most
 * `simultaneousExecutionsPerUser` (30) side by side, each with the 30 s custom-function limit; a cell starts as
 * soon as another ends. Used to measure what a formula column costs (bench/lookup-storm.ts).
 */
import type { ExecutionResult, Harness } from './harness';

export interface CellCall {
  fn: string;
  args: unknown[];
}

export interface Recalculation {
  results: ExecutionResult[];
  /** From the first cell's start until the last cell settled (ms). */
  wallMs: number;
  /** Most executions seen running at once. */
  peakSimultaneous: number;
}

export async function recalculate(h: Harness, cells: readonly CellCall[], user?: string): Promise<Recalculation> {
  const results: ExecutionResult[] = new Array(cells.length);
  const width = h.limits.simultaneousExecutionsPerUser;
  let next = 0;
  let running = 0;
  let peak = 0;
  const started = Date.now();
  const lane = async (): Promise<void> => {
    while (next < cells.length) {
      const i = next++;
      running++;
      peak = Math.max(peak, running);
      results[i] = await h.execute({ kind: 'custom', fn: cells[i].fn, args: cells[i].args, user });
      running--;
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, cells.length) }, lane));
  return { results, wallMs: Date.now() - started, peakSimultaneous: peak };
}
