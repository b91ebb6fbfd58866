/**
 * What SpreadsheetApp calls cost on Google, charged to the execution that makes them: the harness does them in
 * memory in microseconds, so without this a script could write 37 M characters to a sheet in one run and no time
 * limit would see it. The charge is waited for real (harness.ts), so the 6-minute and 30 s limits, the add-on's own
 * run budget and the service's rate windows all see it, as they see Google's time.
 *
 * Calibrated on the one published measurement of write and flush costs we found (Stack Overflow, "What is faster:
 * ScriptDb or SpreadsheetApp?", answer by Mogsdad, mirrored at
 * https://ruby-bash.developreference.com/article/29263774/What+is+faster+ScriptDb+or+SpreadsheetApp): 400 rows of
 * 10 cells (5 short strings, 5 numbers) written by one setValues take under 50 ms, 610 ms with a flush() after it;
 * 400 setValues of one row each take 164 ms, almost 12 s with a flush() after each. Hence, per 10-cell row flushed:
 * ~30 ms; per cell committed: (610 − 50) / 4,000 ≈ 0.14 ms; per service call: 164 ms / 400 / 2 (getRange and
 * setValues) ≈ 0.2 ms. Google's "Optimizing Spreadsheet Operations" (Apps Script blog, 2010) says every read first
 * commits the pending writes: a read after a write pays the commit as flush() does.
 * Not published, so chosen and written down (docs/DECISIONS.md): the per-cell commit is split into 0.1 ms per cell
 * and 0.004 ms per character (the measured cells held about 10 characters), so a 45,000-character cell costs 180 ms;
 * reads cost a tenth of writes per cell and per character.
 */
export interface SheetCostModel {
  /** Every call on a SpreadsheetApp object (Spreadsheet, Sheet, Range, …). */
  callMs: number;
  /** Per cell written (setValues, setValue, appendRow, setFormulas, clear). */
  writeCellMs: number;
  /** Per character written. */
  writeCharMs: number;
  /** Per cell read (getValues, getDisplayValues, getFormulas). */
  readCellMs: number;
  /** Per character read. */
  readCharMs: number;
  /** A commit of pending writes: flush(), or the first read after a write. */
  commitMs: number;
}

export const PUBLISHED_SHEET_COSTS: SheetCostModel = {
  callMs: 0.2,
  writeCellMs: 0.1,
  writeCharMs: 0.004,
  readCellMs: 0.01,
  readCharMs: 0.0004,
  commitMs: 28.6,
};

/** Cells and characters of a value matrix, as Sheets stores them (a number or date counts its text). */
export function sizeOf(values: readonly (readonly unknown[])[]): { cells: number; chars: number } {
  let cells = 0;
  let chars = 0;
  for (const row of values)
    for (const v of row) {
      cells++;
      if (v !== null && v !== undefined && v !== '') chars += typeof v === 'string' ? v.length : String(v instanceof Date ? v.getTime() : v).length;
    }
  return { cells, chars };
}

/** One execution's bill: what it owes (ms not yet waited) and whether writes wait for a commit. */
export class SheetCostMeter {
  private owed = 0;
  private pendingWrites = false;
  /** Everything charged so far (ms), by what was paid for: `call`, `commit`, `write <sheet>`, `read <sheet>`. */
  readonly chargedFor: Record<string, number> = {};

  constructor(private readonly model: () => SheetCostModel | null) {}

  /** Everything charged so far (ms), for tests and benchmarks. */
  get chargedMs(): number {
    return Object.values(this.chargedFor).reduce((a, b) => a + b, 0);
  }

  private add(ms: number, what: string): void {
    this.owed += ms;
    this.chargedFor[what] = (this.chargedFor[what] ?? 0) + ms;
  }

  call(): void {
    const m = this.model();
    if (m) this.add(m.callMs, 'call');
  }

  write(cells: number, chars: number, sheet: string): void {
    const m = this.model();
    if (!m) return;
    this.add(cells * m.writeCellMs + chars * m.writeCharMs, `write ${sheet}`);
    this.pendingWrites = true;
  }

  read(cells: number, chars: number, sheet: string): void {
    const m = this.model();
    if (!m) return;
    this.commit();
    this.add(cells * m.readCellMs + chars * m.readCharMs, `read ${sheet}`);
  }

  /** flush(), or a read: pending writes are committed (nothing pending, nothing to pay). */
  commit(): void {
    const m = this.model();
    if (m && this.pendingWrites) this.add(m.commitMs, 'commit');
    this.pendingWrites = false;
  }

  /**
   * What is left to wait after a call whose serving already took `spentMs` of real time (the harness's own work
   * counts as Google's: it is not charged twice). Whole milliseconds; the fraction is kept for later.
   */
  takeOwed(spentMs: number): number {
    this.owed = Math.max(0, this.owed - spentMs);
    const ms = Math.floor(this.owed);
    this.owed -= ms;
    return ms;
  }
}
