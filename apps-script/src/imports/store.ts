import { documentId } from '../budget';
import type { SavedImport } from './types';

/**
 * Saved imports of this document, one user property each (a property holds at most 9 KB; one per import keeps
 * each small). User properties because the dispatcher trigger runs as this user, with this user's credential.
 */
function prefix(): string {
  return `pds.import.${documentId()}.`;
}

export function loadImports(): SavedImport[] {
  const props = PropertiesService.getUserProperties();
  const p = prefix();
  return props
    .getKeys()
    .filter((k) => k.startsWith(p))
    .map((k) => JSON.parse(props.getProperty(k) as string) as SavedImport)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export function loadImport(id: string): SavedImport | null {
  const raw = PropertiesService.getUserProperties().getProperty(prefix() + id);
  return raw ? (JSON.parse(raw) as SavedImport) : null;
}

export function saveImport(imp: SavedImport): void {
  PropertiesService.getUserProperties().setProperty(prefix() + imp.id, JSON.stringify(imp));
}

export function deleteImport(id: string): boolean {
  const had = loadImport(id) !== null;
  PropertiesService.getUserProperties().deleteProperty(prefix() + id);
  return had;
}
