import { documentId } from '../budget';
import type { SavedImport } from './types';
import { readJson, userProps, writeJson } from '../property-stores';

/**
 * Saved imports of this document, one user property each (a property holds at most 9 KB; one per import keeps
 * each small). User properties because the dispatcher trigger runs as this user, with this user's credential.
 */
function prefix(): string {
  return `pds.import.${documentId()}.`;
}

export function loadImports(): SavedImport[] {
  const props = userProps();
  const p = prefix();
  return props
    .getKeys()
    .filter((k) => k.startsWith(p))
    .map((k) => JSON.parse(props.getProperty(k) as string) as SavedImport)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export function loadImport(id: string): SavedImport | null {
  return readJson<SavedImport>(userProps(), prefix() + id);
}

export function saveImport(imp: SavedImport): void {
  writeJson(userProps(), prefix() + imp.id, imp);
}

export function deleteImport(id: string): boolean {
  const had = loadImport(id) !== null;
  userProps().deleteProperty(prefix() + id);
  return had;
}
