import { makeSettings, settingsSchema, type Settings, validate } from '../../shared';
import { z } from 'zod';

/** Keys of the add-on's user properties. Secrets live only here (never document properties, cells or logs). */
export const KEYS = {
  settings: 'pds.settings',
  auth: 'pds.auth',
  oauthToken: 'pds.oauth.token',
} as const;

/** What the add-on adds to the core's settings: time budgets and cache lifetimes. */
const addOnSchema = z.object({
  /** Stop starting new work after this long in one execution (Apps Script cuts runs at 6 minutes). */
  runBudgetMs: z.number().int().min(1000).max(330000).default(270000),
  /** Custom function answers are cached this long (seconds, at most 6 hours: CacheService's cap). */
  cacheTtlS: z.number().int().min(1).max(21600).default(600),
  /** Default lookback window of the org reads and look-ups. */
  lookbackDays: z.number().int().min(1).max(3650).default(365),
});

export type AddOnSettings = Settings & z.output<typeof addOnSchema>;
export type AddOnSettingsInput = z.input<typeof settingsSchema> & z.input<typeof addOnSchema>;

/**
 * Apps Script's V8 has no `URL` class, and zod's `.url()` (used by the core's settings schema) needs it, so
 * the four addresses are checked here with a pattern and the rest goes through the core's schema.
 */
const URL_KEYS = ['baseUrlV1', 'baseUrlV2', 'authUrl', 'mcpUrl'] as const;
const httpUrl = z.string().trim().regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http(s) address such as https://api.example.com/v1');
const urlSchema = z.object(Object.fromEntries(URL_KEYS.map((k) => [k, httpUrl.optional()])) as Record<(typeof URL_KEYS)[number], z.ZodOptional<typeof httpUrl>>);
const combined = settingsSchema.omit({ baseUrlV1: true, baseUrlV2: true, authUrl: true, mcpUrl: true }).extend(addOnSchema.shape).extend(urlSchema.shape);

function readRaw(): Record<string, unknown> {
  const raw = PropertiesService.getUserProperties().getProperty(KEYS.settings);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Settings from user properties over the defaults (which point at the local sandbox, 127.0.0.1:8787). */
export function loadSettings(): AddOnSettings {
  const raw = readRaw();
  const plainKeys = Object.keys(settingsSchema.shape).filter((k) => !(URL_KEYS as readonly string[]).includes(k));
  const core = makeSettings(pick(raw, plainKeys));
  const urls = urlSchema.parse(pick(raw, [...URL_KEYS]));
  const addOn = addOnSchema.parse(pick(raw, Object.keys(addOnSchema.shape)));
  const chosen = Object.fromEntries(Object.entries(urls).filter(([, v]) => v !== undefined));
  return { ...core, ...chosen, ...addOn };
}

/** Validates (naming the field) and stores a partial change; returns the full settings. */
export function saveSettings(patch: Partial<AddOnSettingsInput>): AddOnSettings {
  const next = { ...readRaw(), ...patch };
  validate(combined, next, 'Settings');
  PropertiesService.getUserProperties().setProperty(KEYS.settings, JSON.stringify(next));
  return loadSettings();
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k];
  return out;
}
