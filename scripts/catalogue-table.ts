/** Writes the operations table into README.md from the catalogue: `npm run docs:catalogue`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue } from '../shared/catalogue';
import { catalogueTable, withCatalogueTable } from '../shared/catalogue/table';

const path = join(__dirname, '..', 'README.md');
writeFileSync(path, withCatalogueTable(readFileSync(path, 'utf8'), catalogueTable(catalogue)));
console.log(`README.md: ${catalogue.length} operations`);
