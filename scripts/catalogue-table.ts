/** Writes the operations table into README.md from the catalogue: `npm run docs:catalogue`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, type AnyOperation } from '../shared/catalogue';
import { catalogueTable, withCatalogueTable } from '../shared/catalogue/table';

export const README_PATH = join(__dirname, '..', 'README.md');

/**
 * Rewrites the generated table of a README file from a list of operations (today's catalogue unless a test
 * passes another list). Returns how many operations the table lists.
 */
export function writeCatalogueTable(path: string = README_PATH, ops: readonly AnyOperation[] = catalogue): number {
  writeFileSync(path, withCatalogueTable(readFileSync(path, 'utf8'), catalogueTable(ops)));
  return ops.length;
}

if (require.main === module) console.log(`README.md: ${writeCatalogueTable()} operations`);
