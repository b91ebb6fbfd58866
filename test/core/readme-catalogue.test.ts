import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, registry } from '../../shared/catalogue';
import { catalogueSection, catalogueTable } from '../../shared/catalogue/table';

describe('README operations table', () => {
  it('is exactly what the catalogue generates (run `npm run docs:catalogue` after changing an operation)', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    expect(catalogueSection(readme)).toBe(catalogueTable(catalogue));
  });

  it('has unique ids, and every path field appears in its path template', () => {
    const ids = catalogue.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of catalogue) for (const field of op.pathFields) expect(op.path).toContain(`{${field}}`);
  });

  it('covers every operation the spec and the public reference name', () => {
    const required = [
      'oauth.token',
      'oauth.tokenV1',
      'oauth.me',
      'contacts.search',
      'companies.search',
      'contacts.research',
      'contacts.pollResearch',
      'companies.research',
      'companies.pollResearch',
      'orgContacts.list',
      'orgCompanies.list',
      'campaigns.create',
      'campaigns.get',
      'campaigns.list',
      'campaigns.delete',
      'campaigns.action',
      'campaigns.addContacts',
      'campaigns.removeContacts',
      'emails.send',
      'emails.sendDraft',
      'lists.getAll',
      'lists.create',
      'lists.rename',
      'lists.delete',
      'savedSearches.list',
      'savedSearches.get',
      'savedSearches.create',
      'savedSearches.update',
      'savedSearches.delete',
      'contactStatuses.list',
      'credits.get',
    ];
    expect(ids()).toEqual(expect.arrayContaining(required));
    // The custom call is its own kind, not a catalogue operation, but the README table lists it for users.
    expect(catalogueTable(catalogue)).toContain('| `custom.call` | Custom API call | any v1/v2 path |');
  });
});

const ids = () => catalogue.map((op) => op.id);

describe('catalogue completeness', () => {
  it('lists every operation any catalogue file defines (files read from the folder, so a new file is covered too)', async () => {
    const dir = join(__dirname, '..', '..', 'shared', 'catalogue');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    const modules = await Promise.all(files.map((f) => import(join(dir, f))));
    const defined = modules
      .flatMap((m) => Object.values(m as Record<string, unknown>))
      .filter((v) => typeof v === 'object' && v !== null && 'id' in v && 'method' in v && 'path' in v);
    expect(new Set(defined).size).toBe(catalogue.length);
    for (const op of defined) expect(catalogue).toContain(op);
  });

  it("keys the registry by each operation's own id", () => {
    for (const [id, op] of Object.entries(registry)) expect(op.id).toBe(id);
  });
});
