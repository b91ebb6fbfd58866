// defineOperation derives what each operation used to write out (shared/catalogue/types.ts): the path fields from the
// path's {placeholders}, the result (the answer's data) unless given, the id from resource and action.
import { catalogue } from '../../shared/catalogue';
import { dataOf } from '../../shared/catalogue/types';

describe('the catalogue: fields derived by defineOperation', () => {
  it('names every {placeholder} of a path, in order, as its path fields (and nothing else)', () => {
    for (const op of catalogue) {
      const placeholders = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect({ id: op.id, pathFields: [...op.pathFields] }).toEqual({ id: op.id, pathFields: placeholders });
    }
  });

  it("reads the answer's data unless the operation says otherwise; a delete (action delete) returns the answer whole", () => {
    const deletes = catalogue.filter((op) => op.action === 'delete');
    expect(deletes.length).toBeGreaterThan(3);
    for (const op of deletes) expect({ id: op.id, whole: op.result({ success: true } as never) }).toEqual({ id: op.id, whole: { success: true } });
    expect(catalogue.filter((op) => op.result === dataOf).length).toBeGreaterThan(catalogue.length / 2);
  });
});
