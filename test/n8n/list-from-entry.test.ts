/** Issue 10: whether an operation answers a list, or changes a record, is its catalogue entry's to say, not a guess from its action's name. */
import { operation } from '../../shared';
import { isListOperation } from '../../n8n-nodes/nodes/Prospecting/description/derive';
import { derivedProperties } from '../../n8n-nodes/nodes/Prospecting/description/properties';
import { nodeProperties } from '../../n8n-nodes/nodes/Prospecting/description';

const names = (props: { name: string }[]) => props.map((p) => p.name);

describe('list operations come from the entry', () => {
  it('an entry that returns a list gets Return All / Limit whatever its action is called', () => {
    const op = { ...operation('campaigns.list'), id: 'campaigns.fetchEvery', action: 'fetchEvery' };
    expect(isListOperation(op)).toBe(true);
    expect(names(derivedProperties(op))).toEqual(expect.arrayContaining(['returnAll', 'limit']));
  });

  it('an entry that returns one record gets neither, even with a list-like action name', () => {
    const op = { ...operation('credits.get'), id: 'credits.list', action: 'list' };
    expect(isListOperation(op)).toBe(false);
    expect(names(derivedProperties(op))).not.toContain('returnAll');
  });
});

describe('update fields come from the entry', () => {
  it('an entry whose optional fields change a record shows them as Update Fields, whatever its action is called', () => {
    const op = { ...operation('savedSearches.update'), id: 'savedSearches.edit', action: 'edit' };
    expect(names(derivedProperties(op))).toContain('updateFields');
    expect(names(derivedProperties({ ...op, changesRecord: false }))).toContain('additionalFields');
  });
});

describe('research comes from the entry', () => {
  it('an entry that submits research gets the research fields only, none derived from its input, whatever its action is called', () => {
    const op = { ...operation('contacts.research'), id: 'contacts.enrich', action: 'enrich' };
    const own = nodeProperties([op]).filter((p) => p.displayOptions?.show?.operation?.includes('enrich'));
    expect(own).toEqual([]);
    expect(names(nodeProperties([{ ...op, submitsResearch: false }]).filter((p) => p.displayOptions?.show?.operation?.includes('enrich')))).toContain(
      'additionalFields',
    );
  });
});
