import { makeSettings, settingsSchema, type Settings, validate } from '../../shared';
import * as z from '../../shared/validation/zod';
import { lazySchema } from '../../shared/validation/lazy-schema';
import { parsed } from './property-stores';
import { setUserProperty, userProperty } from './user-props';

/** Keys of the add-on's user properties. Secrets live only here (never document properties, cells or logs). */
export const KEYS = {
  settings: 'pds.settings',
  auth: 'pds.auth',
  oauthToken: 'pds.oauth.token',
} as const;

/** A whole number from `min` to `max`, `fallback` when not set. */
function whole(min: number, max: number, fallback: number) {
  return z._default(z.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);
}

/** What the add-on adds to the core's settings: time budgets and cache lifetimes. */
const addOnSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Stop starting new work after this long in one execution (Apps Script cuts runs at 6 minutes). */
    runBudgetMs: whole(1000, 330000, 270000),
    /** Custom function answers are cached this long (seconds, at most 6 hours: CacheService's cap). */
    cacheTtlS: whole(1, 21600, 600),
    /** Default lookback window of the org reads and look-ups. */
    lookbackDays: whole(1, 3650, 365),
  }),
);

export type AddOnSettings = Settings & z.output<typeof addOnSchema>;
export type AddOnSettingsInput = z.input<typeof settingsSchema> & z.input<typeof addOnSchema>;

// One object of both shapes, as z.extend would build it (both are plain z.object with no checks); z.extend would keep
// zod's whole extend helper and its messages in Code.js (issue 32, bytes).
const combined = /* @__PURE__ */ lazySchema(() => z.object({ ...settingsSchema.shape, ...addOnSchema.shape }));

function readRaw(): Record<string, unknown> {
  const stored = parsed<unknown>(userProperty(KEYS.settings));
  return stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
}

/** Settings from user properties over the defaults (which point at the local sandbox, 127.0.0.1:8787). */
export function loadSettings(): AddOnSettings {
  const raw = readRaw();
  const core = makeSettings(pick(raw, Object.keys(settingsSchema.shape)));
  const addOn = addOnSchema.parse(pick(raw, Object.keys(addOnSchema.shape)));
  return { ...core, ...addOn };
}

/** Validates (naming the field) and stores a partial change; returns the full settings. */
export function saveSettings(patch: Partial<AddOnSettingsInput>): AddOnSettings {
  const next = { ...readRaw(), ...patch };
  validate(combined, next, 'Settings');
  setUserProperty(KEYS.settings, JSON.stringify(next));
  return loadSettings();
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k];
  return out;
}
