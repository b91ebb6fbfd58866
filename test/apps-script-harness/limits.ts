import { PUBLISHED_SHEET_COSTS, type SheetCostModel } from './sheet-cost';

/**
 * Apps Script quotas and limits (consumer account values from the Apps Script quotas page). Every one is
 * overridable per harness so a test can hit it cheaply (e.g. a 2 s execution limit, a quota of 3 fetches).
 */
export interface Limits {
  /** Custom function runtime: 30 s per call. */
  customFunctionMs: number;
  /** Script runtime: 6 min per execution (run(), triggers, callbacks). */
  executionMs: number;
  /** URL Fetch calls: 20,000 / day / user (consumer). */
  urlFetchCallsPerDay: number;
  /** URL Fetch response size: 50 MB / call. */
  urlFetchResponseBytes: number;
  /** URL Fetch POST size: 50 MB / call. */
  urlFetchPayloadBytes: number;
  /** URL Fetch URL length: 2 KB / call. */
  urlFetchUrlLength: number;
  /** Per-request timeout of the fetch service (undocumented; 60 s observed). */
  urlFetchTimeoutMs: number;
  /** Request headers: 100 / call. */
  urlFetchHeaderCount: number;
  /** Properties value size: 9 KB / value. */
  propertyValueBytes: number;
  /** Properties total storage: 500 KB / property store. */
  propertyStoreBytes: number;
  /** Properties read/write: 50,000 / day / user. */
  propertyCallsPerDay: number;
  /** Cache key length 250 chars, value 100 KB, default TTL 600 s, max TTL 21600 s, 1000 items per cache. */
  cacheKeyLength: number;
  cacheValueBytes: number;
  cacheDefaultTtlS: number;
  cacheMaxTtlS: number;
  cacheMaxItems: number;
  /** Spreadsheet: 10,000,000 cells per spreadsheet, 50,000 characters per cell. */
  spreadsheetCells: number;
  cellCharacters: number;
  /** Triggers: 20 / user / script. */
  triggersPerUser: number;
  /** Utilities.sleep argument max (5 min). */
  sleepMaxMs: number;
  /** Simultaneous executions: 30 / user. */
  simultaneousExecutionsPerUser: number;
  /** Triggers total runtime: 90 min / user / day (consumer). */
  triggerRuntimeMsPerDay: number;
  /**
   * Heap one execution may hold (MB, its own live objects above the worker's start): Google publishes no figure;
   * 128 is our conservative choice (docs/DECISIONS.md). Past it the execution fails with EXCEEDED_MEMORY. 0: off.
   */
  heapCeilingMb: number;
  /** What SpreadsheetApp calls cost, waited for by the execution (sheet-cost.ts). null: free, as before. */
  sheetCosts: SheetCostModel | null;
}

export const DEFAULT_LIMITS: Limits = {
  customFunctionMs: 30_000,
  executionMs: 6 * 60_000,
  urlFetchCallsPerDay: 20_000,
  urlFetchResponseBytes: 50 * 1024 * 1024,
  urlFetchPayloadBytes: 50 * 1024 * 1024,
  urlFetchUrlLength: 2 * 1024,
  urlFetchTimeoutMs: 60_000,
  urlFetchHeaderCount: 100,
  propertyValueBytes: 9 * 1024,
  propertyStoreBytes: 500 * 1024,
  propertyCallsPerDay: 50_000,
  cacheKeyLength: 250,
  cacheValueBytes: 100 * 1024,
  cacheDefaultTtlS: 600,
  cacheMaxTtlS: 21_600,
  cacheMaxItems: 1000,
  spreadsheetCells: 10_000_000,
  cellCharacters: 50_000,
  triggersPerUser: 20,
  sleepMaxMs: 300_000,
  simultaneousExecutionsPerUser: 30,
  triggerRuntimeMsPerDay: 90 * 60_000,
  heapCeilingMb: 128,
  sheetCosts: PUBLISHED_SHEET_COSTS,
};

/** The switch that turns both off (`limits: NOT_STRICT`): a heap without ceiling and sheet calls that cost nothing. */
export const NOT_STRICT: Pick<Limits, 'heapCeilingMb' | 'sheetCosts'> = { heapCeilingMb: 0, sheetCosts: null };

export const EXCEEDED_TIME = 'Exceeded maximum execution time';
/** What Apps Script says when a script holds more memory than it allows. */
export const EXCEEDED_MEMORY = 'Exceeded memory limit.';
