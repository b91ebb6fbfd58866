/** The two property stores the add-on keeps state in, and the JSON values it keeps there. */
type Properties = GoogleAppsScript.Properties.Properties;

/** This user's, in every document: the credential, settings, and state a trigger (run as this user) resumes. */
export function userProps(): Properties {
  return PropertiesService.getUserProperties();
}

/** The document's, shared by everyone editing it (no secret). */
export function docProps(): Properties {
  return PropertiesService.getDocumentProperties();
}

/** A stored JSON text's value; null when there is none or it is not JSON (a store may lose or cut an entry). */
export function parsed<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The JSON value saved under `key`, or null when there is none. */
export function readJson<T>(props: Properties, key: string): T | null {
  const raw = props.getProperty(key);
  return raw ? (JSON.parse(raw) as T) : null;
}

export function writeJson(props: Properties, key: string, value: unknown): void {
  props.setProperty(key, JSON.stringify(value));
}
