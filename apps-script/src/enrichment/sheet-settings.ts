import type { ResearchKind } from '../../../shared';
import { readCap } from './cap';
import { checkFields, DEFAULT_FIELDS } from './fields';
import { docProps, writeJson } from '../property-stores';
import { fail } from '../errors';

/**
 * How a sheet is enriched, remembered per sheet in document properties (shared by everyone editing the document;
 * no secret): the kind, the picked fields, overwrite, the run conditions and the automatic enrichment of new rows.
 */
export interface RunConditions {
  /** Only rows whose cell under this header is empty (e.g. `email`); '' for every row. */
  onlyEmptyColumn: string;
  /** Only rows with no status yet (never researched, or cancelled before sending). */
  onlyNotResearched: boolean;
  /** At most this many credits per run (each row sent may cost one); null for no cap. */
  maxCredits: number | null;
}

export interface SheetEnrichment extends RunConditions {
  kind: ResearchKind;
  fields: string[];
  overwrite: boolean;
  /** Automatic enrichment of new rows (rows without a row id: enrichment/new-rows.ts), run by `autoOwner`'s hourly trigger. */
  auto: boolean;
  autoOwner: string;
  /** 0 now. Versions before row ids saved the last row looked at here; the next run gives rows up to it ids. */
  watermark: number;
}

const PREFIX = 'pds.enrich.';
function keyOf(sheetId: number) {
  return `${PREFIX}${sheetId}`;
}

export function defaultEnrichment(kind: ResearchKind = 'contacts'): SheetEnrichment {
  return {
    kind,
    fields: [...DEFAULT_FIELDS[kind]],
    overwrite: false,
    onlyEmptyColumn: '',
    onlyNotResearched: true,
    maxCredits: null,
    auto: false,
    autoOwner: '',
    watermark: 0,
  };
}

export function loadEnrichment(sheetId: number): SheetEnrichment | null {
  const raw = docProps().getProperty(keyOf(sheetId));
  if (!raw) return null;
  try {
    return { ...defaultEnrichment(), ...(JSON.parse(raw) as Partial<SheetEnrichment>) };
  } catch {
    return null;
  }
}

export function saveEnrichment(sheetId: number, value: SheetEnrichment): void {
  writeJson(docProps(), keyOf(sheetId), value);
}

/** Every sheet id with saved enrichment settings. */
export function enrichedSheetIds(): number[] {
  return docProps()
    .getKeys()
    .filter((k) => k.startsWith(PREFIX))
    .map((k) => Number(k.slice(PREFIX.length)))
    .filter(Number.isInteger);
}

const bad = (field: string, rule: string): never => fail(`${field}: ${rule}. Nothing was sent.`);

export type GivenSettings = Pick<SheetEnrichment, 'kind' | 'fields' | 'overwrite'> & Omit<RunConditions, 'maxCredits'> & { maxCredits?: number | null };

/**
 * The settings part of a sidebar request, checked field by field (each error names the field and the rule).
 * `maxCredits` is left out when the request does not carry it, so the saved cap stays (cap.ts).
 */
export function readSettings(given: Record<string, unknown>): GivenSettings {
  const kind = given.kind ?? 'contacts';
  if (kind !== 'contacts' && kind !== 'companies') bad('kind', 'must be contacts or companies');
  const k = kind as ResearchKind;
  const fields = given.fields === undefined ? [...DEFAULT_FIELDS[k]] : checkFields(k, given.fields);
  const onlyEmptyColumn = given.onlyEmptyColumn ?? '';
  if (typeof onlyEmptyColumn !== 'string' || onlyEmptyColumn.length > 200) bad('onlyEmptyColumn', 'must be a column name (text)');
  const maxCredits = readCap(given.maxCredits);
  for (const flag of ['overwrite', 'onlyNotResearched'] as const)
    if (given[flag] !== undefined && typeof given[flag] !== 'boolean') bad(flag, 'must be true or false');
  return {
    kind: k,
    fields,
    overwrite: given.overwrite === true,
    onlyEmptyColumn: (onlyEmptyColumn as string).trim(),
    onlyNotResearched: given.onlyNotResearched !== false,
    ...(maxCredits === undefined ? {} : { maxCredits }),
  };
}
