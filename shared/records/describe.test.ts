import * as z from '../validation/zod';
import { describeRecordFields, valueAtPath } from './describe';
import { orgCompanyColumns, orgContactColumns } from './columns';
import { orgContactFieldGroups } from './org-contact';
import { sampleOrgContact } from './test-fixtures';

describe('describeRecordFields', () => {
  it('lists top-level names in order, nested objects flattened only on request', () => {
    const s = z.looseObject({ b: z.string(), a: z.optional(z.looseObject({ y: z.int(), x: z.int() })), c: z.array(z.string()) });
    expect(describeRecordFields(s)).toEqual(['b', 'a', 'c']);
    expect(describeRecordFields(s, { flatten: true })).toEqual(['b', 'a.y', 'a.x', 'c']);
  });

  it('orders org contact columns by spec group, locations flattened', () => {
    expect(orgContactColumns.slice(0, 4)).toEqual(['contactId', 'username', 'createdAt', 'updatedAt']);
    expect(orgContactColumns).toContain('contactLocation.city');
    expect(orgContactColumns).toContain('companyLocation.street1');
    expect(orgContactColumns).not.toContain('contactLocation');
    const at = (c: string) => orgContactColumns.indexOf(c);
    // identity < email < phones < company < person < location < history < links
    const firsts = ['contactId', 'email', 'contactPhone1', 'company', 'title', 'contactLocation.city', 'formerCompany', 'advertisingIntelligence'];
    expect(firsts.map(at)).toEqual([...firsts.map(at)].sort((x, y) => x - y));
    expect(orgContactColumns[orgContactColumns.length - 1]).toBe('encyclopediaUrl');
    const groups = Object.values(orgContactFieldGroups).flat().length - 2; // two location objects
    expect(orgContactColumns).toHaveLength(groups + 14 + 14);
  });

  it('gives org company columns with the flattened location', () => {
    expect(orgCompanyColumns[0]).toBe('companyId');
    expect(orgCompanyColumns).toContain('location.fullString');
  });

  it('reads values by column path', () => {
    expect(valueAtPath(sampleOrgContact, 'contactLocation.city')).toBe('Austin');
    expect(valueAtPath(sampleOrgContact, 'companyStaffCount')).toBe(250);
    expect(valueAtPath({}, 'contactLocation.city')).toBeUndefined();
  });
});
